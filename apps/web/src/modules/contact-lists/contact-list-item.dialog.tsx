import { type ContactListItem, createContactListItemBody } from '@balcao/shared';
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
import { useSaveItem } from './contact-lists.api';

/** The dialog always sends the three fields, validated as the server will (spec 001 §5). */
const itemForm = createContactListItemBody.omit({ contactListId: true });
type ItemForm = z.input<typeof itemForm>;
const fieldNames = ['name', 'number', 'email'] as const;

interface Props {
  contactListId: number;
  item: ContactListItem | null;
  onClose: () => void;
}

export function ContactListItemDialog({ contactListId, item, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveItem();
  const { control, handleSubmit, setError, formState } = useForm<
    ItemForm,
    unknown,
    z.output<typeof itemForm>
  >({
    defaultValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    resolver: zodResolver(itemForm),
  });

  const submit = handleSubmit(async (fields) => {
    try {
      await save.mutateAsync({ id: item?.id, body: item ? fields : { ...fields, contactListId } });
      toast.success(t('contactLists.itemDialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {item ? t('contactLists.itemDialog.titleEdit') : t('contactLists.itemDialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('contactLists.fields.name')} required autoFocus />
          <TextInput
            control={control}
            name="number"
            label={t('contactLists.fields.number')}
            required
            inputMode="tel"
            helperText={t('contactLists.itemDialog.numberHelp')}
          />
          <TextInput control={control} name="email" label={t('contactLists.fields.email')} type="email" />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
