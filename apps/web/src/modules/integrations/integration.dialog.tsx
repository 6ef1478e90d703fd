import { dialogflowLanguages, type Integration, integrationTypes } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import {
  type IntegrationFormInput,
  type IntegrationFormOutput,
  integrationDefaults,
  integrationFieldNames,
  integrationForm,
} from './integration-form';
import { useSaveIntegration, useTestSession } from './integrations.api';
import { TypebotFields } from './typebot-fields';

interface Props {
  integration: Integration | null;
  onClose: () => void;
}

/** The dialog that varies by type (spec 001 §2): Dialogflow's agent, a workflow URL, or a Typebot flow. */
export function IntegrationDialog({ integration, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveIntegration();
  const testSession = useTestSession();
  const { control, handleSubmit, setError, formState, getValues } = useForm<
    IntegrationFormInput,
    unknown,
    IntegrationFormOutput
  >({
    defaultValues: integrationDefaults(integration),
    resolver: zodResolver(integrationForm(integration !== null)) as Resolver<
      IntegrationFormInput,
      unknown,
      IntegrationFormOutput
    >,
  });
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: integration?.id, body });
      toast.success(t('integrations.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, integrationFieldNames);
    }
  });

  const runTest = () => {
    const { projectName, jsonContent, language } = getValues();
    testSession.mutate(
      { id: integration?.id, projectName, jsonContent, language: language || 'pt-BR' },
      {
        onSuccess: (answer) =>
          toast.success(t('integrations.dialog.testOk', { reply: answer.reply || answer.intent })),
        onError: (error) => toast.apiError(error),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {integration ? t('integrations.dialog.titleEdit') : t('integrations.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <SelectInput
              control={control}
              name="type"
              label={t('integrations.fields.type')}
              required
              options={integrationTypes.map((value) => ({ value, label: t(`integrations.types.${value}`) }))}
            />
            <TextInput
              control={control}
              name="name"
              label={t('integrations.fields.name')}
              required
              autoFocus
            />
          </Box>
          {type === 'dialogflow' ? (
            <>
              <TextInput
                control={control}
                name="projectName"
                label={t('integrations.fields.projectName')}
                required
              />
              <SelectInput
                control={control}
                name="language"
                label={t('integrations.fields.language')}
                required
                options={dialogflowLanguages.map((value) => ({ value, label: value }))}
              />
              <TextInput
                control={control}
                name="jsonContent"
                label={t('integrations.fields.jsonContent')}
                helperText={
                  integration?.hasJsonContent ? t('integrations.fields.jsonContentKept') : undefined
                }
                required={!integration?.hasJsonContent}
                multiline
                minRows={4}
              />
              <Button
                variant="outlined"
                onClick={runTest}
                loading={testSession.isPending}
                sx={{ alignSelf: 'start' }}
              >
                {t('integrations.dialog.testSession')}
              </Button>
            </>
          ) : (
            <TextInput control={control} name="urlN8N" label={t('integrations.fields.url')} required />
          )}
          {type === 'typebot' && <TypebotFields control={control} />}
          {(type === 'webhook' || type === 'n8n') &&
            (integration?.webhookSecret ? (
              <TextField
                label={t('integrations.fields.webhookSecret')}
                value={integration.webhookSecret}
                helperText={t('integrations.fields.webhookSecretHint')}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            ) : (
              <Alert severity="info">{t('integrations.fields.webhookSecretAfterSave')}</Alert>
            ))}
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
