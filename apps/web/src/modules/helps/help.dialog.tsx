import type { Help } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import {
  type HelpFormInput,
  type HelpFormOutput,
  helpFieldNames,
  helpForm,
  helpFormDefaults,
} from './help-form';
import { useSaveHelp } from './helps.api';

interface Props {
  /** The help video to edit, or null to add one. */
  record: Help | null;
  onClose: () => void;
}

export function HelpDialog({ record, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveHelp();
  const { control, handleSubmit, setError, formState } = useForm<HelpFormInput, unknown, HelpFormOutput>({
    defaultValues: helpFormDefaults(record),
    resolver: zodResolver(helpForm),
  });

  const submit = handleSubmit(async (form) => {
    try {
      await save.mutateAsync({ id: record?.id, body: form });
      toast.success(t('helps.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, helpFieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{record ? t('helps.dialog.titleEdit') : t('helps.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="title" label={t('helps.fields.title')} required autoFocus />
          <TextInput
            control={control}
            name="video"
            label={t('helps.fields.video')}
            helperText={t('helps.dialog.videoHelp')}
            required
          />
          <TextInput
            control={control}
            name="description"
            label={t('helps.fields.description')}
            multiline
            minRows={2}
            maxRows={8}
          />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
