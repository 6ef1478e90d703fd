import type { Ticket } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DeleteIcon from '@mui/icons-material/Delete';
import DrawIcon from '@mui/icons-material/Draw';
import LockIcon from '@mui/icons-material/Lock';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session.store';
import { toast } from '../../../shared/toast/toast.store';
import { useSendMedia, useSendMessage } from '../messages.api';
import { AttachmentPreviewDialog } from './attachment-preview.dialog';
import { signingAllowed } from './composer-rules';
import { EmojiPicker } from './emoji-picker';
import { SendContactDialog } from './send-contact.dialog';
import { useAudioRecorder } from './use-audio-recorder';

export interface ComposerOptions {
  isPrivate: boolean;
  signMessage: boolean;
}

/** What the file picker offers; the server checks every file's bytes whatever the picker let through. */
const ACCEPT = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.txt,.csv,.zip';

interface Props {
  ticket: Ticket;
  writable: boolean;
  options: ComposerOptions;
  onOptions: (options: ComposerOptions) => void;
  onEmoji: (emoji: string) => void;
  onRecording: (active: boolean) => void;
}

function Tool({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** The buttons beside the text box: emoji, attachments, voice, contact card, private note and signature. */
export function ComposerTools({ ticket, writable, options, onOptions, onEmoji, onRecording }: Props) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pickingContact, setPickingContact] = useState(false);
  const sendMedia = useSendMedia(ticket.id);
  const sendMessage = useSendMessage(ticket.id);
  const settings = useSession().user?.company.companieSettings ?? [];
  const recorder = useAudioRecorder((outcome) => {
    onRecording(false);
    if ('denied' in outcome) return toast.error(t('messages.composer.micDenied'));
    if ('tooShort' in outcome) return toast.info(t('messages.composer.audioTooShort'));
    sendMedia.mutate({ file: outcome.file }, { onError: toast.apiError });
  });

  const [picked, setPicked] = useState<File[]>([]);
  const pick = (files: FileList | null) => {
    setPicked(Array.from(files ?? []));
    // The same file may be picked again after a cancel.
    if (fileInput.current) fileInput.current.value = '';
  };

  const sendFiles = async (files: File[], caption: string) => {
    const { isPrivate } = options;
    setPicked([]);
    // A note is one message (or one batch of files): what follows goes to the contact again.
    if (isPrivate) onOptions({ ...options, isPrivate: false });
    // One message per file, in the order chosen, the caption with the first; a refused file does not stop the others.
    for (const [i, file] of files.entries()) {
      const body = i === 0 ? caption : '';
      await sendMedia.mutateAsync({ file, body, isPrivate }).catch(toast.apiError);
    }
  };

  if (recorder.recording) {
    return (
      <>
        <Tool title={t('messages.composer.cancelRecording')}>
          <IconButton onClick={() => recorder.stop(true)} aria-label={t('messages.composer.cancelRecording')}>
            <DeleteIcon />
          </IconButton>
        </Tool>
        <Tool title={t('messages.composer.stopRecording')}>
          <IconButton
            color="error"
            onClick={() => recorder.stop()}
            aria-label={t('messages.composer.stopRecording')}
          >
            <StopIcon />
          </IconButton>
        </Tool>
      </>
    );
  }
  return (
    <>
      <EmojiPicker onPick={onEmoji} disabled={!writable} />
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple
        accept={ACCEPT}
        data-testid="composer-file"
        onChange={(event) => pick(event.target.files)}
      />
      <Tool title={t('messages.composer.attach')}>
        <IconButton
          disabled={!writable || sendMedia.isPending}
          onClick={() => fileInput.current?.click()}
          aria-label={t('messages.composer.attach')}
        >
          <AttachFileIcon />
        </IconButton>
      </Tool>
      <Tool title={t('messages.composer.record')}>
        <IconButton
          disabled={!writable || options.isPrivate || typeof MediaRecorder === 'undefined'}
          onClick={() => {
            onRecording(true);
            void recorder.start();
          }}
          aria-label={t('messages.composer.record')}
        >
          <MicIcon />
        </IconButton>
      </Tool>
      <Tool title={t('messages.contactCard.title')}>
        <IconButton
          disabled={!writable || options.isPrivate}
          onClick={() => setPickingContact(true)}
          aria-label={t('messages.contactCard.title')}
        >
          <ContactPhoneIcon />
        </IconButton>
      </Tool>
      <Tool title={t('messages.composer.privateNote')}>
        <IconButton
          disabled={!writable}
          color={options.isPrivate ? 'warning' : 'default'}
          aria-pressed={options.isPrivate}
          onClick={() => onOptions({ ...options, isPrivate: !options.isPrivate })}
          aria-label={t('messages.composer.privateNote')}
        >
          <LockIcon />
        </IconButton>
      </Tool>
      {signingAllowed(settings) && (
        <Tool title={t('messages.composer.sign')}>
          <IconButton
            disabled={!writable || options.isPrivate}
            color={options.signMessage ? 'primary' : 'default'}
            aria-pressed={options.signMessage}
            onClick={() => onOptions({ ...options, signMessage: !options.signMessage })}
            aria-label={t('messages.composer.sign')}
          >
            <DrawIcon />
          </IconButton>
        </Tool>
      )}
      {picked.length > 0 && (
        <AttachmentPreviewDialog
          files={picked}
          isPrivate={options.isPrivate}
          onSend={(caption) => void sendFiles(picked, caption)}
          onCancel={() => setPicked([])}
        />
      )}
      {pickingContact && (
        <SendContactDialog
          onClose={() => setPickingContact(false)}
          onSend={(vCard) => {
            setPickingContact(false);
            sendMessage.mutate({ body: vCard.name, vCard }, { onError: toast.apiError });
          }}
        />
      )}
    </>
  );
}
