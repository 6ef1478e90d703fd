import { type Channel, type Connection, can } from '@balcao/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { PageHeader } from '../../shared/ui/page-header';
import { ConnectionDialog } from './connection.dialog';
import { ConnectionDeleteDialog } from './connection-delete.dialog';
import { ConnectionHistoryDialog } from './connection-history.dialog';
import { useConnections, useDeleteConnection } from './connections.api';
import { useConnectionsRealtime } from './connections.realtime';
import { ConnectionsTable } from './connections-table';
import { EmbedDialog } from './embed.dialog';
import { FacebookConnectDialog } from './facebook-connect.dialog';
import { NewConnectionMenu } from './new-connection.menu';

type Editing = { connection: Connection | null; channel: Channel } | null;

export function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canManage = can(user, 'connections:manage');
  const plan = user.company.plan;
  useConnectionsRealtime();
  const list = useConnections();
  const [editing, setEditing] = useState<Editing>(null);
  const [embedding, setEmbedding] = useState<Connection | null>(null);
  const [facebookLogin, setFacebookLogin] = useState(false);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [history, setHistory] = useState<Connection | null>(null);
  const deleteConnection = useDeleteConnection();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteConnection.mutate(deleting, {
      onSuccess: () => toast.success(t('connections.list.deleted')),
      onError: (error) => toast.apiError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader title={t('connections.list.title')}>
        {canManage && (
          <NewConnectionMenu
            onPick={(channel) => setEditing({ connection: null, channel })}
            onFacebookLogin={() => setFacebookLogin(true)}
            used={list.data?.length}
          />
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <ConnectionsTable
          connections={list.data}
          isLoading={list.isPending}
          error={list.error}
          canManage={canManage}
          onRetry={() => void list.refetch()}
          onEmbed={setEmbedding}
          onEdit={(connection) => setEditing({ connection, channel: connection.channel })}
          onDelete={setDeleting}
          onHistory={setHistory}
        />
      </Paper>
      {editing && (
        <ConnectionDialog
          connection={editing.connection}
          channel={editing.channel}
          onClose={() => setEditing(null)}
        />
      )}
      {embedding && <EmbedDialog connection={embedding} onClose={() => setEmbedding(null)} />}
      {facebookLogin && (
        <FacebookConnectDialog
          room={list.data ? Math.max(0, plan.connections - list.data.length) : null}
          onClose={() => setFacebookLogin(false)}
        />
      )}
      {history && <ConnectionHistoryDialog connection={history} onClose={() => setHistory(null)} />}
      {deleting && (
        <ConnectionDeleteDialog
          connection={deleting}
          busy={deleteConnection.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
