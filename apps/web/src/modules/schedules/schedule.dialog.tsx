import type { Schedule } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError, useFieldErrorText } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useSession } from '../../shared/session/session.store';
import { toast } from '../../shared/toast/toast.store';
import { FilePickButton } from '../../shared/ui/file-pick-button';
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
import { useSaveSchedule, useScheduleMedia } from './schedules.api';

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
  const scheduleMedia = useScheduleMedia();
  // A file picked here, or null once the saved one is to be removed; undefined keeps what is saved.
  const [attachment, setAttachment] = useState<File | null | undefined>(undefined);
  const shownAttachment = attachment === undefined ? schedule?.mediaName : attachment?.name;
  const editable = isEditable(schedule?.status);
  const timeZone = useSession().user?.company.timezone ?? 'America/Sao_Paulo';
  const [picked, setPicked] = useState<ContactOption | null>(schedule?.contact ?? contact ?? null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<ScheduleForm>({
    defaultValues: {
      body: schedule?.body ?? '',
      contactId: picked?.id ?? 0,
      sendAt: schedule ? toLocalInput(schedule.sendAt, timeZone) : defaultSendAt(timeZone),
    },
    resolver: zodResolver(scheduleForm),
  });

  const submit = handleSubmit(async ({ body, contactId, sendAt }) => {
    if (!editable) return toast.error(t('errors.ERR_SCHEDULE_ALREADY_SENT'));
    try {
      const saved = await saveSchedule.mutateAsync({
        id: schedule?.id,
        body: { body, contactId, sendAt: fromLocalInput(sendAt, timeZone) },
      });
      if (attachment !== undefined && (attachment || saved.mediaName))
        await scheduleMedia.mutateAsync({ id: saved.id, file: attachment });
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
            helperText={t('schedules.fields.timeZone', { timeZone })}
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
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FilePickButton
              accept="image/*,video/*,audio/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv"
              onPick={setAttachment}
              size="small"
              startIcon={<AttachFileIcon />}
              disabled={!editable}
            >
              {t('schedules.fields.attach')}
            </FilePickButton>
            {shownAttachment && (
              <Chip label={shownAttachment} onDelete={editable ? () => setAttachment(null) : undefined} />
            )}
          </Box>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
