import type { Connection } from '@balcao/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionAction, useWhatsappSession } from './whatsapp-session.api';

/** Spec 000 §9. */
const QR_SIZE = 256;

/** `ABCD1234` as the phone shows it: `ABCD-1234`. */
const formatPairingCode = (code: string) =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

/**
 * Pairs a phone: the live QR (or a pairing code for a number typed here). Closes on its own once
 * the QR empties after having shown one (scanned, expired, disconnected) or the session connects
 * (spec 000 §4).
 */
export function QrCodeDialog({ connection, onClose }: { connection: Connection; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useWhatsappSession(connection.id).data;
  const action = useSessionAction();
  const [number, setNumber] = useState('');
  const showed = useRef(false);

  useEffect(() => {
    if (!session) return;
    if (session.status === 'CONNECTED') onClose();
    else if (session.qrcode || session.pairingCode) showed.current = true;
    else if (showed.current) onClose();
  }, [session, onClose]);

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('connections.session.qrTitle', { name: connection.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('connections.session.qrHelp')}
          </Typography>
          {session?.pairingCode ? (
            <Typography variant="h4" role="status" sx={{ fontFamily: 'monospace', letterSpacing: 4 }}>
              {formatPairingCode(session.pairingCode)}
            </Typography>
          ) : session?.qrcode ? (
            <Box sx={{ p: 1, bgcolor: '#fff' }}>
              <QRCodeSVG
                value={session.qrcode}
                size={QR_SIZE}
                role="img"
                aria-label={t('connections.session.qrAlt')}
              />
            </Box>
          ) : (
            <Box sx={{ height: QR_SIZE, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label={t('connections.session.waitingQr')} />
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
            <TextField
              size="small"
              fullWidth
              label={t('connections.session.pairingNumber')}
              helperText={t('connections.session.pairingNumberHelp')}
              value={number}
              onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
            />
            <Button
              disabled={number.length < 10}
              loading={action.isPending}
              onClick={() => action.mutate({ action: 'start', id: connection.id, pairingNumber: number })}
            >
              {t('connections.session.getCode')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('connections.session.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
