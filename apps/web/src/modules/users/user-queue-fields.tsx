import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConnections } from '../connections/connections.api';
import { useQueueList } from '../queues/queues.api';
import type { UserFormInput } from './user-form';

/** The queues a user serves (which tickets they see) and the connection their new tickets go out on. */
export function UserQueueFields({ control }: { control: Control<UserFormInput> }) {
  const { t } = useTranslation();
  const queues = useQueueList().data ?? [];
  const connections = useConnections().data ?? [];
  const queueById = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
      <Controller
        control={control}
        name="queueIds"
        render={({ field }) => (
          <TextField
            select
            label={t('users.fields.queues')}
            value={field.value ?? []}
            onChange={(event) => field.onChange(event.target.value as unknown as number[])}
            inputRef={field.ref}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {(selected as number[]).map((id) => (
                      <Chip
                        key={id}
                        size="small"
                        label={queueById.get(id)?.name ?? id}
                        sx={{ bgcolor: queueById.get(id)?.color, color: 'common.white' }}
                      />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="whatsappId"
        render={({ field }) => (
          <TextField
            select
            label={t('users.fields.whatsappId')}
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            inputRef={field.ref}
          >
            <MenuItem value="">{t('users.fields.noConnection')}</MenuItem>
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}
