import Box from '@mui/material/Box';
import { InvoicesPanel } from './invoices-panel';

/** /financeiro: the company's invoices and their payment. */
export function FinanceiroPage() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <InvoicesPanel />
    </Box>
  );
}
