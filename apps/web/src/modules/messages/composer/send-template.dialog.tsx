import {
  type MessageTemplate,
  renderTemplate,
  sendTemplateBody,
  templateHeaderNeedsValue,
  templateInputFits,
} from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { toast } from '../../../shared/toast/toast.store';
import { useSendTemplate, useTicketTemplates } from '../messages.api';
import { emptyTemplateValues, TemplateValueFields, type TemplateValues } from './template-values';

const keyOf = (template: Pick<MessageTemplate, 'name' | 'language'>) =>
  `${template.name}:${template.language}`;

/**
 * The Cloud API's answer once the 24-hour window closed: an approved template, the values it needs
 * (header, body variables, URL button ends) filled in, previewed as the customer will read it.
 */
export function SendTemplateDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useTicketTemplates(ticketId);
  const send = useSendTemplate(ticketId);
  const [picked, setPicked] = useState<MessageTemplate>();
  const [values, setValues] = useState<TemplateValues>(emptyTemplateValues());
  const parsed =
    picked &&
    sendTemplateBody.safeParse({
      name: picked.name,
      language: picked.language,
      parameters: values.parameters,
      header: templateHeaderNeedsValue(picked.header) ? values.header : undefined,
      buttons: values.buttons,
    });
  const input = picked && parsed?.success && templateInputFits(picked, parsed.data) ? parsed.data : undefined;

  const pick = (key: string) => {
    const template = templates.data?.templates.find((item) => keyOf(item) === key);
    setPicked(template);
    setValues(emptyTemplateValues(template));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input && !send.isPending) send.mutate(input, { onSuccess: onClose, onError: toast.apiError });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{t('messages.templates.title')}</DialogTitle>
        <DialogContent>
          {templates.isPending && <CircularProgress size={24} aria-label={t('messages.templates.loading')} />}
          {templates.isError && <Alert severity="error">{errorMessage(templates.error)}</Alert>}
          {templates.data?.templates.length === 0 && (
            <Alert severity="info">{t('messages.templates.empty')}</Alert>
          )}
          {!!templates.data?.templates.length && (
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                select
                label={t('messages.templates.template')}
                value={picked ? keyOf(picked) : ''}
                onChange={(event) => pick(event.target.value)}
              >
                {templates.data.templates.map((template) => (
                  <MenuItem key={keyOf(template)} value={keyOf(template)}>
                    {`${template.name} (${template.language})`}
                  </MenuItem>
                ))}
              </TextField>
              {picked && <TemplateValueFields template={picked} values={values} onChange={setValues} />}
              {picked && (
                <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('messages.templates.preview')}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                    {renderTemplate(picked, values)}
                  </Typography>
                </Box>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!input || send.isPending}>
            {t('messages.composer.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
