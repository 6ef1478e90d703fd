import { can } from '@balcao/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { useConnections } from '../connections/connections.api';
import { useTagOptions } from '../contacts/contacts.api';
import { useQueueList, useUserChoices } from '../queues/queues.api';
import { type FilterStatus, filterStatuses, type TicketListFilters } from './tickets.rules';

interface Option<T> {
  value: T;
  label: string;
}

/** A select of several values with a checkbox each; nothing chosen means "all". */
export function MultiSelect<T extends number | string>(props: {
  label: string;
  options: Option<T>[];
  value: T[];
  onChange: (value: T[]) => void;
}) {
  const { t } = useTranslation();
  const labelOf = (value: T) => props.options.find((o) => o.value === value)?.label ?? String(value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as unknown as T[])}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (chosen) =>
            (chosen as T[]).length ? (chosen as T[]).map(labelOf).join(', ') : t('tickets.filters.all'),
        },
        inputLabel: { shrink: true },
      }}
    >
      {props.options.map((option) => (
        <MenuItem key={String(option.value)} value={option.value} dense>
          <Checkbox size="small" checked={props.value.includes(option.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The queue multi-select: the user's queues (every queue for admins) and "Sem fila". */
export function QueueFilter({ value, onChange }: { value: number[]; onChange: (value: number[]) => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const all = useQueueList();
  const queues = can(me, 'tickets:seeAllQueues') ? (all.data ?? []) : me.queues;
  const options = [
    ...queues.map((queue) => ({ value: queue.id, label: queue.name })),
    { value: 0, label: t('tickets.filters.noQueue') },
  ];
  return (
    <MultiSelect label={t('tickets.filters.queues')} options={options} value={value} onChange={onChange} />
  );
}

type Chosen = Pick<TicketListFilters, 'tags' | 'whatsappIds' | 'users' | 'statusFilter'>;

/** The advanced filters (spec 000 §2): tags, connections, status, and users for admins. */
export function AdvancedFilters({ value, onChange }: { value: Chosen; onChange: (value: Chosen) => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const tags = useTagOptions();
  const connections = useConnections();
  const mayFilterUsers = can(me, 'tickets-manager:showall');
  const users = useUserChoices();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      <MultiSelect
        label={t('tickets.filters.tags')}
        options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        value={value.tags}
        onChange={(tagIds) => onChange({ ...value, tags: tagIds })}
      />
      <MultiSelect
        label={t('tickets.filters.connections')}
        options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={value.whatsappIds}
        onChange={(whatsappIds) => onChange({ ...value, whatsappIds })}
      />
      <MultiSelect<FilterStatus>
        label={t('tickets.filters.status')}
        options={filterStatuses.map((status) => ({ value: status, label: t(`tickets.statuses.${status}`) }))}
        value={value.statusFilter}
        onChange={(statusFilter) => onChange({ ...value, statusFilter })}
      />
      {mayFilterUsers && (
        <MultiSelect
          label={t('tickets.filters.users')}
          options={(users.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
          value={value.users}
          onChange={(userIds) => onChange({ ...value, users: userIds })}
        />
      )}
    </Box>
  );
}
