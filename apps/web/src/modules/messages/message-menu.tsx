import type { Channel, Message } from '@balcao/shared';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { MessageEditDialog } from './message-edit.dialog';
import { canDelete, canEdit, canForward, canReply } from './messages.actions';
import { useDeleteMessage } from './messages.api';
import { chatSelection } from './messages.selection';

type Open = 'menu' | 'edit' | 'delete' | null;

/** Reply and forward for everyone; edit and delete only where the server will accept them. */
export function MessageMenu({ message, channel }: { message: Message; channel: Channel }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  // Read when the menu opens, so an item past the 15 minutes is not offered from a stale render.
  const [openedAt, setOpenedAt] = useState(0);
  const remove = useDeleteMessage();

  const items = [
    canReply(message) && { key: 'reply', run: () => chatSelection.reply(message) },
    canForward(message) && { key: 'forward', run: () => chatSelection.start(message) },
    canEdit(message, user.id, openedAt, channel) && { key: 'edit', run: () => setOpen('edit') },
    canDelete(message, user.id, channel) && { key: 'delete', run: () => setOpen('delete') },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;

  const close = () => {
    setAnchor(null);
    setOpen((current) => (current === 'menu' ? null : current));
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('messages.actions.menu')}
        onClick={(event) => {
          setOpenedAt(Date.now());
          setAnchor(event.currentTarget);
          setOpen('menu');
        }}
        sx={{ p: 0.25 }}
      >
        <MoreVertIcon sx={{ fontSize: 16 }} />
      </IconButton>
      <Menu anchorEl={anchor} open={open === 'menu'} onClose={close}>
        {items.map((item) => (
          <MenuItem
            key={item.key}
            onClick={() => {
              setAnchor(null);
              setOpen(null);
              item.run();
            }}
          >
            {t(`messages.actions.${item.key}`)}
          </MenuItem>
        ))}
      </Menu>
      {open === 'edit' && <MessageEditDialog message={message} onClose={() => setOpen(null)} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('messages.actions.deleteTitle')}
          message={t('messages.actions.deleteConfirm')}
          confirmLabel={t('messages.actions.delete')}
          busy={remove.isPending}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            remove.mutate(message.id, {
              onSuccess: () => setOpen(null),
              onError: (error) => toast.apiError(error),
            })
          }
        />
      )}
    </>
  );
}
