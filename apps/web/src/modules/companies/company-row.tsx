import { type CompanyAdmin, type DueTone, dueTone } from '@balcao/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import IconButton from '@mui/material/IconButton';
import { alpha, type Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { hideBelow } from '../../shared/ui/responsive';

interface Props {
  company: CompanyAdmin;
  today: string;
  renewing: boolean;
  onRenew: (company: CompanyAdmin) => void;
  onHours: (company: CompanyAdmin) => void;
  onEdit: (company: CompanyAdmin) => void;
  onDelete: (company: CompanyAdmin) => void;
}

/** Spec 001 §2: yellow with 1 to 5 days left, red on the due date or past it. */
const tint: Record<DueTone, ((theme: Theme) => string) | undefined> = {
  soon: (theme) => alpha(theme.palette.warning.main, 0.22),
  overdue: (theme) => alpha(theme.palette.error.main, 0.18),
  ok: undefined,
};

export function CompanyRow({ company, today, renewing, onRenew, onHours, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const tone = dueTone(company.dueDate, today);
  return (
    <TableRow hover data-due={tone} sx={{ bgcolor: tint[tone] }}>
      <TableCell sx={hideBelow('md')}>{company.id}</TableCell>
      <TableCell sx={hideBelow('sm')}>
        {t(company.status ? 'companies.list.yes' : 'companies.list.no')}
      </TableCell>
      <TableCell sx={{ fontWeight: 500 }}>{company.name}</TableCell>
      <TableCell sx={hideBelow('md')}>{company.email}</TableCell>
      <TableCell sx={hideBelow('sm')}>{company.plan.name}</TableCell>
      <TableCell sx={hideBelow('md')}>{formatMoney(company.plan.amount)}</TableCell>
      <TableCell sx={hideBelow('xl')}>{formatDate(company.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(company.dueDate)}
        <br />
        <small>{t(`companies.recurrence.${company.recurrence}`)}</small>
      </TableCell>
      <TableCell sx={hideBelow('xl')}>
        {company.lastLogin ? formatDateTime(company.lastLogin) : t('companies.list.neverSignedIn')}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={t('companies.list.renew')}>
          <IconButton
            size="small"
            aria-label={t('companies.list.renewCompany', { name: company.name })}
            disabled={renewing}
            onClick={() => onRenew(company)}
          >
            <EventRepeatOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          size="small"
          aria-label={t('companies.list.hoursOf', { name: company.name })}
          onClick={() => onHours(company)}
        >
          <ScheduleOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('companies.list.editCompany', { name: company.name })}
          onClick={() => onEdit(company)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('companies.list.deleteCompany', { name: company.name })}
          onClick={() => onDelete(company)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
