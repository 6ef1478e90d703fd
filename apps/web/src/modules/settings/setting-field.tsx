import type { Setting } from '@balcao/shared';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { useUpdateSetting } from './settings.api';
import { controlFor, isValidSettingValue } from './settings-sections';

interface ControlProps {
  setting: Setting;
  labelId: string;
  descriptionId: string;
  busy: boolean;
  onSave: (value: string) => void;
}

function ToggleControl({
  setting,
  labelId,
  descriptionId,
  busy,
  onSave,
  shown,
}: ControlProps & { shown: string }) {
  return (
    <Switch
      checked={shown === 'enabled'}
      disabled={busy}
      onChange={(event) => onSave(event.target.checked ? 'enabled' : 'disabled')}
      slotProps={{
        input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId, name: setting.key },
      }}
    />
  );
}

function ChoiceControl({
  setting,
  labelId,
  descriptionId,
  busy,
  onSave,
  options,
}: ControlProps & { options: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      value={setting.value}
      disabled={busy}
      onChange={(event) => onSave(event.target.value)}
      sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
      slotProps={{
        // The native list: arrow keys and the phone's own picker, no custom popup to learn.
        select: { native: true },
        htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId, name: setting.key },
      }}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {t(`settings.options.${setting.key}.${option}`)}
        </option>
      ))}
    </TextField>
  );
}

/** Text is saved when the field is left (or Enter in a one-line field), not at every key press. */
function TextControl({
  setting,
  labelId,
  descriptionId,
  busy,
  onSave,
  multiline,
}: ControlProps & { multiline: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(setting.value);
  const invalid = !isValidSettingValue(setting.key, draft);

  useEffect(() => setDraft(setting.value), [setting.value]);

  const commit = () => {
    if (draft !== setting.value && !invalid) onSave(draft);
  };

  return (
    <TextField
      size="small"
      value={draft}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      disabled={busy}
      error={invalid}
      helperText={invalid ? t('validation.invalidValue') : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (!multiline && event.key === 'Enter') commit();
      }}
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId, name: setting.key },
      }}
    />
  );
}

/** One setting: what it is called, what it does, and its control; a change is saved at once. */
export function SettingField({ setting }: { setting: Setting }) {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  const update = useUpdateSetting();
  const control = controlFor(setting.key);

  const save = (value: string) =>
    update.mutate(
      { key: setting.key, value },
      {
        onSuccess: () => toast.success(t('settings.saved')),
        onError: (error) => toast.apiError(error),
      },
    );

  const props: ControlProps = { setting, labelId, descriptionId, busy: update.isPending, onSave: save };
  let input: ReactNode;
  if (control.kind === 'toggle')
    input = <ToggleControl {...props} shown={update.isPending ? update.variables.value : setting.value} />;
  else if (control.kind === 'choice') input = <ChoiceControl {...props} options={control.options} />;
  else input = <TextControl {...props} multiline={control.multiline} />;

  const stacks = control.kind !== 'toggle';
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: stacks ? { xs: 'column', sm: 'row' } : 'row',
        alignItems: stacks ? { xs: 'stretch', sm: 'center' } : 'center',
        justifyContent: 'space-between',
        gap: { xs: 1, sm: 2 },
        px: 2,
        py: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} variant="subtitle2" component="p">
          {t(`settings.keys.${setting.key}.label`)}
        </Typography>
        <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`settings.keys.${setting.key}.description`)}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{input}</Box>
    </Box>
  );
}
