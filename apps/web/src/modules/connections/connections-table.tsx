import type { Connection } from '@balcao/shared';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow, pinnedActions } from '../../shared/ui/responsive';
import { TableBodyContent } from '../../shared/ui/table-body-content';
import { type ConnectionActions, ConnectionRow } from './connection-row';

interface Props extends ConnectionActions {
  connections: Connection[] | undefined;
  isLoading: boolean;
  error: unknown;
  canManage: boolean;
  onRetry: () => void;
}

export function ConnectionsTable({ connections, isLoading, error, canManage, onRetry, ...actions }: Props) {
  const { t } = useTranslation();
  const columns = canManage ? 7 : 5;

  return (
    <Table stickyHeader size="small" aria-busy={isLoading} sx={pinnedActions}>
      <TableHead>
        <TableRow>
          <TableCell>{t('connections.list.channel')}</TableCell>
          <TableCell>{t('connections.list.name')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('connections.list.status')}</TableCell>
          {canManage && <TableCell sx={hideBelow('sm')}>{t('connections.list.session')}</TableCell>}
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('connections.list.default')}
          </TableCell>
          <TableCell sx={hideBelow('md')}>{t('connections.list.updatedAt')}</TableCell>
          {canManage && <TableCell align="right">{t('connections.list.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableBodyContent
          columns={columns}
          isLoading={isLoading}
          skeletonRows={3}
          loadError={error ? `${t('connections.list.loadError')} ${errorMessage(error)}` : undefined}
          onRetry={onRetry}
          hasRows={Boolean(connections?.length)}
          empty={
            <EmptyState
              icon={<SyncAltIcon />}
              title={t('connections.list.emptyTitle')}
              description={
                canManage ? t('connections.list.emptyText') : t('connections.list.emptyTextViewer')
              }
            />
          }
        >
          {connections?.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} canManage={canManage} {...actions} />
          ))}
        </TableBodyContent>
      </TableBody>
    </Table>
  );
}
