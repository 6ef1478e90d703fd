import { type MessageTemplate, renderTemplate } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type FieldError, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useFieldErrorText } from '../../shared/forms/form-errors';
import { emptyTemplateValues, TemplateValueFields } from '../messages/composer/template-values';
import type { CampaignForm } from './campaign-form';
import { useCampaignTemplates } from './campaigns.api';

interface Props {
  control: Control<CampaignForm>;
  errors: FieldErrors<CampaignForm>['template'];
  /** The campaign's Cloud API connections: the templates all of them have are offered. */
  connectionIds: number[];
  disabled: boolean;
}

const keyOf = (template: Pick<MessageTemplate, 'name' | 'language'>) =>
  `${template.name}:${template.language}`;

/**
 * The approved template a campaign sends on its Cloud API connections instead of its first text
 * (docs/decisions.md, "Campaign templates"), each value typed with the variables the messages use.
 */
export function CampaignTemplateField({ control, errors, connectionIds, disabled }: Props) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const templates = useCampaignTemplates(connectionIds);
  const offered = templates.data?.templates ?? [];
  // The form's errors of an array are sparse: one per value that is wrong.
  const textsOf = (list: unknown) =>
    Array.isArray(list) ? Array.from(list, (error?: FieldError) => errorText(error)) : undefined;
  return (
    <Box component="section" aria-labelledby="campaign-template-heading">
      <Typography id="campaign-template-heading" variant="subtitle2" component="h3">
        {t('campaigns.template.heading')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {t('campaigns.template.hint')}
      </Typography>
      {templates.isPending && <CircularProgress size={24} aria-label={t('campaigns.template.loading')} />}
      {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
      {templates.data && (
        <Controller
          control={control}
          name="template"
          render={({ field }) => {
            const chosen = field.value;
            const picked = chosen ? offered.find((item) => keyOf(item) === keyOf(chosen)) : undefined;
            const pick = (key: string) => {
              const template = offered.find((item) => keyOf(item) === key);
              field.onChange(
                template && {
                  name: template.name,
                  language: template.language,
                  ...emptyTemplateValues(template),
                },
              );
            };
            return (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TextField
                  select
                  label={t('campaigns.template.label')}
                  value={chosen ? keyOf(chosen) : ''}
                  onChange={(event) => pick(event.target.value)}
                  disabled={disabled}
                >
                  <MenuItem value="">{t('campaigns.template.none')}</MenuItem>
                  {chosen && !picked && <MenuItem value={keyOf(chosen)}>{chosen.name}</MenuItem>}
                  {offered.map((template) => (
                    <MenuItem key={keyOf(template)} value={keyOf(template)}>
                      {`${template.name} (${template.language})`}
                    </MenuItem>
                  ))}
                </TextField>
                {chosen && !picked && (
                  <Alert severity="warning">
                    {t('campaigns.template.unavailable', { name: chosen.name })}
                  </Alert>
                )}
                {chosen && picked && (
                  <>
                    <TemplateValueFields
                      template={picked}
                      values={chosen}
                      onChange={(values) => field.onChange({ ...chosen, ...values })}
                      disabled={disabled}
                      errors={{ parameters: textsOf(errors?.parameters), buttons: textsOf(errors?.buttons) }}
                    />
                    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
                      <Typography variant="caption" color="text.secondary">
                        {t('campaigns.template.preview')}
                      </Typography>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                        {renderTemplate(picked, chosen)}
                      </Typography>
                    </Box>
                  </>
                )}
              </Box>
            );
          }}
        />
      )}
    </Box>
  );
}
