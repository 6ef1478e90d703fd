import type { QuickMessage } from '@balcao/shared';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { previewOf } from './quick-answers';

/** The matching quick answers, above the composer; picking one puts its text (and image) in the draft. */
export function QuickAnswerList({
  matches,
  onPick,
}: {
  matches: QuickMessage[];
  onPick: (record: QuickMessage) => void;
}) {
  const { t } = useTranslation();
  if (matches.length === 0) return null;
  return (
    <Paper
      elevation={4}
      sx={{
        position: 'absolute',
        left: 8,
        right: 8,
        bottom: '100%',
        maxHeight: 240,
        overflow: 'auto',
        zIndex: 1,
      }}
    >
      <List dense aria-label={t('quickMessages.composer.label')}>
        {matches.map((record) => (
          <ListItemButton key={record.id} onClick={() => onPick(record)}>
            <ListItemText primary={`/${record.shortcode}`} secondary={previewOf(record.message)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
