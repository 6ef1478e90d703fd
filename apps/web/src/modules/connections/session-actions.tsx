import type { Connection } from '@balcao/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportProgress } from './import-progress';
import { QrCodeDialog } from './qr-code.dialog';
import { useSessionAction } from './whatsapp-session.api';

/**
 * The WhatsApp session buttons of spec 000 §4, by status: the QR while pairing, try again and a
 * new QR when disconnected, disconnect while connected or lost, a disabled "connecting" meanwhile.
 */
export function SessionActions({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const action = useSessionAction();
  const [showQr, setShowQr] = useState(false);
  const run = (name: 'start' | 'renew' | 'end') => action.mutate({ action: name, id: connection.id });
  const startAndShow = (name: 'start' | 'renew') => {
    setShowQr(true);
    run(name);
  };
  const { status } = connection;

  return (
    <Stack component="span" direction="row" spacing={1} sx={{ display: 'inline-flex', mr: 1 }}>
      {(status === 'qrcode' || status === 'PAIRING') && (
        <Button size="small" variant="contained" onClick={() => setShowQr(true)}>
          {t('connections.session.showQr')}
        </Button>
      )}
      {status === 'DISCONNECTED' && (
        <>
          <Button
            size="small"
            variant="outlined"
            disabled={action.isPending}
            onClick={() => startAndShow('start')}
          >
            {t('connections.session.tryAgain')}
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={action.isPending}
            onClick={() => startAndShow('renew')}
          >
            {t('connections.session.newQr')}
          </Button>
        </>
      )}
      {(status === 'CONNECTED' || status === 'TIMEOUT' || status === 'PAIRING' || status === 'qrcode') && (
        <Button size="small" color="error" disabled={action.isPending} onClick={() => run('end')}>
          {t('connections.session.disconnect')}
        </Button>
      )}
      {status === 'OPENING' && (
        <Button size="small" variant="outlined" disabled>
          {t('connections.session.connecting')}
        </Button>
      )}
      <ImportProgress connection={connection} />
      {showQr && <QrCodeDialog connection={connection} onClose={() => setShowQr(false)} />}
    </Stack>
  );
}
