import type { CompanyAdmin } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { CompanyHours } from '../settings/company-hours';

/** Any company's service hours, as its admin edits them in the settings (spec 001 §7 PUT /companies/{id}/schedules). */
export function CompanyHoursDialog({ company, onClose }: { company: CompanyAdmin; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{t('companies.list.hoursOf', { name: company.name })}</DialogTitle>
      <DialogContent dividers>
        <CompanyHours companyId={company.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('companies.list.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
