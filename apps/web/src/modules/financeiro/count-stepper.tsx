import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A count with − and + that never goes below `min` (spec 001 §5: custom-plan steppers stop at 3). */
export function CountStepper(props: {
  label: string;
  value: number;
  min: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const { label, value, min, onChange } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography>{label}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('financeiro.wizard.less', { label })}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          <RemoveIcon />
        </IconButton>
        <Typography component="output" aria-label={label} sx={{ minWidth: 32, textAlign: 'center' }}>
          {value}
        </Typography>
        <IconButton aria-label={t('financeiro.wizard.more', { label })} onClick={() => onChange(value + 1)}>
          <AddIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}
