import { type ContactList, contactListBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useSaveContactList } from './contact-lists.api';

type ListForm = z.infer<typeof contactListBody>;

export function ContactListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContactList();
  const { control, handleSubmit, setError, formState } = useForm<ListForm>({
    defaultValues: { name: list?.name ?? '' },
    resolver: zodResolver(contactListBody),
  });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: list?.id, body });
      toast.success(t('contactLists.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, ['name']);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {list ? t('contactLists.dialog.titleEdit') : t('contactLists.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers>
          <TextInput
            control={control}
            name="name"
            label={t('contactLists.fields.name')}
            required
            autoFocus
            fullWidth
          />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
