import { type Channel, type Connection, type SaveConnectionBody, saveConnectionBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useCreateConnection, useUpdateConnection } from './connections.api';

interface Props {
  /** The connection to edit, or null to create one of `channel`. */
  connection: Connection | null;
  channel: Channel;
  onClose: () => void;
}

type FormInput = z.input<typeof saveConnectionBody>;
type DialogTab = 'general' | 'messages';

const fieldNames = ['name', 'isDefault', 'greetingMessage', 'complationMessage'] as const;
const generalFields: readonly string[] = ['name', 'isDefault'];
/** Both tabs stay mounted, so a field keeps its value and its error while the other tab shows. */
const panelSx = (shown: boolean) => ({ display: shown ? 'flex' : 'none', flexDirection: 'column', gap: 2 });

export function ConnectionDialog({ connection, channel, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [tab, setTab] = useState<DialogTab>('general');
  const createConnection = useCreateConnection();
  const updateConnection = useUpdateConnection();
  const { control, handleSubmit, setError, formState } = useForm<FormInput, unknown, SaveConnectionBody>({
    defaultValues: {
      name: connection?.name ?? '',
      channel: connection?.channel ?? channel,
      isDefault: connection?.isDefault ?? false,
      greetingMessage: connection?.greetingMessage ?? '',
      complationMessage: connection?.complationMessage ?? '',
    },
    resolver: zodResolver(saveConnectionBody),
  });

  const showTabWith = (fields: string[]) => {
    if (fields.length) setTab(fields.some((name) => generalFields.includes(name)) ? 'general' : 'messages');
  };

  const submit = handleSubmit(
    async (values) => {
      try {
        if (connection) {
          // Only what this form edits: the other messages belong to tabs of later issues.
          const { name, isDefault, greetingMessage, complationMessage } = values;
          const body = { name, isDefault, greetingMessage, complationMessage };
          await updateConnection.mutateAsync({ id: connection.id, body });
        } else {
          await createConnection.mutateAsync(values);
        }
        toast.success(t('connections.dialog.saved'));
        onClose();
      } catch (error) {
        showServerError(error, setError, fieldNames);
      }
    },
    (errors) => showTabWith(Object.keys(errors)),
  );

  const channelName = t(`connections.channels.${connection?.channel ?? channel}`);
  // The company keeps one default: it moves by starring another connection, never by unstarring this one.
  const defaultLocked = connection?.isDefault === true;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {connection
            ? t('connections.dialog.titleEdit', { channel: channelName })
            : t('connections.dialog.titleAdd', { channel: channelName })}
        </DialogTitle>
        <Tabs value={tab} onChange={(_e, value: DialogTab) => setTab(value)} sx={{ px: 3 }}>
          <Tab value="general" label={t('connections.dialog.tabGeneral')} />
          <Tab value="messages" label={t('connections.dialog.tabMessages')} />
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 320 }}>
          <Box role="tabpanel" sx={panelSx(tab === 'general')}>
            <TextInput
              control={control}
              name="name"
              label={t('connections.dialog.name')}
              required
              autoFocus
              sx={{ mt: 1 }}
            />
            <Box>
              <SwitchInput
                control={control}
                name="isDefault"
                label={t('connections.dialog.isDefault')}
                disabled={defaultLocked}
              />
              {defaultLocked && <FormHelperText>{t('connections.dialog.defaultLocked')}</FormHelperText>}
            </Box>
          </Box>
          <Box role="tabpanel" sx={panelSx(tab === 'messages')}>
            <TextInput
              control={control}
              name="greetingMessage"
              label={t('connections.dialog.greetingMessage')}
              helperText={t('connections.dialog.greetingHint')}
              multiline
              minRows={3}
              sx={{ mt: 1 }}
            />
            <TextInput
              control={control}
              name="complationMessage"
              label={t('connections.dialog.complationMessage')}
              helperText={t('connections.dialog.complationHint')}
              multiline
              minRows={3}
            />
          </Box>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
