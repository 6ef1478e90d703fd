import type { DashboardAttendant } from '@balcao/shared';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMinutes, formatRating } from './dashboard.format';
import { Section } from './dashboard-section';

function OnlineChip({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={online ? 'success' : 'default'}
      label={online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
    />
  );
}

export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  const columns = ['name', 'rating', 'countRating', 'tickets', 'avgWaitTime', 'avgSupportTime', 'status'];
  return (
    <Section title={t('dashboard.attendants.title')}>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="region" aria-label={t('dashboard.attendants.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(`dashboard.attendants.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {attendants.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.name}</TableCell>
                <TableCell>{formatRating(a.rating)}</TableCell>
                <TableCell>{a.countRating}</TableCell>
                <TableCell>{a.tickets}</TableCell>
                <TableCell>{formatMinutes(a.avgWaitTime)}</TableCell>
                <TableCell>{formatMinutes(a.avgSupportTime)}</TableCell>
                <TableCell>
                  <OnlineChip online={a.online} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}

export function FeaturedAttendant({ attendant }: { attendant: DashboardAttendant | undefined }) {
  const { t } = useTranslation();
  return (
    <Section title={t('dashboard.featured.title')}>
      {attendant ? (
        <Stack spacing={0.5}>
          <Typography variant="h6" component="p">
            {attendant.name}
          </Typography>
          <Typography variant="body2">
            {t('dashboard.featured.summary', {
              count: attendant.tickets,
              rating: formatRating(attendant.rating),
            })}
          </Typography>
          <div>
            <OnlineChip online={attendant.online} />
          </div>
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('dashboard.featured.none')}
        </Typography>
      )}
    </Section>
  );
}
