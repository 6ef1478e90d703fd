import { planAllows, type Ticket } from '@balcao/shared';
import DoneIcon from '@mui/icons-material/Done';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { visuallyHidden } from '../../shared/ui/responsive';
import { CallButton, CallPanel, canCall } from '../calls/call-controls';
import { useCall } from '../calls/use-call';
import { useDisplayNumber } from '../contacts/use-display-number';
import { ScheduleDialog } from '../schedules/schedule.dialog';
import { ContactAvatar } from './contact-avatar';
import { ContactDrawer } from './contact-drawer';
import { TicketOptionsMenu } from './ticket-options.menu';
import { useTicketStatusChange } from './ticket-status-change';

/**
 * Below this header width the action buttons keep only their icons (the name stays for screen readers
 * and in the tooltip), which leaves the contact's name its room: at 1280 px with the menu open the
 * header is about 570 px, where labelled buttons left a name 100 px.
 */
const ICONS_ONLY = '@container (max-width: 720px)';

interface ActionProps {
  label: string;
  icon: ReactNode;
  primary?: boolean;
  busy: boolean;
  onClick: () => void;
}

function Action({ label, icon, primary, busy, onClick }: ActionProps) {
  return (
    <Tooltip title={label}>
      <Button
        variant={primary ? 'contained' : 'outlined'}
        size="small"
        startIcon={icon}
        loading={busy}
        aria-label={label}
        onClick={onClick}
        sx={{
          flexShrink: 0,
          [ICONS_ONLY]: {
            minWidth: 40,
            px: 1,
            '& .MuiButton-startIcon': { m: 0 },
            '& .label': { display: 'none' },
          },
        }}
      >
        <span className="label">{label}</span>
      </Button>
    </Tooltip>
  );
}

/** The contact's phone number, as formatted (or masked) for people; nothing for a channel's own ids. */
function useShownNumber(number: string | null) {
  const shown = useDisplayNumber(number, number?.includes('*') ?? false);
  return shown.kind === 'formatted' || shown.kind === 'hidden' ? shown.text : undefined;
}

export function TicketHeader({
  ticket,
  onAccepted,
}: {
  ticket: Ticket;
  onAccepted: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const statusChange = useTicketStatusChange();
  // Close takes Accept's place once accepted: a double click on Accept must not close the ticket.
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [showingContact, setShowingContact] = useState(false);
  const canSchedule = planAllows(useSessionUser().company.plan, 'useSchedules');
  const call = useCall(ticket.id);
  const number = useShownNumber(ticket.contact.number);
  const busy = (status: string) => statusChange.status === status;
  // Closed or returned, the ticket leaves this user's hands: back to the list (spec 000 §2).
  const toList = () => navigate('/tickets');

  let actions: ReactNode;
  if (ticket.status === 'pending') {
    actions = (
      <Action
        label={t('tickets.actions.accept')}
        icon={<DoneIcon />}
        primary
        busy={busy('open')}
        onClick={() => statusChange.accept(ticket, onAccepted)}
      />
    );
  } else if (ticket.status === 'nps') {
    // Closed by an attendant, it ends with the customer's score or when the rating expires.
    actions = <Chip size="small" color="info" variant="outlined" label={t('tickets.list.awaitingRating')} />;
  } else if (ticket.status === 'closed') {
    actions = (
      <Action
        label={t('tickets.actions.reopen')}
        icon={<ReplayIcon />}
        busy={busy('open')}
        onClick={() => statusChange.accept(ticket, onAccepted)}
      />
    );
  } else {
    actions = (
      <>
        <Action
          label={t('tickets.actions.return')}
          icon={<UndoIcon />}
          busy={busy('pending')}
          onClick={() => statusChange.change(ticket, 'pending', toList)}
        />
        <Action
          label={t('tickets.actions.close')}
          icon={<TaskAltIcon />}
          primary
          busy={busy('closed')}
          onClick={() => setConfirmingClose(true)}
        />
      </>
    );
  }

  return (
    <Box sx={{ containerType: 'inline-size', borderBottom: 1, borderColor: 'divider' }}>
      {/* On a phone the actions wrap under the name rather than squeeze it to a few letters. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}>
        {/* Named by its hidden text, not aria-label: the avatar shows initials, which a label would not contain. */}
        <Tooltip title={t('messages.drawer.open', { name: ticket.contact.name })} describeChild>
          <IconButton onClick={() => setShowingContact(true)} sx={{ p: 0 }}>
            <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
            <Box component="span" sx={visuallyHidden}>
              {t('messages.drawer.open', { name: ticket.contact.name })}
            </Box>
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          {/* Two lines hold a whole name beside the actions; narrower, it is cut and the title keeps it. */}
          <Typography
            variant="subtitle1"
            component="h2"
            title={ticket.contact.name}
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
              overflowWrap: 'break-word',
            }}
          >
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
            {number && `${number} · `}#{ticket.id} · {ticket.queue && `${ticket.queue.name} · `}
            {ticket.user
              ? t('tickets.chat.assignedTo', { name: ticket.user.name })
              : t('tickets.chat.unassigned')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          {canCall(ticket) && <CallButton call={call} />}
          {canSchedule && (
            <Tooltip title={t('tickets.actions.schedule')}>
              <IconButton aria-label={t('tickets.actions.schedule')} onClick={() => setScheduling(true)}>
                <EventOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          {actions}
        </Box>
        <TicketOptionsMenu ticket={ticket} />
      </Box>
      <CallPanel call={call} />
      {statusChange.dialog}
      {showingContact && <ContactDrawer ticket={ticket} onClose={() => setShowingContact(false)} />}
      {scheduling && (
        <ScheduleDialog
          schedule={null}
          contact={{ id: ticket.contactId, name: ticket.contact.name }}
          onClose={() => setScheduling(false)}
        />
      )}
      {confirmingClose && (
        <ConfirmDialog
          title={t('tickets.closeConfirm.title', { ticketId: ticket.id })}
          message={t('tickets.closeConfirm.text', { name: ticket.contact.name })}
          confirmLabel={t('tickets.actions.close')}
          busy={busy('closed')}
          onConfirm={() =>
            statusChange.change(ticket, 'closed', () => {
              setConfirmingClose(false);
              toList();
            })
          }
          onClose={() => setConfirmingClose(false)}
        />
      )}
    </Box>
  );
}
