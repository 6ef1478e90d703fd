import type { TicketStatus } from '@balcao/shared';
import { ticketStatuses } from '@balcao/shared';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useConnections } from '../connections/connections.api';
import { useTagOptions } from '../contacts/contacts.api';
import { useQueueList, useUserChoices } from '../queues/queues.api';
import { MultiSelect } from '../tickets/ticket-filters';
import { ReportContactField } from './report-contact-field';
import type { ReportFilterValues } from './reports.rules';

/** The report's filters (spec 001 §2, §7): one column on a phone, a grid on wider screens. */
export function ReportFilters({
  value,
  onChange,
}: {
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
}) {
  const { t } = useTranslation();
  const connections = useConnections();
  const tags = useTagOptions();
  const users = useUserChoices();
  const queues = useQueueList();
  const set = (change: Partial<ReportFilterValues>) => onChange({ ...value, ...change });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        p: 1.5,
      }}
    >
      <ReportContactField value={value.contact} onChange={(contact) => set({ contact })} />
      <MultiSelect
        label={t('reports.filters.connections')}
        options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={value.whatsappIds}
        onChange={(whatsappIds) => set({ whatsappIds })}
      />
      <MultiSelect
        label={t('reports.filters.tags')}
        options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        value={value.tags}
        onChange={(tagIds) => set({ tags: tagIds })}
      />
      <MultiSelect
        label={t('reports.filters.users')}
        options={(users.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
        value={value.users}
        onChange={(userIds) => set({ users: userIds })}
      />
      <MultiSelect
        label={t('reports.filters.queues')}
        options={[
          ...(queues.data ?? []).map((queue) => ({ value: queue.id, label: queue.name })),
          { value: 0, label: t('reports.filters.noQueue') },
        ]}
        value={value.queueIds}
        onChange={(queueIds) => set({ queueIds })}
      />
      <MultiSelect<TicketStatus>
        label={t('reports.filters.status')}
        options={ticketStatuses.map((status) => ({ value: status, label: t(`reports.statuses.${status}`) }))}
        value={value.statuses}
        onChange={(statuses) => set({ statuses })}
      />
      <TextField
        size="small"
        type="date"
        label={t('reports.filters.dateFrom')}
        value={value.dateFrom}
        onChange={(event) => set({ dateFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('reports.filters.dateTo')}
        value={value.dateTo}
        onChange={(event) => set({ dateTo: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}
