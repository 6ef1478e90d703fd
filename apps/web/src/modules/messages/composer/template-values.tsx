import { type MessageTemplate, templateHeaderNeedsValue, templateMediaSource } from '@balcao/shared';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** What the attendant types for a template: its header's value, its body's variables, its URL buttons' ends. */
export interface TemplateValues {
  header: string;
  parameters: string[];
  buttons: string[];
}

export const emptyTemplateValues = (template?: MessageTemplate): TemplateValues => ({
  header: '',
  parameters: (template?.variables ?? []).map(() => ''),
  buttons: (template?.buttons ?? []).map(() => ''),
});

const MEDIA_LABELS = {
  IMAGE: 'messages.templates.headerImage',
  VIDEO: 'messages.templates.headerVideo',
  DOCUMENT: 'messages.templates.headerDocument',
} as const;

const replaceAt = (list: string[], index: number, value: string) =>
  list.map((current, i) => (i === index ? value : current));

/** What is wrong with each value, as text; a campaign's form checks them before sending. */
export interface TemplateValueErrors {
  parameters?: (string | undefined)[];
  buttons?: (string | undefined)[];
}

/** One field per value the template needs, labelled the way the template names it. */
export function TemplateValueFields({
  template,
  values,
  onChange,
  disabled = false,
  errors,
}: {
  template: MessageTemplate;
  values: TemplateValues;
  onChange: (values: TemplateValues) => void;
  disabled?: boolean;
  errors?: TemplateValueErrors;
}) {
  const { t } = useTranslation();
  const { header } = template;
  const mediaInvalid =
    header?.format !== 'TEXT' && values.header !== '' && templateMediaSource(values.header) === undefined;
  return (
    <>
      {header && templateHeaderNeedsValue(header) && (
        <TextField
          required
          label={
            header.format === 'TEXT' ? t('messages.templates.headerVariable') : t(MEDIA_LABELS[header.format])
          }
          value={values.header}
          disabled={disabled}
          error={mediaInvalid}
          helperText={mediaInvalid ? t('messages.templates.mediaInvalid') : undefined}
          onChange={(event) => onChange({ ...values, header: event.target.value })}
        />
      )}
      {template.variables.map((name, index) => (
        <TextField
          required
          key={name}
          label={
            template.parameterFormat === 'NAMED'
              ? t('messages.templates.namedVariable', { name })
              : t('messages.templates.variable', { number: name })
          }
          value={values.parameters[index] ?? ''}
          disabled={disabled}
          error={Boolean(errors?.parameters?.[index])}
          helperText={errors?.parameters?.[index]}
          onChange={(event) =>
            onChange({ ...values, parameters: replaceAt(values.parameters, index, event.target.value) })
          }
        />
      ))}
      {template.buttons.map((button, index) => (
        <TextField
          required
          key={button.index}
          label={t('messages.templates.buttonSuffix', { text: button.text })}
          helperText={errors?.buttons?.[index] ?? button.url}
          error={Boolean(errors?.buttons?.[index])}
          disabled={disabled}
          value={values.buttons[index] ?? ''}
          onChange={(event) =>
            onChange({ ...values, buttons: replaceAt(values.buttons, index, event.target.value) })
          }
        />
      ))}
    </>
  );
}
