import type { Connection, ConnectionHistory } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { formatZonedDateTime } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { useConnectionHistory } from './connection-history.api';
import { ConnectionStatusChip } from './connection-status-chip';

type HistoryEvent = ConnectionHistory['events'][number];

/**
 * Why the status changed: what the user did, a takeover by another server process, or WhatsApp's
 * disconnect code (Baileys' DisconnectReason). A code without a text of its own shows as the code.
 */
function useReasonText() {
  const { t, i18n } = useTranslation();
  return (reason: string | null) => {
    if (!reason) return '—';
    const key = `connections.history.reasons.${reason}`;
    return i18n.exists(key) ? t(key) : t('connections.history.reasons.other', { code: reason });
  };
}

/** The disconnect timeline of a WhatsApp connection (`GET /whatsapp/{id}/history`), on the company's clock. */
export function ConnectionHistoryDialog({
  connection,
  onClose,
}: {
  connection: Connection;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const timeZone = useSessionUser().company.timezone;
  const history = useConnectionHistory(connection.id);
  const reasonText = useReasonText();
  const rows: HistoryEvent[] = history.data?.pages.flatMap((page) => page.events) ?? [];

  // A failed next page leaves the loaded ones on screen, with the error and its retry under them.
  const failure = history.isError && (
    <Alert
      severity="error"
      sx={{ mt: rows.length ? 2 : 0 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void (rows.length ? history.fetchNextPage() : history.refetch())}
        >
          {t('common.actions.retry')}
        </Button>
      }
    >
      {errorMessage(history.error)}
    </Alert>
  );

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  } else if (rows.length === 0) {
    body = failure || (
      <Typography sx={{ py: 4, textAlign: 'center' }}>{t('connections.history.empty')}</Typography>
    );
  } else {
    body = (
      <>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('connections.history.title', { name: connection.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('connections.history.at')}</TableCell>
                <TableCell>{t('connections.history.status')}</TableCell>
                <TableCell>{t('connections.history.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((event, index) => (
                // Events carry no id; newest first, their position in the loaded pages is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <TableRow key={index}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatZonedDateTime(event.createdAt, timeZone)}
                  </TableCell>
                  <TableCell>
                    <ConnectionStatusChip status={event.status} />
                  </TableCell>
                  <TableCell>{reasonText(event.reason)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {failure}
        {history.hasNextPage && !history.isError && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {t('connections.history.more')}
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{t('connections.history.title', { name: connection.name })}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('connections.history.hint', { timeZone })}
        </Typography>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('connections.history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
