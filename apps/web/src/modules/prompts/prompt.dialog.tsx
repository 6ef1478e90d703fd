import { createPromptBody, type Prompt, promptVoices, updatePromptBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { useQueueList } from '../queues/queues.api';
import { useSavePrompt } from './prompts.api';

type FormOutput = z.output<typeof createPromptBody>;
type FormInput = Omit<FormOutput, 'maxTokens' | 'temperature' | 'maxMessages' | 'queueId'> & {
  maxTokens: string | number;
  temperature: string | number;
  maxMessages: string | number;
  queueId: number | '';
};
const numberText = z.coerce.number<string | number>();
/** Number inputs hand over text, an unchosen queue is blank; then the contract checks the form. */
const promptForm = (editing: boolean) =>
  z
    .looseObject({
      maxTokens: numberText,
      temperature: numberText,
      maxMessages: numberText,
      queueId: z.union([z.literal('').transform(() => undefined), z.number()]),
    })
    .pipe(
      (editing ? updatePromptBody : createPromptBody) as unknown as z.ZodType<
        FormOutput,
        { maxTokens: number; temperature: number; maxMessages: number; queueId: number | undefined }
      >,
    ) as unknown as z.ZodType<FormOutput, FormInput>;
const fieldNames = [
  'name',
  'prompt',
  'apiKey',
  'queueId',
  'maxTokens',
  'temperature',
  'maxMessages',
  'voice',
  'voiceKey',
  'voiceRegion',
] as const;

/** A prompt of the AI assistant; its API key shows only masked and is hidden until asked (spec 001 §2). */
export function PromptDialog({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePrompt();
  const queues = useQueueList().data ?? [];
  const [showKey, setShowKey] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    defaultValues: {
      name: prompt?.name ?? '',
      prompt: prompt?.prompt ?? '',
      apiKey: prompt?.apiKey ?? '',
      queueId: prompt?.queueId ?? '',
      maxTokens: prompt?.maxTokens ?? 100,
      temperature: prompt?.temperature ?? 1,
      maxMessages: prompt?.maxMessages ?? 10,
      voice: (prompt?.voice ?? 'texto') as FormInput['voice'],
      voiceKey: prompt?.voiceKey ?? '',
      voiceRegion: prompt?.voiceRegion ?? '',
    },
    resolver: zodResolver(promptForm(prompt !== null)) as Resolver<FormInput, unknown, FormOutput>,
  });

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: prompt?.id, body });
      toast.success(t('prompts.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  const number = { type: 'number' } as const;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{prompt ? t('prompts.dialog.titleEdit') : t('prompts.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('prompts.fields.name')} required autoFocus />
          <TextInput
            control={control}
            name="apiKey"
            label={t('prompts.fields.apiKey')}
            required={!prompt}
            type={showKey ? 'text' : 'password'}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showKey ? t('prompts.fields.hideKey') : t('prompts.fields.showKey')}
                      onClick={() => setShowKey((shown) => !shown)}
                      edge="end"
                    >
                      {showKey ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextInput
            control={control}
            name="prompt"
            label={t('prompts.fields.prompt')}
            required
            multiline
            minRows={5}
          />
          <SelectInput
            control={control}
            name="queueId"
            label={t('prompts.fields.queue')}
            required
            options={queues.map((queue) => ({ value: queue.id, label: queue.name }))}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextInput control={control} name="maxTokens" label={t('prompts.fields.maxTokens')} {...number} />
            <TextInput
              control={control}
              name="temperature"
              label={t('prompts.fields.temperature')}
              {...number}
              slotProps={{ htmlInput: { step: 0.1, min: 0, max: 2 } }}
            />
            <TextInput
              control={control}
              name="maxMessages"
              label={t('prompts.fields.maxMessages')}
              {...number}
            />
          </Box>
          <SelectInput
            control={control}
            name="voice"
            label={t('prompts.fields.voice')}
            options={promptVoices.map((value) => ({
              value,
              label: value === 'texto' ? t('prompts.fields.voiceText') : value,
            }))}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextInput
              control={control}
              name="voiceKey"
              label={t('prompts.fields.voiceKey')}
              type="password"
            />
            <TextInput control={control} name="voiceRegion" label={t('prompts.fields.voiceRegion')} />
          </Box>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
