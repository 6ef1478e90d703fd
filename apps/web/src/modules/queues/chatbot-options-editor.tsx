import { type ChatbotQueueType, planAllows } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Control, type Path, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { useSessionUser } from '../../shared/session/session-user';
import { useFileList, useFileListList } from '../files/files.api';
import { useIntegration, useIntegrationList } from '../integrations/integrations.api';
import { blankOption, type QueueFormInput } from './queue-form';
import { QueueLinkPicker } from './queue-link-picker';

/** Kinds an admin can pick here; starting an integration only when the plan has integrations. */
const editableTypes = (withIntegrations: boolean): readonly ChatbotQueueType[] =>
  withIntegrations
    ? ['text', 'queue', 'attendent', 'integration', 'file']
    : ['text', 'queue', 'attendent', 'file'];

interface Choice {
  value: number;
  label: string;
}

interface Props {
  control: Control<QueueFormInput>;
  /** `chatbots`, or `chatbots.0.options`, and so on down the tree. */
  path: string;
  depth: number;
  queues: Choice[];
  users: Choice[];
}

/** One level of the option tree: its options in menu order, each with its own level below. */
export function ChatbotOptionsEditor({ control, path, depth, queues, users }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: path as 'chatbots',
    // The options' own `id` is the stored option's, which saving keeps.
    keyName: 'key',
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {fields.map((field, index) => (
        <Paper
          key={field.key}
          variant="outlined"
          role="group"
          aria-label={t('queues.chatbot.optionLabel', { number: index + 1, depth })}
          sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              [{index + 1}]
            </Typography>
            <IconButton
              size="small"
              aria-label={t('queues.chatbot.moveUp')}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('queues.chatbot.moveDown')}
              disabled={index === fields.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('queues.chatbot.remove')} onClick={() => remove(index)}>
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
          <OptionFields control={control} path={`${path}.${index}`} queues={queues} users={users} />
          <Box sx={{ pl: { xs: 1, sm: 3 }, borderLeft: 2, borderColor: 'divider' }}>
            <ChatbotOptionsEditor
              control={control}
              path={`${path}.${index}.options`}
              depth={depth + 1}
              queues={queues}
              users={users}
            />
          </Box>
        </Paper>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => append(blankOption())}>
          {depth === 1 ? t('queues.chatbot.add') : t('queues.chatbot.addChild')}
        </Button>
      </Box>
    </Box>
  );
}

function OptionFields({ control, path, queues, users }: Omit<Props, 'depth'> & { path: string }) {
  const { t } = useTranslation();
  const name = (field: string) => `${path}.${field}` as Path<QueueFormInput>;
  const queueType = useWatch({ control, name: name('queueType') }) as ChatbotQueueType;
  const offered = editableTypes(planAllows(useSessionUser().company.plan, 'useIntegrations'));
  const types = offered.includes(queueType) ? offered : [...offered, queueType];
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextInput
          control={control}
          name={name('name')}
          label={t('queues.chatbot.name')}
          size="small"
          required
        />
        <SelectInput
          control={control}
          name={name('queueType')}
          label={t('queues.chatbot.queueType')}
          size="small"
          options={types.map((value) => ({ value, label: t(`queues.chatbot.types.${value}`) }))}
        />
      </Box>
      <TextInput
        control={control}
        name={name('greetingMessage')}
        label={t('queues.chatbot.greetingMessage')}
        helperText={t('queues.chatbot.greetingHint')}
        size="small"
        multiline
        minRows={2}
      />
      {(queueType === 'queue' || queueType === 'attendent') && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <SelectInput
            control={control}
            name={name('optQueueId')}
            label={t('queues.chatbot.optQueueId')}
            size="small"
            options={queues}
          />
          {queueType === 'attendent' && (
            <SelectInput
              control={control}
              name={name('optUserId')}
              label={t('queues.chatbot.optUserId')}
              size="small"
              options={users}
            />
          )}
        </Box>
      )}
      {queueType === 'integration' && (
        <QueueLinkPicker
          control={control}
          name={name('optIntegrationId')}
          label={t('queues.links.integration')}
          field="queueIntegrations"
          useMatches={useIntegrationList}
          useSelected={useIntegration}
          size="small"
        />
      )}
      {queueType === 'file' && (
        <QueueLinkPicker
          control={control}
          name={name('optFileId')}
          label={t('queues.links.fileList')}
          field="files"
          useMatches={useFileListList}
          useSelected={useFileList}
          size="small"
        />
      )}
      <SwitchInput control={control} name={name('closeTicket')} label={t('queues.chatbot.closeTicket')} />
    </>
  );
}
