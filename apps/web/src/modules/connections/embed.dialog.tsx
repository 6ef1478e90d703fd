import type { Connection } from '@balcao/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';

const embedSnippet = (origin: string, token: string) =>
  `<script src="${origin}/widget.js" data-token="${token}" async></script>`;

/** The clipboard API needs a secure context; elsewhere the selected text is copied the old way. */
async function copyFrom(field: HTMLTextAreaElement | null, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand('copy');
  }
}

export function EmbedDialog({ connection, onClose }: { connection: Connection; onClose: () => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const snippet = embedSnippet(window.location.origin, connection.token);

  const copy = async () => {
    if (await copyFrom(field.current, snippet)) toast.success(t('connections.embed.copied'));
    else toast.error(t('connections.embed.copyFailed'));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('connections.embed.title', { name: connection.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('connections.embed.text')}</DialogContentText>
        <TextField
          label={t('connections.embed.code')}
          value={snippet}
          multiline
          inputRef={field}
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } },
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('connections.embed.copy')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<OpenInNewIcon />}
            href={`/w/${connection.token}`}
            target="_blank"
            rel="noopener"
          >
            {t('connections.embed.open')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('connections.embed.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
