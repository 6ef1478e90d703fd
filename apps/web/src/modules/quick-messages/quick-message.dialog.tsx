import { can, type QuickMessage } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ImageField } from '../../shared/ui/image-field';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import {
  type QuickMessageForm,
  quickMessageFieldNames,
  quickMessageForm,
  quickMessageFormDefaults,
  toQuickMessageBody,
} from './quick-message-form';
import { useQuickMessageCategories, useQuickMessageMedia, useSaveQuickMessage } from './quick-messages.api';

interface Props {
  /** The quick message to edit, or null to create one. */
  record: QuickMessage | null;
  onClose: () => void;
}

export function QuickMessageDialog({ record, onClose }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const mayChooseGeral = can(me, 'quick-messages:manageAll');
  const save = useSaveQuickMessage();
  const media = useQuickMessageMedia();
  const categories = useQuickMessageCategories();
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [stored, setStored] = useState(
    record?.mediaPath ? { url: record.mediaPath, name: record.mediaName ?? '' } : null,
  );
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);

  const { control, handleSubmit, setError, formState } = useForm<QuickMessageForm>({
    defaultValues: quickMessageFormDefaults(record, mayChooseGeral),
    resolver: zodResolver(quickMessageForm),
  });
  const isCategory = useWatch({ control, name: 'isCategory' });

  useEffect(() => {
    if (!pendingFile) return;
    const url = URL.createObjectURL(pendingFile);
    setPreview({ url, name: pendingFile.name });
    return () => URL.revokeObjectURL(url);
  }, [pendingFile]);

  const submit = handleSubmit(async (form) => {
    try {
      const saved = await save.mutateAsync({
        id: record?.id,
        body: toQuickMessageBody(form, mayChooseGeral),
      });
      // The record exists now: a failed upload is reported but must not invite a second create.
      if (pendingFile) await media.mutateAsync({ id: saved.id, file: pendingFile }).catch(toast.apiError);
      toast.success(t('quickMessages.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, quickMessageFieldNames);
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
          if (!file) toast.success(t('quickMessages.dialog.mediaRemoved'));
        },
        onError: (error) => toast.apiError(error),
      },
    );
  };

  const categoryOptions = [
    { value: 0, label: t('quickMessages.dialog.noCategory') },
    ...(categories.data ?? [])
      .filter((category) => category.id !== record?.id)
      .map((category) => ({ value: category.id, label: category.shortcode })),
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {record ? t('quickMessages.dialog.titleEdit') : t('quickMessages.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput
            control={control}
            name="shortcode"
            label={t('quickMessages.fields.shortcode')}
            required
            autoFocus
          />
          <SwitchInput control={control} name="isCategory" label={t('quickMessages.fields.isCategory')} />
          {!isCategory && (
            <>
              <TextInput
                control={control}
                name="message"
                label={t('quickMessages.fields.message')}
                required
                multiline
                minRows={3}
                maxRows={10}
              />
              <SelectInput
                control={control}
                name="categoryId"
                label={t('quickMessages.fields.category')}
                options={categoryOptions}
              />
              <ImageField
                accept="image/*"
                attachLabel={t('quickMessages.dialog.attach')}
                removeLabel={t('quickMessages.dialog.removeMedia')}
                media={preview ?? stored}
                busy={media.isPending && Boolean(record)}
                onPick={changeMedia}
                onRemove={() => changeMedia(null)}
              />
            </>
          )}
          {mayChooseGeral && (
            <SwitchInput control={control} name="geral" label={t('quickMessages.fields.geral')} />
          )}
          <SwitchInput control={control} name="status" label={t('quickMessages.fields.status')} />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
