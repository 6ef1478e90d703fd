import type { Campaign } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { CampaignDialog } from './campaign.dialog';
import { useCampaignList, useDeleteCampaign } from './campaigns.api';
import { campaignLists } from './campaigns.keys';
import { useCampaignsRealtime } from './campaigns.realtime';
import { CampaignsTable } from './campaigns-table';

type Editing = { campaign: Campaign | null } | null;

export function CampaignsPage() {
  const { t } = useTranslation();
  useCampaignsRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useCampaignList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const deleteCampaign = useDeleteCampaign();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteCampaign.mutate(deleting.id, {
      onSuccess: () => toast.success(t('campaigns.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('campaigns.list.title')}>
        <SearchField label={t('campaigns.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('campaigns.list.add')} onClick={() => setEditing({ campaign: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <CampaignsTable
          campaigns={campaignLists.flatten(list.data)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(campaign) => setEditing({ campaign })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <CampaignDialog campaign={editing.campaign} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('campaigns.list.deleteTitle', { name: deleting.name })}
          message={t('campaigns.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteCampaign.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
