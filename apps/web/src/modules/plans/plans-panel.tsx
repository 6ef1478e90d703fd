import type { PlanAdmin } from '@balcao/shared';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PagedTable } from '../../shared/ui/paged-table';
import { PlanDialog } from './plan.dialog';
import { PlanRow } from './plan-row';
import { useDeletePlan, usePlanList } from './plans.api';
import { planLists } from './plans.cache';

type Editing = { plan: PlanAdmin | null } | null;

/** The settings' Planos tab (spec 001 §2), the super user's alone. */
export function PlansPanel({ header }: { header: (tools: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = usePlanList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlanAdmin | null>(null);
  const deletePlan = useDeletePlan();

  const confirmDelete = () => {
    if (!deleting) return;
    deletePlan.mutate(deleting.id, {
      onSuccess: () => toast.success(t('plans.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {header(
        <>
          <SearchField label={t('plans.list.search')} value={search} onChange={setSearch} />
          <AddButton label={t('plans.list.add')} onClick={() => setEditing({ plan: null })} />
        </>,
      )}
      <ScrollPanel loadMore={loadMore}>
        <PagedTable
          texts="plans.list"
          emptyIcon={<WorkspacePremiumOutlinedIcon />}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          columns={[
            { label: t('plans.list.name') },
            { label: t('plans.fields.users'), align: 'center' },
            { label: t('plans.fields.connections'), align: 'center' },
            { label: t('plans.fields.queues'), align: 'center', hideBelow: 'sm' },
            { label: t('plans.fields.amount') },
            { label: t('plans.list.public'), hideBelow: 'sm' },
            { label: t('plans.list.features'), hideBelow: 'xl' },
            { label: t('plans.list.companies'), align: 'center', hideBelow: 'md' },
            { label: t('plans.list.actions'), align: 'right' },
          ]}
          rows={planLists.flatten(list.data)}
          renderRow={(plan) => (
            <PlanRow plan={plan} onEdit={(p) => setEditing({ plan: p })} onDelete={setDeleting} />
          )}
        />
      </ScrollPanel>
      {editing && <PlanDialog plan={editing.plan} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('plans.list.deleteTitle', { name: deleting.name })}
          message={t('plans.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deletePlan.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
