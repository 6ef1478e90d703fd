import {
  events,
  PAYMENT_REDIRECT_MS,
  type PaymentEvent,
  type PixCharge,
  paymentEventSchema,
} from '@balcao/shared';
import CheckCircleOutlineOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { renewSubscription } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { toast } from '../../shared/toast/toast.store';
import { financeiroKeys } from './financeiro.keys';

/**
 * The Pix charge to pay: its QR code and copy-and-paste code. When the payment event says CONCLUIDA,
 * the licence's new due date shows, and after 5 s the company is back in /tickets (spec 001 §6).
 */
export function PixPayment({ charge }: { charge: PixCharge }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [renewed, setRenewed] = useState<PaymentEvent | null>(null);

  useSocketEvent(events.payment(me.companyId), paymentEventSchema, (event) => {
    setRenewed(event);
    void queryClient.invalidateQueries({ queryKey: financeiroKeys.all });
  });

  useEffect(() => {
    if (!renewed) return;
    const timer = setTimeout(() => {
      renewSubscription(renewed.company.dueDate);
      navigate('/tickets', { replace: true });
    }, PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [renewed, navigate]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
      toast.success(t('financeiro.pix.copied'));
    } catch {
      toast.error(t('financeiro.pix.copyFailed'));
    }
  };

  if (renewed)
    return (
      <Alert icon={<CheckCircleOutlineOutlinedIcon />} severity="success" role="status">
        {t('financeiro.pix.renewed', { date: formatDate(renewed.company.dueDate) })}
      </Alert>
    );

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="h6" component="p">
        {formatMoney(Math.round(Number(charge.valor.original) * 100))}
      </Typography>
      <Box
        component="img"
        src={charge.qrcode.imagemQrcode}
        alt={t('financeiro.pix.qrAlt')}
        sx={{ width: 220, height: 220, imageRendering: 'pixelated', bgcolor: 'common.white' }}
      />
      <TextField
        label={t('financeiro.pix.copyPaste')}
        value={charge.qrcode.qrcode}
        fullWidth
        multiline
        maxRows={3}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Button variant="outlined" onClick={() => void copy()}>
        {t('financeiro.pix.copy')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          {t('financeiro.pix.waiting', { time: formatDateTime(charge.expiresAt) })}
        </Typography>
      </Stack>
    </Stack>
  );
}
