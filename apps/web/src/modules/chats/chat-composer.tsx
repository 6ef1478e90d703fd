import { CHAT_MESSAGE_MAX } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { useSendChatMessage } from './chats.api';

/** The `@name` being typed at the end of the draft, if any. */
const typedMention = (draft: string) => /(?:^|\s)@([^\s@]{0,30})$/u.exec(draft)?.[1];

/**
 * Text, or a file with an optional caption. Typing `@` offers the chat's other members, so a mention
 * is written with the exact name the server matches.
 */
export function ChatComposer({
  chatId,
  members,
}: {
  chatId: number;
  members: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = useSendChatMessage(chatId);
  const text = draft.trim();
  const partial = typedMention(draft)?.toLowerCase();
  const suggestions =
    partial === undefined ? [] : members.filter((m) => m.name.toLowerCase().startsWith(partial)).slice(0, 5);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if ((!text && !file) || send.isPending) return;
    send.mutate(
      { message: text, file: file ?? undefined },
      {
        onSuccess: () => {
          setDraft('');
          setFile(null);
        },
        onError: (error) => toast.apiError(error),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const mention = (name: string) => setDraft(draft.replace(/@[^\s@]*$/u, `@${name} `));

  return (
    <Box component="form" onSubmit={submit} sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      {suggestions.length > 0 && (
        <Box
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', pb: 1 }}
          aria-label={t('chats.composer.mention')}
        >
          {suggestions.map((member) => (
            <Chip
              key={member.id}
              size="small"
              label={`@${member.name}`}
              onClick={() => mention(member.name)}
            />
          ))}
        </Box>
      )}
      {file && (
        <Chip
          label={file.name}
          onDelete={() => setFile(null)}
          deleteIcon={<CloseIcon aria-label={t('chats.composer.removeFile')} />}
          sx={{ mb: 1, maxWidth: '100%' }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <IconButton component="label" aria-label={t('chats.composer.attach')}>
          <AttachFileIcon />
          <input
            hidden
            type="file"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) setFile(picked);
            }}
          />
        </IconButton>
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chats.composer.placeholder')}
          multiline
          maxRows={5}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: { 'aria-label': t('chats.composer.placeholder'), maxLength: CHAT_MESSAGE_MAX },
          }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('chats.composer.send')}
          disabled={(!text && !file) || send.isPending}
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
