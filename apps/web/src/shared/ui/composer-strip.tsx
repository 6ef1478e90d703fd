import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/** A strip above the composer for what goes with the next message (a quote, an image), and a way out. */
export function ComposerStrip({
  label,
  closeLabel,
  onClose,
  children,
}: {
  label: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        pt: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {children}
      <IconButton size="small" onClick={onClose} aria-label={closeLabel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
