import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format';

/** An image shows itself; any other file its name, as the chat would show it. */
function FilePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const isImage = file.type.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, isImage]);

  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
      {isImage ? (
        url && (
          <Box
            component="img"
            src={url}
            alt={file.name}
            sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1 }}
          />
        )
      ) : (
        <InsertDriveFileOutlinedIcon aria-hidden sx={{ fontSize: 56, color: 'text.secondary' }} />
      )}
      <Typography variant="body2" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
        {file.name} · {formatBytes(file.size)}
      </Typography>
    </Box>
  );
}

interface Props {
  files: File[];
  /** A note's attachments go to the team only, and the title says so. */
  isPrivate: boolean;
  onSend: (caption: string) => void;
  onCancel: () => void;
}

/**
 * What was picked, before it goes: a last look, and a caption that goes with the first file (each
 * file is one message). Enter sends, Shift+Enter is a new line, Escape cancels.
 */
export function AttachmentPreviewDialog({ files, isPrivate, onSend, onCancel }: Props) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const send = () => onSend(caption.trim());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>
        {isPrivate ? t('messages.attachmentPreview.noteTitle') : t('messages.attachmentPreview.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {files.map((file) => (
            <FilePreview key={`${file.name}-${file.size}-${file.lastModified}`} file={file} />
          ))}
        </Box>
        <TextField
          label={t('messages.attachmentPreview.caption')}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          onKeyDown={onKeyDown}
          helperText={t('messages.attachmentPreview.captionHelp')}
          multiline
          maxRows={4}
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" onClick={send}>
          {t('messages.attachmentPreview.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
