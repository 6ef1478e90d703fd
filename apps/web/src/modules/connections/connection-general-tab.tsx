import type { Channel, Connection } from '@balcao/shared';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { useQueueList } from '../queues/queues.api';
import type { ConnectionFormInput } from './connection-form';
import { isMeta } from './connection-form';

interface Props {
  control: Control<ConnectionFormInput>;
  channel: Channel;
  connection: Connection | null;
}

/** A day picked in a date input, kept as the ISO instant the contract takes (midnight UTC). */
function DateInput({
  control,
  name,
  label,
}: {
  control: Control<ConnectionFormInput>;
  name: 'importOldMessages' | 'importRecentMessages';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="date"
          size="small"
          label={label}
          value={field.value ? field.value.slice(0, 10) : ''}
          onChange={(event) =>
            field.onChange(event.target.value ? `${event.target.value}T00:00:00.000Z` : null)
          }
          error={Boolean(fieldState.error)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

export function ConnectionGeneralTab({ control, channel, connection }: Props) {
  const { t } = useTranslation();
  const queues = useQueueList().data ?? [];
  const defaultLocked = connection?.isDefault === true;
  const tokenHint = connection?.hasAccessToken ? t('connections.dialog.tokenKept') : undefined;
  return (
    <>
      <TextInput
        control={control}
        name="name"
        label={t('connections.dialog.name')}
        required
        autoFocus
        sx={{ mt: 1 }}
      />
      <Box>
        <SwitchInput
          control={control}
          name="isDefault"
          label={t('connections.dialog.isDefault')}
          disabled={defaultLocked}
        />
        {defaultLocked && <FormHelperText>{t('connections.dialog.defaultLocked')}</FormHelperText>}
      </Box>
      {channel === 'whatsappapi' && (
        <>
          <TextInput
            control={control}
            name="phoneNumberId"
            label={t('connections.dialog.phoneNumberId')}
            required
            blankAsUndefined
          />
          <TextInput
            control={control}
            name="wabaId"
            label={t('connections.dialog.wabaId')}
            blankAsUndefined
          />
        </>
      )}
      {(channel === 'facebook' || channel === 'instagram') && (
        <TextInput
          control={control}
          name="facebookPageUserId"
          label={t('connections.dialog.facebookPageUserId')}
          blankAsUndefined
        />
      )}
      {channel === 'instagram' && (
        <TextInput
          control={control}
          name="instagramAccountId"
          label={t('connections.dialog.instagramAccountId')}
          blankAsUndefined
        />
      )}
      {isMeta(channel) && (
        <TextInput
          control={control}
          name="accessToken"
          type="password"
          autoComplete="off"
          label={t('connections.dialog.accessToken')}
          helperText={tokenHint}
        />
      )}
      {(channel === 'whatsapp' || channel === 'whatsappapi') && (
        <TextInput
          control={control}
          name="number"
          label={t('connections.dialog.number')}
          helperText={t('connections.dialog.numberHint')}
          inputMode="numeric"
        />
      )}
      {/* The bearer of the messages API (/messages-api); only managers receive it. */}
      {(channel === 'whatsapp' || channel === 'whatsappapi') && connection?.token && (
        <TextField
          size="small"
          label={t('connections.dialog.apiToken')}
          value={connection.token}
          helperText={t('connections.dialog.apiTokenHint')}
          slotProps={{ input: { readOnly: true } }}
        />
      )}
      <Controller
        control={control}
        name="queueIds"
        render={({ field }) => (
          <TextField
            select
            size="small"
            label={t('connections.dialog.queues')}
            value={field.value ?? []}
            onChange={(event) => field.onChange(event.target.value as unknown as number[])}
            slotProps={{ select: { multiple: true } }}
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {channel === 'whatsapp' && (
        <>
          <SwitchInput control={control} name="allowGroup" label={t('connections.dialog.allowGroup')} />
          <SwitchInput
            control={control}
            name="groupAsTicket"
            label={t('connections.dialog.groupAsTicket')}
            values={['enabled', 'disabled']}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <DateInput
              control={control}
              name="importOldMessages"
              label={t('connections.dialog.importOldMessages')}
            />
            <DateInput
              control={control}
              name="importRecentMessages"
              label={t('connections.dialog.importRecentMessages')}
            />
          </Box>
          <SwitchInput
            control={control}
            name="importOldMessagesGroups"
            label={t('connections.dialog.importOldMessagesGroups')}
          />
          <SwitchInput
            control={control}
            name="closedTicketsPostImported"
            label={t('connections.dialog.closedTicketsPostImported')}
          />
        </>
      )}
      {queues.length === 0 && <FormHelperText>{t('connections.dialog.noQueues')}</FormHelperText>}
    </>
  );
}
