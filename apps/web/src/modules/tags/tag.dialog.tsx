import { type Tag, updateTagBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useSaveTag } from './tags.api';

/** The modal always sends the three fields; the contract's update is partial, the form is not. */
const tagForm = updateTagBody.required();
type TagForm = z.infer<typeof tagForm>;
const fieldNames = ['name', 'color', 'kanban'] as const;

interface Props {
  tag: Tag | null;
  onClose: () => void;
  /** A new tag starts as a Kanban lane (made from the lanes' page). */
  newLane?: boolean;
}

export function TagDialog({ tag, onClose, newLane = false }: Props) {
  const { t } = useTranslation();
  const saveTag = useSaveTag();
  const { control, handleSubmit, setError, formState } = useForm<TagForm>({
    defaultValues: {
      name: tag?.name ?? '',
      color: tag?.color ?? '#5C6BC0',
      kanban: (tag ? tag.kanban : Number(newLane)) ? 1 : 0,
    },
    resolver: zodResolver(tagForm),
  });

  const submit = handleSubmit(async (body) => {
    try {
      await saveTag.mutateAsync({ id: tag?.id, body });
      toast.success(t('tags.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{tag ? t('tags.dialog.titleEdit') : t('tags.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('tags.fields.name')} required autoFocus />
          <TextInput control={control} name="color" label={t('tags.fields.color')} type="color" />
          <SwitchInput control={control} name="kanban" label={t('tags.fields.kanban')} values={[1, 0]} />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
