import type { Connection } from '@balcao/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colors: Record<Connection['status'], ChipProps['color']> = {
  CONNECTED: 'success',
  qrcode: 'info',
  PAIRING: 'info',
  OPENING: 'info',
  DISCONNECTED: 'error',
  TIMEOUT: 'warning',
};

export function ConnectionStatusChip({ status }: { status: Connection['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={colors[status]} label={t(`connections.status.${status}`)} />
  );
}
