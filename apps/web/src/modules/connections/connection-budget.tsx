import type { Connection } from '@balcao/shared';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSendBudget } from './connection-budget.api';

/** Channels that reach phone numbers, the only ones campaigns send on. */
const budgeted = new Set(['whatsapp', 'whatsappapi']);

export const hasSendBudget = (connection: Pick<Connection, 'channel'>) => budgeted.has(connection.channel);

/** Under a phone connection's status: its campaign sends today against its daily limit, the pacing in a tooltip. */
export function ConnectionBudget({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const budget = useSendBudget(connection.id);
  if (budget.isPending) return <Skeleton width={120} aria-label={t('connections.budget.loading')} />;
  if (budget.isError)
    return (
      <Typography variant="caption" color="error">
        {t('connections.budget.error')}
      </Typography>
    );
  const { usedToday, dailyLimit, minGapSeconds, jitterSeconds, runningCampaigns } = budget.data;
  const used =
    dailyLimit === null
      ? t('connections.budget.usedUnlimited', { used: usedToday })
      : t('connections.budget.used', { used: usedToday, limit: dailyLimit });
  const pacing = t('connections.budget.pacing', { gap: minGapSeconds, jitter: jitterSeconds });
  const running = t('connections.budget.running', { count: runningCampaigns });
  return (
    <Tooltip title={`${pacing} ${running}`}>
      <Typography variant="caption" color="text.secondary" tabIndex={0} data-testid="connection-budget">
        {used}
      </Typography>
    </Tooltip>
  );
}
