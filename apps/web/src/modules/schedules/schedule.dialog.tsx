import type { Schedule } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError, useFieldErrorText } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { currentLanguage } from '../../shared/i18n/i18n';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { type ContactOption, ContactPicker } from './contact-picker';
import {
  defaultSendAt,
  fromLocalInput,
  isEditable,
  type ScheduleForm,
  scheduleForm,
  toLocalInput,
} from './schedule-form';
import { useSaveSchedule } from './schedules.api';

const fieldNames = ['body', 'contactId', 'sendAt'] as const;

interface Props {
  schedule: Schedule | null;
  /** The contact a new schedule is for, when opened from a chat. */
  contact?: ContactOption;
  onClose: () => void;
}

export function ScheduleDialog({ schedule, contact, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const saveSchedule = useSaveSchedule();
  const editable = isEditable(schedule?.status);
  const [picked, setPicked] = useState<ContactOption | null>(schedule?.contact ?? contact ?? null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<ScheduleForm>({
    defaultValues: {
      body: schedule?.body ?? '',
      contactId: picked?.id ?? 0,
      sendAt: schedule ? toLocalInput(schedule.sendAt) : defaultSendAt(),
    },
    resolver: zodResolver(scheduleForm),
  });

  const submit = handleSubmit(async ({ body, contactId, sendAt }) => {
    if (!editable) return toast.error(t('errors.ERR_SCHEDULE_ALREADY_SENT'));
    try {
      await saveSchedule.mutateAsync({
        id: schedule?.id,
        body: { body, contactId, sendAt: fromLocalInput(sendAt) },
      });
      toast.success(t('schedules.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {schedule ? t('schedules.dialog.titleEdit') : t('schedules.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ContactPicker
            value={picked}
            disabled={!editable}
            error={errorText(formState.errors.contactId)}
            onChange={(option) => {
              setPicked(option);
              setValue('contactId', option?.id ?? 0, { shouldValidate: formState.isSubmitted });
            }}
          />
          <TextInput
            control={control}
            name="sendAt"
            type="datetime-local"
            label={t('schedules.fields.sendAt')}
            required
            disabled={!editable}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { lang: currentLanguage() } }}
          />
          <TextInput
            control={control}
            name="body"
            label={t('schedules.fields.body')}
            required
            multiline
            minRows={3}
            maxRows={8}
            disabled={!editable}
          />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
