import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

/** Cancel and Save at the foot of every form dialog; Save submits the dialog's form. */
export function SaveDialogActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
      <Button type="submit" variant="contained" loading={saving}>
        {t('common.actions.save')}
      </Button>
    </DialogActions>
  );
}
