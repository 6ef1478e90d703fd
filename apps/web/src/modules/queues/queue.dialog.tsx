import type { Queue } from '@balcao/shared';
import { planAllows } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useFileList, useFileListList } from '../files/files.api';
import { useIntegration, useIntegrationList } from '../integrations/integrations.api';
import { usePrompt, usePromptList } from '../prompts/prompts.api';
import { ChatbotOptionsEditor } from './chatbot-options-editor';
import { ColorPaletteField } from './color-palette-field';
import {
  type QueueFormInput,
  type QueueFormOutput,
  queueForm,
  queueFormDefaults,
  queueFormFieldNames,
} from './queue-form';
import { QueueLinkPicker } from './queue-link-picker';
import {
  useCreateQueue,
  useQueueList,
  useQueueSchedulesEnabled,
  useUpdateQueue,
  useUserChoices,
} from './queues.api';
import { ServiceHoursFields } from './service-hours-fields';

/** Spec 001 §9: the router's rotation times, in minutes. */
const ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

interface Props {
  /** The queue to edit, or null to create one. */
  queue: Queue | null;
  onClose: () => void;
}

export function QueueDialog({ queue, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const queues = useQueueList().data ?? [];
  const users = useUserChoices().data ?? [];
  const withHours = useQueueSchedulesEnabled();
  const plan = useSessionUser().company.plan;
  const [tab, setTab] = useState<'data' | 'hours'>('data');
  const createQueue = useCreateQueue();
  const updateQueue = useUpdateQueue();

  const { control, handleSubmit, setError, formState } = useForm<QueueFormInput, unknown, QueueFormOutput>({
    defaultValues: queueFormDefaults(
      queue,
      queues.filter((q) => q.id !== queue?.id).map((q) => q.color),
    ),
    resolver: zodResolver(queueForm) as Resolver<QueueFormInput, unknown, QueueFormOutput>,
  });

  const submit = handleSubmit(
    async (values) => {
      try {
        if (queue) await updateQueue.mutateAsync({ id: queue.id, body: values });
        else await createQueue.mutateAsync(values);
        toast.success(t('queues.dialog.saved'));
        onClose();
      } catch (error) {
        showServerError(error, setError, queueFormFieldNames);
      }
    },
    // A mistake on the tab not shown would otherwise look like a Save button that does nothing.
    (errors) => {
      if (withHours && errors.schedules && Object.keys(errors).length === 1) setTab('hours');
      else if (!errors.schedules) setTab('data');
    },
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{queue ? t('queues.dialog.titleEdit') : t('queues.dialog.titleAdd')}</DialogTitle>
        {withHours && (
          <Tabs value={tab} onChange={(_event, value) => setTab(value)} sx={{ px: 3 }}>
            <Tab value="data" label={t('queues.dialog.tabData')} />
            <Tab value="hours" label={t('queues.dialog.tabHours')} />
          </Tabs>
        )}
        <DialogContent dividers>
          <Box sx={{ display: tab === 'data' ? 'flex' : 'none', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '3fr 1fr' } }}>
              <TextInput control={control} name="name" label={t('queues.fields.name')} required autoFocus />
              <TextInput
                control={control}
                name="orderQueue"
                label={t('queues.fields.orderQueue')}
                type="number"
                slotProps={{ htmlInput: { min: 0 } }}
              />
            </Box>
            <ColorPaletteField control={control} />
            <TextInput
              control={control}
              name="greetingMessage"
              label={t('queues.fields.greetingMessage')}
              multiline
              minRows={3}
            />
            <TextInput
              control={control}
              name="outOfHoursMessage"
              label={t('queues.fields.outOfHoursMessage')}
              multiline
              minRows={2}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
              }}
            >
              <SwitchInput
                control={control}
                name="ativarRoteador"
                label={t('queues.fields.ativarRoteador')}
              />
              <SelectInput
                control={control}
                name="tempoRoteador"
                label={t('queues.fields.tempoRoteador')}
                size="small"
                options={ROTATION_MINUTES.map((value) => ({
                  value,
                  label:
                    value === 0
                      ? t('queues.fields.rotationOff')
                      : t('queues.fields.minutes', { count: value }),
                }))}
              />
              <SwitchInput control={control} name="closeTicket" label={t('queues.fields.closeTicket')} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              {planAllows(plan, 'useIntegrations') && (
                <QueueLinkPicker
                  control={control}
                  name="integrationId"
                  label={t('queues.links.integration')}
                  field="queueIntegrations"
                  useMatches={useIntegrationList}
                  useSelected={useIntegration}
                />
              )}
              <QueueLinkPicker
                control={control}
                name="fileListId"
                label={t('queues.links.fileList')}
                field="files"
                useMatches={useFileListList}
                useSelected={useFileList}
              />
              {planAllows(plan, 'useOpenAi') && (
                <QueueLinkPicker
                  control={control}
                  name="promptId"
                  label={t('queues.links.prompt')}
                  field="prompts"
                  useMatches={usePromptList}
                  useSelected={usePrompt}
                />
              )}
            </Box>
            <Divider />
            <Box>
              <Typography variant="subtitle1">{t('queues.chatbot.title')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {t('queues.chatbot.hint')}
              </Typography>
              <ChatbotOptionsEditor
                control={control}
                path="chatbots"
                depth={1}
                queues={queues.map((q) => ({ value: q.id, label: q.name }))}
                users={users.map((u) => ({ value: u.id, label: u.name }))}
              />
            </Box>
          </Box>
          {withHours && (
            <Box sx={{ display: tab === 'hours' ? 'block' : 'none' }}>
              <ServiceHoursFields control={control} />
            </Box>
          )}
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
