import type { QuickMessage } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { AddButton, ScrollPanel, SearchField } from '../../shared/ui/list-tools';
import { PageHeader } from '../../shared/ui/page-header';
import { QuickMessageDialog } from './quick-message.dialog';
import { canChangeQuickMessage } from './quick-message-rules';
import { useDeleteQuickMessage, useQuickMessageList } from './quick-messages.api';
import { quickMessageLists } from './quick-messages.cache';
import { useQuickMessagesRealtime } from './quick-messages.realtime';
import { QuickMessagesTable } from './quick-messages-table';

type Editing = { record: QuickMessage | null } | null;

export function QuickMessagesPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  useQuickMessagesRealtime();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const list = useQuickMessageList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const deleteQuickMessage = useDeleteQuickMessage();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteQuickMessage.mutate(deleting.id, {
      onSuccess: () => toast.success(t('quickMessages.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('quickMessages.list.title')}>
        <SearchField label={t('quickMessages.list.search')} value={search} onChange={setSearch} />
        <AddButton label={t('quickMessages.list.add')} onClick={() => setEditing({ record: null })} />
      </PageHeader>
      <ScrollPanel loadMore={loadMore}>
        <QuickMessagesTable
          records={quickMessageLists.flatten(list.data)}
          canChange={(record) => canChangeQuickMessage(me, record)}
          isLoading={list.isPending}
          error={list.error}
          isFetchingNextPage={list.isFetchingNextPage}
          searching={searchParam !== ''}
          onRetry={() => void list.refetch()}
          onEdit={(record) => setEditing({ record })}
          onDelete={setDeleting}
        />
      </ScrollPanel>
      {editing && <QuickMessageDialog record={editing.record} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('quickMessages.list.deleteTitle', { name: deleting.shortcode })}
          message={t('quickMessages.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteQuickMessage.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
