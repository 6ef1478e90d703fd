import Chip from '@mui/material/Chip';

/** A tag as the spec shows it everywhere: its name on its own colour. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <Chip
      size="small"
      label={name}
      sx={(theme) => ({ bgcolor: color, color: theme.palette.getContrastText(color), fontWeight: 500 })}
    />
  );
}
