import type { Chat } from '@balcao/shared';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useLoadMoreOnScroll } from '../../shared/hooks/use-load-more-on-scroll';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { SearchField } from '../../shared/ui/list-tools';
import { ChatDialog } from './chat.dialog';
import { useChatList, useDeleteChat } from './chats.api';
import { myCounts } from './chats.cache';

type Editing = { chat: Chat | null } | null;

/** The user's chats, searched on the server, with their unread counts; the owner edits and deletes. */
export function ChatList({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useChatList(searchParam);
  const loadMore = useLoadMoreOnScroll<HTMLDivElement>(list);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  const deleteChat = useDeleteChat();
  const seen = new Set<number>();
  const chats = (list.data?.pages ?? [])
    .flatMap((page) => page.records)
    .filter((chat) => !seen.has(chat.id) && seen.add(chat.id));

  const confirmDelete = () => {
    if (!deleting) return;
    deleteChat.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('chats.list.deleted'));
        if (deleting.uuid === selectedUuid) navigate('/chats');
      },
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0, '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField label={t('chats.list.search')} value={search} onChange={setSearch} />
        </Box>
        <Tooltip title={t('chats.list.add')}>
          <IconButton
            color="primary"
            aria-label={t('chats.list.add')}
            onClick={() => setEditing({ chat: null })}
          >
            <AddCommentOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box ref={loadMore.ref} onScroll={loadMore.onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {list.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </Box>
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <Typography variant="body2" color="error">
              {t('chats.list.loadError')}
            </Typography>
            <Button onClick={() => void list.refetch()}>{t('common.actions.retry')}</Button>
          </Box>
        ) : chats.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {searchParam ? t('chats.list.noMatch') : t('chats.list.empty')}
          </Typography>
        ) : (
          <List disablePadding aria-label={t('chats.list.label')}>
            {chats.map((chat) => {
              const { unreads } = myCounts(chat, me.id);
              const owner = chat.ownerId === me.id;
              return (
                <ListItem
                  key={chat.id}
                  disablePadding
                  divider
                  secondaryAction={
                    owner && (
                      <>
                        <IconButton
                          size="small"
                          aria-label={t('chats.list.edit', { title: chat.title })}
                          onClick={() => setEditing({ chat })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('chats.list.delete', { title: chat.title })}
                          onClick={() => setDeleting(chat)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </>
                    )
                  }
                  sx={{ '& .MuiListItemButton-root': { pr: owner ? 11 : 2 } }}
                >
                  <ListItemButton
                    selected={chat.uuid === selectedUuid}
                    onClick={() => navigate(`/chats/${chat.uuid}`)}
                  >
                    <ListItemText
                      primary={chat.title}
                      secondary={chat.lastMessage || t('chats.list.noMessages')}
                      slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    />
                    <Badge
                      badgeContent={unreads}
                      color="error"
                      invisible={unreads === 0}
                      max={99}
                      aria-label={t('chats.list.unread', { count: unreads })}
                      sx={{ ml: 2, mr: 1 }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
            {list.isFetchingNextPage && (
              <Box sx={{ display: 'grid', placeItems: 'center', p: 1 }}>
                <CircularProgress size={20} />
              </Box>
            )}
          </List>
        )}
      </Box>
      {editing && <ChatDialog chat={editing.chat} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('chats.list.deleteTitle', { title: deleting.title })}
          message={t('chats.list.deleteMessage')}
          confirmLabel={t('common.actions.delete')}
          busy={deleteChat.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
