import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure of the campaign report: its name above, its value large. */
export function ReportCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {icon}
        <div>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
