import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's title with its tools (search, add) to the right, wrapping under it on narrow screens. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', '& > :first-child': { flex: { xs: 1, sm: 'none' } } }}
        >
          {children}
        </Stack>
      )}
    </Stack>
  );
}
