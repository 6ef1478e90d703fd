import { DASHBOARD_PERIODS, type DashboardQuery } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type FilterType = 'period' | 'date';

/** The query a filter asks for; none when nothing is set ('Parametrize o filtro'). */
export function queryOf(type: FilterType, days: string, from: string, to: string): DashboardQuery | null {
  if (type === 'period') return days ? { days: Number(days) } : null;
  if (!from && !to) return null;
  return { ...(from ? { date_from: from } : {}), ...(to ? { date_to: to } : {}) };
}

/** Filter by a period of days or by dates; applied with the Filter button. */
export function DashboardFilter({ onApply }: { onApply: (query: DashboardQuery) => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<FilterType>('period');
  const [days, setDays] = useState('7');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [empty, setEmpty] = useState(false);

  const apply = () => {
    const query = queryOf(type, days, from, to);
    setEmpty(query === null);
    if (query) onApply(query);
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('dashboard.filter.type')}
          value={type}
          onChange={(e) => setType(e.target.value as FilterType)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="period">{t('dashboard.filter.byPeriod')}</MenuItem>
          <MenuItem value="date">{t('dashboard.filter.byDate')}</MenuItem>
        </TextField>
        {type === 'period' ? (
          <TextField
            select
            size="small"
            label={t('dashboard.filter.period')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('dashboard.filter.none')}</MenuItem>
            {DASHBOARD_PERIODS.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {t('dashboard.filter.lastDays', { count: n })}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <>
            <TextField
              type="date"
              size="small"
              label={t('dashboard.filter.from')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={t('dashboard.filter.to')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        <Button variant="contained" onClick={apply}>
          {t('dashboard.filter.apply')}
        </Button>
      </Stack>
      {empty && <Alert severity="info">{t('dashboard.filter.empty')}</Alert>}
    </Stack>
  );
}
