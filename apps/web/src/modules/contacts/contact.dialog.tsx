import type { Contact } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import {
  type ContactFormInput,
  type ContactFormOutput,
  contactFormDefaults,
  contactFormFieldNames,
  createContactForm,
  editContactForm,
  toCreateContactBody,
  toUpdateContactBody,
} from './contact-form';
import { useCreateContact, useUpdateContact } from './contacts.api';

interface Props {
  /** The contact to edit, or null to create one. */
  contact: Contact | null;
  onClose: () => void;
  /** A new contact starts with this name (the new-ticket dialog's typed name). */
  initialName?: string;
  /** Told the new contact once saved, before the dialog closes. */
  onCreated?: (contact: Contact) => void;
}

export function ContactDialog({ contact, onClose, initialName, onCreated }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const { control, handleSubmit, setError, formState } = useForm<
    ContactFormInput,
    unknown,
    ContactFormOutput
  >({
    defaultValues: {
      ...contactFormDefaults(contact),
      ...(contact || !initialName ? {} : { name: initialName }),
    },
    resolver: zodResolver(contact ? editContactForm : createContactForm) as Resolver<
      ContactFormInput,
      unknown,
      ContactFormOutput
    >,
  });
  const extraInfo = useFieldArray({ control, name: 'extraInfo' });

  const submit = handleSubmit(async (values) => {
    try {
      if (contact) await updateContact.mutateAsync({ id: contact.id, body: toUpdateContactBody(values) });
      else {
        const created = await createContact.mutateAsync(toCreateContactBody(values));
        onCreated?.(created);
      }
      toast.success(t('contacts.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, contactFormFieldNames);
    }
  });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{contact ? t('contacts.dialog.titleEdit') : t('contacts.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('contacts.fields.name')} required autoFocus />
          <TextInput
            control={control}
            name="number"
            label={t('contacts.fields.number')}
            type="tel"
            required={!contact}
            blankAsUndefined={Boolean(contact)}
            helperText={
              contact?.numberHidden ? t('contacts.dialog.numberHidden') : t('contacts.dialog.numberHelp')
            }
          />
          <TextInput control={control} name="email" label={t('contacts.fields.email')} type="email" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <SwitchInput control={control} name="disableBot" label={t('contacts.fields.disableBot')} />
            <SwitchInput
              control={control}
              name="acceptAudioMessage"
              label={t('contacts.fields.acceptAudioMessage')}
            />
          </Box>
          <Typography variant="subtitle2">{t('contacts.dialog.extraInfo')}</Typography>
          {extraInfo.fields.map((field, index) => (
            <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextInput
                control={control}
                name={`extraInfo.${index}.name`}
                label={t('contacts.fields.extraName')}
                sx={{ flex: 1 }}
              />
              <TextInput
                control={control}
                name={`extraInfo.${index}.value`}
                label={t('contacts.fields.extraValue')}
                sx={{ flex: 2 }}
              />
              <IconButton
                aria-label={t('contacts.dialog.removeExtra')}
                onClick={() => extraInfo.remove(index)}
                sx={{ mt: 1 }}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => extraInfo.append({ name: '', value: '' })}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('contacts.dialog.addExtra')}
          </Button>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
