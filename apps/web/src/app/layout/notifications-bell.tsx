import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadTickets } from '../../shared/notifications/unread-tickets';

/** Unread tickets as reported by the inbox; opens the inbox. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadTickets();
  const label = t('app.topBar.notifications', { count: unread });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => navigate('/tickets')}>
        <Badge badgeContent={unread} color="error" invisible={unread === 0} max={99}>
          <NotificationsOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
