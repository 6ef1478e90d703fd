import type { Channel, Connection } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type Control, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import type { QueueFormInput } from '../queues/queue-form';
import { useQueueSchedulesEnabled } from '../queues/queues.api';
import { ServiceHoursFields } from '../queues/service-hours-fields';
import { ConnectionChatbotTab, ConnectionNpsTab } from './connection-bot-tabs';
import {
  type ConnectionFormInput,
  type ConnectionFormOutput,
  connectionFieldNames,
  connectionForm,
  connectionFormDefaults,
  type DialogTab,
  restartsSession,
  tabOfField,
} from './connection-form';
import { ConnectionGeneralTab } from './connection-general-tab';
import { ConnectionIntegrationsTab } from './connection-integrations-tab';
import { ConnectionMessagesTab } from './connection-messages-tab';
import { useCreateConnection, useUpdateConnection } from './connections.api';

interface Props {
  /** The connection to edit, or null to create one of `channel`. */
  connection: Connection | null;
  channel: Channel;
  onClose: () => void;
}

/** Every tab stays mounted, so a field keeps its value and its error while another tab shows. */
const panelSx = (shown: boolean) => ({ display: shown ? 'flex' : 'none', flexDirection: 'column', gap: 2 });

export function ConnectionDialog({ connection, channel: pickedChannel, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const channel = connection?.channel ?? pickedChannel;
  const [tab, setTab] = useState<DialogTab>('general');
  const withSchedules = useQueueSchedulesEnabled('connection');
  const createConnection = useCreateConnection();
  const updateConnection = useUpdateConnection();
  const { control, handleSubmit, setError, formState } = useForm<
    ConnectionFormInput,
    unknown,
    ConnectionFormOutput
  >({
    defaultValues: connectionFormDefaults(connection, channel),
    resolver: zodResolver(connectionForm) as Resolver<ConnectionFormInput, unknown, ConnectionFormOutput>,
  });
  const values = useWatch({ control }) as ConnectionFormInput;
  const warnRestart = restartsSession(connection, values);

  const submit = handleSubmit(
    async (form) => {
      try {
        if (connection) {
          const { channel: _channel, ...body } = form;
          await updateConnection.mutateAsync({ id: connection.id, body });
        } else await createConnection.mutateAsync(form);
        toast.success(t('connections.dialog.saved'));
        onClose();
      } catch (error) {
        showServerError(error, setError, connectionFieldNames);
      }
    },
    // A mistake on a tab not shown would otherwise look like a Save button that does nothing.
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOfField(first));
    },
  );

  const tabs: DialogTab[] = ['general', 'integrations', 'messages', 'chatbot', 'nps'];
  if (withSchedules) tabs.push('schedules');
  const channelName = t(`connections.channels.${channel}`);
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {connection
            ? t('connections.dialog.titleEdit', { channel: channelName })
            : t('connections.dialog.titleAdd', { channel: channelName })}
        </DialogTitle>
        <Tabs
          value={tab}
          onChange={(_e, value: DialogTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ px: 3 }}
        >
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`connections.dialog.tabs.${name}`)} />
          ))}
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 360 }}>
          {warnRestart && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('connections.dialog.importRestartWarning')}
            </Alert>
          )}
          <Box role="tabpanel" sx={panelSx(tab === 'general')}>
            <ConnectionGeneralTab control={control} channel={channel} connection={connection} />
          </Box>
          <Box role="tabpanel" sx={panelSx(tab === 'integrations')}>
            <ConnectionIntegrationsTab control={control} />
          </Box>
          <Box role="tabpanel" sx={panelSx(tab === 'messages')}>
            <ConnectionMessagesTab control={control} connection={connection} />
          </Box>
          <Box role="tabpanel" sx={panelSx(tab === 'chatbot')}>
            <ConnectionChatbotTab control={control} />
          </Box>
          <Box role="tabpanel" sx={panelSx(tab === 'nps')}>
            <ConnectionNpsTab control={control} />
          </Box>
          {withSchedules && (
            <Box role="tabpanel" sx={panelSx(tab === 'schedules')}>
              {/* The same weekday shifts as a queue's: the editor only touches `schedules`. */}
              <ServiceHoursFields control={control as unknown as Control<QueueFormInput>} />
            </Box>
          )}
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
