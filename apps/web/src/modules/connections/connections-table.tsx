import type { Connection } from '@balcao/shared';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow } from '../../shared/ui/responsive';
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
  const columns = canManage ? 6 : 5;

  const fullRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns} sx={{ borderBottom: 0 }}>
        {content}
      </TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: 3 }, (_v, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <TableRow key={i}>
        <TableCell colSpan={columns}>
          <Skeleton height={36} />
        </TableCell>
      </TableRow>
    ));
  } else if (error && !connections) {
    body = fullRow(
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        }
      >
        {t('connections.list.loadError')} {errorMessage(error)}
      </Alert>,
    );
  } else if (!connections?.length) {
    body = fullRow(
      <EmptyState
        icon={<SyncAltIcon />}
        title={t('connections.list.emptyTitle')}
        description={canManage ? t('connections.list.emptyText') : t('connections.list.emptyTextViewer')}
      />,
    );
  } else {
    body = connections.map((connection) => (
      <ConnectionRow key={connection.id} connection={connection} canManage={canManage} {...actions} />
    ));
  }

  return (
    <Table stickyHeader size="small" aria-busy={isLoading}>
      <TableHead>
        <TableRow>
          <TableCell>{t('connections.list.channel')}</TableCell>
          <TableCell>{t('connections.list.name')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('connections.list.status')}</TableCell>
          <TableCell align="center" sx={hideBelow('sm')}>
            {t('connections.list.default')}
          </TableCell>
          <TableCell sx={hideBelow('md')}>{t('connections.list.updatedAt')}</TableCell>
          {canManage && <TableCell align="right">{t('connections.list.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>{body}</TableBody>
    </Table>
  );
}
