import type { ContactList } from '@balcao/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The list's WhatsApp check: its progress while it runs, else what is known of the numbers. */
export function NumberCheckStatus({ list }: { list: ContactList }) {
  const { t } = useTranslation();
  const checked = list.contactsCount - list.uncheckedCount;
  const counts = {
    valid: list.validCount,
    invalid: checked - list.validCount,
    unchecked: list.uncheckedCount,
  };
  return (
    <Box sx={{ mb: 2 }} role="status" aria-live="polite">
      {list.checking ? (
        <>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('contactLists.check.running', { checked, total: list.contactsCount })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={list.contactsCount === 0 ? 100 : Math.round((checked / list.contactsCount) * 100)}
            aria-label={t('contactLists.check.progress')}
          />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('contactLists.check.summary', counts)}
        </Typography>
      )}
    </Box>
  );
}
