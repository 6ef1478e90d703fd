import {
  type AuditFilters,
  auditActionLabels,
  auditActions,
  auditEntityLabels,
  auditEntityTypes,
  type Language,
} from '@balcao/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserChoices } from '../queues/queues.api';

function Choice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <MenuItem value="">{t('audit.filters.all')}</MenuItem>
      {children}
    </TextField>
  );
}

/** Period, who, what and which kind of record: one column on a phone, a grid on wider screens. */
export function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (value: AuditFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const users = useUserChoices();
  const set = (change: Partial<AuditFilters>) => onChange({ ...value, ...change });
  const orUndefined = <T extends string>(text: string) => (text === '' ? undefined : (text as T));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' },
        p: 1.5,
      }}
    >
      <TextField
        size="small"
        type="date"
        label={t('audit.filters.dateFrom')}
        value={value.dateFrom ?? ''}
        onChange={(event) => set({ dateFrom: orUndefined(event.target.value) })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('audit.filters.dateTo')}
        value={value.dateTo ?? ''}
        onChange={(event) => set({ dateTo: orUndefined(event.target.value) })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Choice
        label={t('audit.filters.actor')}
        value={value.actorUserId ? String(value.actorUserId) : ''}
        onChange={(id) => set({ actorUserId: id ? Number(id) : undefined })}
      >
        {(users.data ?? []).map((user) => (
          <MenuItem key={user.id} value={String(user.id)}>
            {user.name}
          </MenuItem>
        ))}
      </Choice>
      <Choice
        label={t('audit.filters.action')}
        value={value.action ?? ''}
        onChange={(action) => set({ action: orUndefined(action) })}
      >
        {auditActions.map((action) => (
          <MenuItem key={action} value={action}>
            {auditActionLabels[language][action]}
          </MenuItem>
        ))}
      </Choice>
      <Choice
        label={t('audit.filters.entityType')}
        value={value.entityType ?? ''}
        onChange={(entityType) => set({ entityType: orUndefined(entityType) })}
      >
        {auditEntityTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {auditEntityLabels[language][type]}
          </MenuItem>
        ))}
      </Choice>
    </Box>
  );
}
