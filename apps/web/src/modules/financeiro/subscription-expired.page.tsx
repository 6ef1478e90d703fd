import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';

/** Where an expired company lands (spec 000 §4); invoices and payment join this screen with billing. */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  return (
    <>
      <PageHeader title={t('financeiro.expired.title')} />
      <Paper variant="outlined">
        <EmptyState
          icon={<EventBusyOutlinedIcon />}
          title={t('financeiro.expired.heading')}
          description={t('financeiro.expired.message', { date: formatDate(me.company.dueDate) })}
        />
      </Paper>
    </>
  );
}
