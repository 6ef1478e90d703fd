import { campaignConfirmationKeys, campaignMessageKeys } from '@balcao/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Control, FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import type { CampaignForm } from './campaign-form';

interface Props {
  control: Control<CampaignForm>;
  errors: FieldErrors<CampaignForm>;
  confirmation: boolean;
  disabled: boolean;
  /** `{nome}`, `{numero}`, `{email}` and the company's own variables. */
  variables: string[];
}

/**
 * Spec 001 §2: five message variants (each recipient gets one at random), each with the question
 * sent first when the campaign asks for confirmation. A tab with an error is marked.
 */
export function CampaignMessages({ control, errors, confirmation, disabled, variables }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, index: number) => setTab(index)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('campaigns.dialog.messages')}
      >
        {campaignMessageKeys.map((key, index) => (
          <Tab
            key={key}
            id={`campaign-message-tab-${index}`}
            aria-controls={`campaign-message-panel-${index}`}
            label={t('campaigns.dialog.messageTab', { number: index + 1 })}
            sx={
              errors[key] || errors[campaignConfirmationKeys[index] ?? key]
                ? { color: 'error.main' }
                : undefined
            }
          />
        ))}
      </Tabs>
      {campaignMessageKeys.map((key, index) => {
        const confirmationKey = campaignConfirmationKeys[index] ?? 'confirmationMessage1';
        return (
          <Box
            key={key}
            role="tabpanel"
            id={`campaign-message-panel-${index}`}
            aria-labelledby={`campaign-message-tab-${index}`}
            hidden={tab !== index}
            sx={{ pt: 2, display: tab === index ? 'flex' : 'none', flexDirection: 'column', gap: 2 }}
          >
            {confirmation && (
              <TextInput
                control={control}
                name={confirmationKey}
                label={t('campaigns.fields.confirmationMessage', { number: index + 1 })}
                helperText={t('campaigns.fields.confirmationHint')}
                multiline
                minRows={2}
                maxRows={6}
                disabled={disabled}
              />
            )}
            <TextInput
              control={control}
              name={key}
              label={t('campaigns.fields.message', { number: index + 1 })}
              multiline
              minRows={4}
              maxRows={10}
              disabled={disabled}
            />
          </Box>
        );
      })}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('campaigns.dialog.variables', { variables: variables.join(' ') })}
      </Typography>
    </Box>
  );
}
