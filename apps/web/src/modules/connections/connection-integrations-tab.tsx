import { planAllows } from '@balcao/shared';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import { useSessionUser } from '../../shared/session/session-user';
import { useIntegration, useIntegrationList } from '../integrations/integrations.api';
import { usePrompt, usePromptList } from '../prompts/prompts.api';
import { QueueLinkPicker } from '../queues/queue-link-picker';
import type { ConnectionFormInput } from './connection-form';

/**
 * Integrations tab: the integration or prompt a new conversation goes to before the greeting (each
 * where the plan has it), and the wavoip calling token.
 */
export function ConnectionIntegrationsTab({ control }: { control: Control<ConnectionFormInput> }) {
  const { t } = useTranslation();
  const plan = useSessionUser().company.plan;
  return (
    // The first field's label needs the room the other tabs give theirs.
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
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
      <TextInput
        control={control}
        name="wavoip"
        label={t('connections.dialog.wavoip')}
        helperText={t('connections.dialog.wavoipHint')}
      />
    </Box>
  );
}
