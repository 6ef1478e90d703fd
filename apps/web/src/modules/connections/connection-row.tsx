import type { Connection } from '@balcao/shared';
import CodeIcon from '@mui/icons-material/Code';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { hideBelow } from '../../shared/ui/responsive';
import { ChannelIcon } from './channel-icon';
import { ConnectionBudget, hasSendBudget } from './connection-budget';
import { ConnectionStatusChip } from './connection-status-chip';
import { SessionActions } from './session-actions';

export interface ConnectionActions {
  onEmbed: (connection: Connection) => void;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
  /** The WhatsApp session's disconnect timeline; other channels keep none. */
  onHistory: (connection: Connection) => void;
}

interface Props extends ConnectionActions {
  connection: Connection;
  canManage: boolean;
}

function DefaultStar({ label }: { label: string }) {
  return (
    <Tooltip title={label}>
      <StarIcon
        role="img"
        aria-hidden={false}
        aria-label={label}
        fontSize="small"
        sx={{ color: 'warning.main' }}
      />
    </Tooltip>
  );
}

/** The status, and beside a WhatsApp one the button to its timeline (for everyone who sees the page). */
function StatusCell({ connection, onHistory }: { connection: Connection; onHistory: Props['onHistory'] }) {
  const { t } = useTranslation();
  const label = t('connections.history.open', { name: connection.name });
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <ConnectionStatusChip status={connection.status} />
        {connection.channel === 'whatsapp' && (
          <Tooltip title={label}>
            <IconButton size="small" aria-label={label} onClick={() => onHistory(connection)}>
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {hasSendBudget(connection) && <ConnectionBudget connection={connection} />}
    </Box>
  );
}

export function ConnectionRow({ connection, canManage, onEmbed, onEdit, onDelete, onHistory }: Props) {
  const { t } = useTranslation();
  const { name } = connection;
  const defaultLabel = t('connections.list.default');
  return (
    <TableRow hover>
      <TableCell sx={{ width: 48 }}>
        <ChannelIcon channel={connection.channel} />
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 120, sm: 240 } }}>
            {name}
          </Typography>
          {/* Narrow screens drop the default column; the star moves beside the name. */}
          {connection.isDefault && (
            <Box component="span" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
              <DefaultStar label={defaultLabel} />
            </Box>
          )}
        </Box>
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <StatusCell connection={connection} onHistory={onHistory} />
        </Box>
      </TableCell>
      <TableCell sx={hideBelow('sm')}>
        <StatusCell connection={connection} onHistory={onHistory} />
      </TableCell>
      {canManage && (
        <TableCell sx={hideBelow('sm')} data-testid="connection-session">
          {connection.channel === 'whatsapp' && <SessionActions connection={connection} />}
        </TableCell>
      )}
      <TableCell align="center" sx={hideBelow('sm')}>
        {connection.isDefault && <DefaultStar label={defaultLabel} />}
      </TableCell>
      <TableCell sx={{ ...hideBelow('md'), whiteSpace: 'nowrap' }}>
        {formatDateTime(connection.updatedAt)}
      </TableCell>
      {canManage && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {connection.channel === 'webchat' && connection.token && (
            <Tooltip title={t('connections.list.embed', { name })}>
              <IconButton
                size="small"
                aria-label={t('connections.list.embed', { name })}
                onClick={() => onEmbed(connection)}
              >
                <CodeIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <IconButton
            size="small"
            aria-label={t('connections.list.edit', { name })}
            onClick={() => onEdit(connection)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('connections.list.delete', { name })}
            onClick={() => onDelete(connection)}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}
