import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { ForwardDialog } from './forward.dialog';
import { chatSelection, useChatSelection } from './messages.selection';

/** Shown while messages are being picked for forwarding: how many, cancel, forward. */
export function ForwardBar({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const selection = useChatSelection(ticketId);
  const [picking, setPicking] = useState(false);
  if (!selection.selecting) return null;
  const count = selection.selected.size;

  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        mt: 1,
        bgcolor: 'background.paper',
        boxShadow: 2,
        borderRadius: 1,
      }}
    >
      <Typography variant="body2" sx={{ flex: 1 }}>
        {t('messages.forward.selected', { count })}
      </Typography>
      <Button onClick={chatSelection.stop}>{t('common.actions.cancel')}</Button>
      <Button
        variant="contained"
        onClick={() => (count === 0 ? toast.info(t('messages.forward.noneSelected')) : setPicking(true))}
      >
        {t('messages.actions.forward')}
      </Button>
      {picking && (
        <ForwardDialog
          messageIds={[...selection.selected]}
          onClose={() => setPicking(false)}
          onForwarded={() => {
            setPicking(false);
            chatSelection.stop();
          }}
        />
      )}
    </Box>
  );
}
