import type { Connection } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { FilePickButton } from '../../shared/ui/file-pick-button';
import type { ConnectionFormInput } from './connection-form';
import { useUploadGreetingMedia } from './connections.api';

/** The greeting's file goes up at once (it needs the connection's id), so only saved connections offer it. */
function GreetingMedia({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const upload = useUploadGreetingMedia();
  const send = (file: File | null) =>
    upload.mutate(
      { id: connection.id, file },
      {
        onSuccess: () =>
          toast.success(t(file ? 'connections.dialog.mediaUploaded' : 'connections.dialog.mediaRemoved')),
        onError: (error) => toast.apiError(error),
      },
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FilePickButton
        accept="image/*,application/pdf,video/mp4,audio/ogg,audio/mpeg"
        onPick={send}
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={upload.isPending}
      >
        {t('connections.dialog.greetingMedia')}
      </FilePickButton>
      {connection.greetingMediaAttachment && (
        <>
          <Link href={connection.greetingMediaAttachment} target="_blank" rel="noopener" variant="body2">
            {t('connections.dialog.greetingMediaOpen')}
          </Link>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            disabled={upload.isPending}
            onClick={() => send(null)}
          >
            {t('connections.dialog.greetingMediaRemove')}
          </Button>
        </>
      )}
    </Box>
  );
}

export function ConnectionMessagesTab({
  control,
  connection,
}: {
  control: Control<ConnectionFormInput>;
  connection: Connection | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        control={control}
        name="greetingMessage"
        label={t('connections.dialog.greetingMessage')}
        helperText={t('connections.dialog.greetingHint')}
        multiline
        minRows={3}
        sx={{ mt: 1 }}
      />
      {connection ? (
        <GreetingMedia connection={connection} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('connections.dialog.greetingMediaAfterSave')}
        </Typography>
      )}
      <TextInput
        control={control}
        name="complationMessage"
        label={t('connections.dialog.complationMessage')}
        helperText={t('connections.dialog.complationHint')}
        multiline
        minRows={3}
      />
      <TextInput
        control={control}
        name="outOfHoursMessage"
        label={t('connections.dialog.outOfHoursMessage')}
        multiline
        minRows={3}
      />
    </>
  );
}
