import { type FacebookLoginBody, facebookLoginBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useConnectFacebook } from './connections.api';

/**
 * Connects the pages of a Facebook login (POST /facebook): the admin gives the user token Facebook
 * Login produced (or Graph API Explorer shows), and each page becomes a connection.
 */
export function FacebookConnectDialog({ instagram, onClose }: { instagram: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const connect = useConnectFacebook();
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof facebookLoginBody>,
    unknown,
    FacebookLoginBody
  >({
    defaultValues: { facebookUserId: '', facebookUserToken: '', addInstagram: instagram },
    resolver: zodResolver(facebookLoginBody),
  });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await connect.mutateAsync(values);
      toast.success(t('connections.facebook.connected', { count: saved.length }));
      onClose();
    } catch (error) {
      showServerError(error, setError, ['facebookUserId', 'facebookUserToken']);
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{t('connections.facebook.title')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('connections.facebook.text')}</DialogContentText>
          <TextInput
            control={control}
            name="facebookUserId"
            label={t('connections.facebook.userId')}
            required
          />
          <TextInput
            control={control}
            name="facebookUserToken"
            label={t('connections.facebook.userToken')}
            type="password"
            autoComplete="off"
            required
          />
          <SwitchInput control={control} name="addInstagram" label={t('connections.facebook.addInstagram')} />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
