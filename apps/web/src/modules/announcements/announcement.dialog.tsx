import type { Announcement } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { ImageField } from '../../shared/ui/image-field';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import {
  type AnnouncementForm,
  announcementFieldNames,
  announcementForm,
  announcementFormDefaults,
} from './announcement-form';
import { priorityKey } from './announcement-priority';
import { useAnnouncementMedia, useSaveAnnouncement } from './announcements.api';

interface Props {
  /** The announcement to edit, or null to create one. */
  record: Announcement | null;
  onClose: () => void;
}

export function AnnouncementDialog({ record, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveAnnouncement();
  const media = useAnnouncementMedia();
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [stored, setStored] = useState(
    record?.mediaPath ? { url: record.mediaPath, name: record.mediaName ?? '' } : null,
  );
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<AnnouncementForm>({
    defaultValues: announcementFormDefaults(record),
    resolver: zodResolver(announcementForm),
  });

  useEffect(() => {
    if (!pendingFile) return;
    const url = URL.createObjectURL(pendingFile);
    setPreview({ url, name: pendingFile.name });
    return () => URL.revokeObjectURL(url);
  }, [pendingFile]);

  const submit = handleSubmit(async (form) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, body: form });
      // The record exists now: a failed upload is reported but must not invite a second create.
      if (pendingFile) await media.mutateAsync({ id: saved.id, file: pendingFile }).catch(toast.apiError);
      toast.success(t('announcements.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, announcementFieldNames);
    }
  });

  const changeMedia = (file: File | null) => {
    if (!record) {
      setPendingFile(file);
      if (!file) setPreview(null);
      return;
    }
    media.mutate(
      { id: record.id, file },
      {
        onSuccess: (saved) => {
          setStored(saved.mediaPath ? { url: saved.mediaPath, name: saved.mediaName ?? '' } : null);
          if (!file) toast.success(t('announcements.dialog.mediaRemoved'));
        },
        onError: (error) => toast.apiError(error),
      },
    );
  };

  const priorities = [1, 2, 3].map((value) => ({ value, label: t(priorityKey(value)) }));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {record ? t('announcements.dialog.titleEdit') : t('announcements.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput
            control={control}
            name="title"
            label={t('announcements.fields.title')}
            required
            autoFocus
          />
          <TextInput
            control={control}
            name="text"
            label={t('announcements.fields.text')}
            required
            multiline
            minRows={3}
            maxRows={12}
          />
          <SelectInput
            control={control}
            name="priority"
            label={t('announcements.fields.priority')}
            options={priorities}
          />
          <SwitchInput control={control} name="status" label={t('announcements.fields.status')} />
          <ImageField
            accept="image/png,image/jpeg"
            attachLabel={t('announcements.dialog.attach')}
            removeLabel={t('announcements.dialog.removeMedia')}
            media={preview ?? stored}
            busy={media.isPending && Boolean(record)}
            onPick={changeMedia}
            onRemove={() => changeMedia(null)}
          />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
