import { type Chat, type SaveChatBody, saveChatBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError, useFieldErrorText } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { useSaveChat, useUserOptions } from './chats.api';

interface Props {
  /** The chat to edit (its owner only), or null to start one. */
  chat: Chat | null;
  onClose: () => void;
}

type Person = { id: number; name: string };

/**
 * Title and members (spec 000 §5, 001 §5): each rule's message shows as soon as the field is left
 * wrong, and Save stays off until both hold. The owner belongs to every chat they own, so they are
 * not offered.
 */
export function ChatDialog({ chat, onClose }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveChat();
  const people = useUserOptions();
  const errorText = useFieldErrorText();
  const options = (people.data ?? []).filter((person) => person.id !== me.id);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof saveChatBody>,
    unknown,
    SaveChatBody
  >({
    mode: 'all',
    defaultValues: {
      title: chat?.title ?? '',
      users: (chat?.users ?? [])
        .filter((member) => member.userId !== me.id)
        .map((member) => ({ id: member.userId, name: member.user.name })),
    },
    resolver: zodResolver(saveChatBody),
  });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: chat?.id, body });
      toast.success(t(chat ? 'chats.dialog.updated' : 'chats.dialog.created'));
      onClose();
    } catch (error) {
      showServerError(error, setError, ['title', 'users']);
    }
  });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{chat ? t('chats.dialog.titleEdit') : t('chats.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="title" label={t('chats.fields.title')} required autoFocus />
          <Controller
            control={control}
            name="users"
            render={({ field, fieldState }) => (
              <Autocomplete<Person, true>
                multiple
                options={options}
                loading={people.isPending}
                value={field.value as Person[]}
                onChange={(_event, value) => field.onChange(value)}
                onBlur={field.onBlur}
                getOptionLabel={(person) => person.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                filterSelectedOptions
                noOptionsText={t('chats.dialog.noUsers')}
                loadingText={t('common.loading')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('chats.fields.users')}
                    required
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error?.root ?? fieldState.error)}
                  />
                )}
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!formState.isValid}>
            {t('common.actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
