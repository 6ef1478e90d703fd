import { type Invoice, invoiceDisplayStatus } from '@balcao/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/format';
import { hideBelow } from '../../shared/ui/responsive';

const chipColor = { paid: 'success', overdue: 'error', open: 'warning' } as const;

/** An overdue invoice's row is tinted (spec 001 §6); a light tint keeps the text's contrast. */
const overdueTint = { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.12) };

interface Props {
  invoice: Invoice;
  today: string;
  onPay: (invoice: Invoice) => void;
}

export function InvoiceRow({ invoice, today, onPay }: Props) {
  const { t } = useTranslation();
  const status = invoiceDisplayStatus(invoice, today);
  return (
    <TableRow hover sx={status === 'overdue' ? overdueTint : undefined}>
      <TableCell>{invoice.detail}</TableCell>
      <TableCell align="center" sx={hideBelow('md')}>
        {invoice.users}
      </TableCell>
      <TableCell align="center" sx={hideBelow('md')}>
        {invoice.connections}
      </TableCell>
      <TableCell align="center" sx={hideBelow('md')}>
        {invoice.queues}
      </TableCell>
      <TableCell align="right">{formatMoney(invoice.value)}</TableCell>
      <TableCell>{formatDate(invoice.dueDate)}</TableCell>
      <TableCell sx={hideBelow('sm')}>
        <Chip size="small" color={chipColor[status]} label={t(`financeiro.invoices.status.${status}`)} />
      </TableCell>
      <TableCell align="right">
        {status === 'paid' ? (
          <Chip size="small" color="success" variant="outlined" label={t('financeiro.invoices.paid')} />
        ) : (
          <Button
            variant="contained"
            size="small"
            onClick={() => onPay(invoice)}
            aria-label={t('financeiro.invoices.payLabel', { date: formatDate(invoice.dueDate) })}
          >
            {t('financeiro.invoices.pay')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
