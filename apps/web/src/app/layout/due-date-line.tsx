import { daysUntil, dueTone } from '@balcao/shared';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { companyToday, isSessionExpired, useSession } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';

/**
 * The company's due date under the greeting, from the session's company: a renewal's event updates it
 * in place. In the last five days (spec 001 §4's yellow window) it says how many are left.
 */
export function DueDateLine() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const expired = isSessionExpired(useSession());
  const today = companyToday(me);
  const date = formatDate(me.company.dueDate);
  const soon = !expired && dueTone(me.company.dueDate, today) === 'soon';
  return (
    <Typography
      variant="caption"
      noWrap
      component="p"
      data-testid="top-bar-due-date"
      sx={{
        opacity: soon ? 1 : 0.85,
        fontWeight: soon ? 700 : undefined,
        display: { xs: 'none', sm: 'flex' },
        alignItems: 'center',
        gap: 0.5,
      }}
    >
      {soon && <WarningAmberIcon sx={{ fontSize: 16 }} aria-hidden />}
      {expired
        ? t('app.topBar.dueDateExpired', { date })
        : soon
          ? t('app.topBar.dueDateSoon', { date, count: daysUntil(me.company.dueDate, today) })
          : t('app.topBar.dueDate', { date })}
    </Typography>
  );
}
