import type { QuickMessage } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
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
        <TextField
          type="search"
          placeholder={t('quickMessages.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { sm: 260 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('quickMessages.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          onClick={() => setEditing({ record: null })}
          aria-label={t('quickMessages.list.add')}
          sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <AddIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('quickMessages.list.add')}
          </Box>
        </Button>
      </PageHeader>
      <Paper
        variant="outlined"
        ref={loadMore.ref}
        onScroll={loadMore.onScroll}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      >
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
      </Paper>
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
