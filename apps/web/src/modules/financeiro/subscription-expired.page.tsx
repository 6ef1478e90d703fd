import { can } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { InvoicesPanel } from './invoices-panel';

/**
 * Where a company past its due date and its grace lands (spec 000 §4): why, then its invoices to pay.
 * The same screen as /financeiro (spec 001 §2); paying brings it back to /tickets.
 */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  // Invoices are the admins' (financeiro:view): an attendant is told who can pay.
  const canPay = can(me, 'financeiro:view');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, gap: 2 }}>
      <Alert severity="error">
        <AlertTitle>{t('financeiro.expired.heading')}</AlertTitle>
        {t('financeiro.expired.message', { date: formatDate(me.company.dueDate) })}
        {!canPay && ` ${t('financeiro.expired.askAdmin')}`}
      </Alert>
      {canPay && <InvoicesPanel />}
    </Box>
  );
}
