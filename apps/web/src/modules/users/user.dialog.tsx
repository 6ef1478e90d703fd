import { can, type User } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { applyLanguage } from '../../shared/i18n/i18n';
import { updateSessionUser } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { setThemeMode } from '../../shared/theme/theme-mode';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { UserAccessFields } from './user-access-fields';
import { UserAvatarField } from './user-avatar-field';
import {
  createUserForm,
  editUserForm,
  toCreateUserBody,
  toUserBody,
  type UserFormInput,
  type UserFormOutput,
  userFormDefaults,
  userFormFieldNames,
} from './user-form';
import { UserPreferenceFields } from './user-preference-fields';
import { useCreateUser, useUpdateUser, useUploadUserAvatar } from './users.api';

interface Props {
  /** The user to edit, or null to create one. */
  user: User | null;
  onClose: () => void;
}

export function UserDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const asAdmin = can(me, 'users:manage');
  const isSelf = user?.id === me.id;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  const [avatarUrl, setAvatarUrl] = useState(user?.profileImage ?? null);

  const { control, handleSubmit, setError, formState } = useForm<UserFormInput, unknown, UserFormOutput>({
    defaultValues: userFormDefaults(user),
    resolver: zodResolver(user ? editUserForm : createUserForm) as Resolver<
      UserFormInput,
      unknown,
      UserFormOutput
    >,
  });
  const name = useWatch({ control, name: 'name' }) ?? '';

  useEffect(() => {
    if (!pendingAvatar) return;
    const url = URL.createObjectURL(pendingAvatar);
    setAvatarUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingAvatar]);

  const afterSave = (saved: User) => {
    if (isSelf) {
      updateSessionUser(saved);
      applyLanguage(saved.language);
      if (saved.defaultTheme !== user?.defaultTheme) setThemeMode(saved.defaultTheme);
    }
    toast.success(t('users.dialog.saved'));
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      if (user) {
        afterSave(await updateUser.mutateAsync({ id: user.id, body: toUserBody(values, asAdmin) }));
        return;
      }
      const created = await createUser.mutateAsync(toCreateUserBody(values, asAdmin));
      // The user exists now: a failed photo upload is reported but must not invite a second create.
      if (pendingAvatar) {
        await uploadAvatar.mutateAsync({ id: created.id, file: pendingAvatar }).catch(toast.apiError);
      }
      afterSave(created);
    } catch (error) {
      showServerError(error, setError, userFormFieldNames);
    }
  });

  const pickAvatar = (file: File) => {
    if (!user) {
      setPendingAvatar(file);
      return;
    }
    uploadAvatar.mutate(
      { id: user.id, file },
      {
        onSuccess: (saved) => {
          setAvatarUrl(saved.profileImage);
          if (isSelf) updateSessionUser(saved);
          toast.success(t('users.dialog.avatarSaved'));
        },
        onError: (error) => toast.apiError(error),
      },
    );
  };

  const title = isSelf
    ? t('users.dialog.titleProfile')
    : user
      ? t('users.dialog.titleEdit')
      : t('users.dialog.titleAdd');
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <UserAvatarField
            name={name}
            imageUrl={avatarUrl}
            busy={uploadAvatar.isPending && Boolean(user)}
            onPick={pickAvatar}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextInput control={control} name="name" label={t('users.fields.name')} required autoFocus />
            <TextInput control={control} name="email" label={t('users.fields.email')} type="email" required />
            <TextInput
              control={control}
              name="password"
              label={t('users.fields.password')}
              type="password"
              autoComplete="new-password"
              required={!user}
              blankAsUndefined={Boolean(user)}
              helperText={user ? t('users.dialog.passwordKeep') : undefined}
            />
            {isSelf && (
              <TextInput
                control={control}
                name="currentPassword"
                label={t('users.fields.currentPassword')}
                type="password"
                autoComplete="current-password"
                blankAsUndefined
              />
            )}
            <TextInput control={control} name="wpp" label={t('users.fields.wpp')} type="tel" />
          </Box>
          {asAdmin && (
            <>
              <Divider />
              <UserAccessFields control={control} />
            </>
          )}
          <Divider />
          <UserPreferenceFields control={control} />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
