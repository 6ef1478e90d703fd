import type { Channel, Connection } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';

/** What deleting does beyond the connection itself, where the channel has something to say. */
const MESSAGES = {
  whatsapp: 'connections.list.deleteMessageWhatsapp',
  whatsappapi: 'connections.list.deleteMessage',
  facebook: 'connections.list.deleteMessage',
  instagram: 'connections.list.deleteMessage',
  webchat: 'connections.list.deleteMessageWebchat',
} as const satisfies Record<Channel, string>;

export function ConnectionDeleteDialog({
  connection,
  busy,
  onConfirm,
  onClose,
}: {
  connection: Connection;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('connections.list.deleteTitle', { name: connection.name })}
      message={t(MESSAGES[connection.channel])}
      confirmLabel={t('common.actions.delete')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
