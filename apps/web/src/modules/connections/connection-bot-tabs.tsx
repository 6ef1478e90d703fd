import { DEFAULT_RATING_PROMPT, NPS_SCALE_MAX, TIME_SEND_QUEUE_OPTIONS } from '@balcao/shared';
import TextField from '@mui/material/TextField';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import { useQueueList } from '../queues/queues.api';
import type { ConnectionFormInput } from './connection-form';

type NumberField =
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'expiresTicket'
  | 'timeInactiveMessage'
  | 'timeCreateNewTicket'
  | 'maxUseBotQueuesNps'
  | 'expiresTicketNps';

/** A whole number input labelled after its field; the form keeps numbers, not the text the input holds. */
function NumberInput({
  control,
  name,
  inMinutes = false,
}: {
  control: Control<ConnectionFormInput>;
  name: NumberField;
  inMinutes?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="number"
          size="small"
          label={t(`connections.dialog.${name}`)}
          value={field.value ?? 0}
          onChange={(event) => field.onChange(event.target.value === '' ? 0 : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={inMinutes ? t('connections.dialog.minutesHint') : undefined}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      )}
    />
  );
}

/** A message the connection sends on its own, labelled after its field. */
function MessageInput({
  control,
  name,
}: {
  control: Control<ConnectionFormInput>;
  name: 'expiresInactiveMessage' | 'inactiveMessage';
}) {
  const { t } = useTranslation();
  return (
    <TextInput control={control} name={name} label={t(`connections.dialog.${name}`)} multiline minRows={2} />
  );
}

/** Chatbot tab: how long the bot keeps a ticket, where it sends it, and what idleness does. */
export function ConnectionChatbotTab({ control }: { control: Control<ConnectionFormInput> }) {
  const { t } = useTranslation();
  const queues = useQueueList().data ?? [];
  return (
    <>
      <NumberInput control={control} name="maxUseBotQueues" />
      <NumberInput control={control} name="timeUseBotQueues" inMinutes />
      <SelectInput
        control={control}
        name="timeSendQueue"
        label={t('connections.dialog.timeSendQueue')}
        options={TIME_SEND_QUEUE_OPTIONS.map((value) => ({
          value,
          label: t('connections.dialog.minutes', { count: value }),
        }))}
      />
      <Controller
        control={control}
        name="sendIdQueue"
        render={({ field }) => (
          <TextField
            select
            size="small"
            label={t('connections.dialog.sendIdQueue')}
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('connections.dialog.none')}</option>
            {queues.map((queue) => (
              <option key={queue.id} value={queue.id}>
                {queue.name}
              </option>
            ))}
          </TextField>
        )}
      />
      <NumberInput control={control} name="expiresTicket" inMinutes />
      <SelectInput
        control={control}
        name="whenExpiresTicket"
        label={t('connections.dialog.whenExpiresTicket')}
        options={[
          { value: '0', label: t('connections.dialog.whenCustomerLast') },
          { value: '1', label: t('connections.dialog.whenAgentLast') },
        ]}
      />
      <MessageInput control={control} name="expiresInactiveMessage" />
      <NumberInput control={control} name="timeInactiveMessage" inMinutes />
      <MessageInput control={control} name="inactiveMessage" />
      <NumberInput control={control} name="timeCreateNewTicket" inMinutes />
    </>
  );
}

/**
 * NPS tab: the rating request (sent as written; the scale it must ask for is shown, and what is asked
 * when it is left empty), how many attempts, and when an unanswered rating closes the ticket.
 */
export function ConnectionNpsTab({ control }: { control: Control<ConnectionFormInput> }) {
  const { t } = useTranslation();
  const written = useWatch({ control, name: 'ratingMessage' }) ?? '';
  const scale = t('connections.dialog.ratingScale', { max: NPS_SCALE_MAX });
  return (
    <>
      <TextInput
        control={control}
        name="ratingMessage"
        label={t('connections.dialog.ratingMessage')}
        multiline
        minRows={3}
        helperText={
          written.trim()
            ? scale
            : `${scale} ${t('connections.dialog.ratingDefault', { prompt: DEFAULT_RATING_PROMPT })}`
        }
        sx={{ mt: 1 }}
      />
      <NumberInput control={control} name="maxUseBotQueuesNps" />
      <NumberInput control={control} name="expiresTicketNps" inMinutes />
    </>
  );
}
