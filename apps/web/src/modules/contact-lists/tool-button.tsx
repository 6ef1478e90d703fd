import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}

/** A page tool beside the add button: on a phone only its icon shows, the label stays for screen readers. */
export function ToolButton({ label, icon, ...button }: Props) {
  return (
    <Button
      variant="outlined"
      aria-label={label}
      title={label}
      sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
      {...button}
    >
      {icon}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}
