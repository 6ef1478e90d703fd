import type { Integration } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { IntegrationDialog } from './integration.dialog';
import { useDeleteIntegration, useIntegrationList } from './integrations.api';
import { integrationLists } from './integrations.cache';
import { useIntegrationsRealtime } from './integrations.realtime';
import { IntegrationsTable } from './integrations-table';

type Editing = { integration: Integration | null } | null;

export function IntegrationsPage() {
  const { t } = useTranslation();
  useIntegrationsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useIntegrationList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const deleteIntegration = useDeleteIntegration();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteIntegration.mutate(deleting.id, {
      onSuccess: () => toast.success(t('integrations.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('integrations.list.title')}>
        <SearchField label={t('integrations.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('integrations.list.add')} onClick={() => setEditing({ integration: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <IntegrationsTable
          integrations={integrationLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(integration) => setEditing({ integration })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <IntegrationDialog integration={editing.integration} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('integrations.list.deleteTitle', { name: deleting.name })}
          message={t('integrations.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteIntegration.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
