import { type FormEvent, useRef, useState } from 'react';
import { useAudioRecorder } from '../modules/messages/composer/use-audio-recorder.js';
import type { widgetText } from './widget.i18n.js';

/** What the visitor may pick; the server checks each file's bytes and size regardless. */
const ACCEPT = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,.txt,.csv';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);
const CLIP =
  'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6h-1.5z';
const MIC =
  'M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2z';
const STOP = 'M6 6h12v12H6z';

interface Props {
  t: ReturnType<typeof widgetText>;
  onSend: (body: string) => void;
  onFile: (file: File) => void;
  onTyping: (active: boolean) => void;
}

/** The visitor's text box, with a file button and a voice message button (recordings under 10 kB are dropped). */
export function WidgetComposer({ t, onSend, onFile, onTyping }: Props) {
  const [draft, setDraft] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const recorder = useAudioRecorder((outcome) => {
    if ('file' in outcome) onFile(outcome.file);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    onSend(body);
    onTyping(false);
    setDraft('');
  };

  return (
    <form className="widget__composer" onSubmit={submit}>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={ACCEPT}
        data-testid="widget-file"
        onChange={(e) => {
          for (const file of Array.from(e.target.files ?? [])) onFile(file);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="widget__attach"
        aria-label={t('attach')}
        title={t('attach')}
        onClick={() => fileInput.current?.click()}
      >
        <Icon d={CLIP} />
      </button>
      {typeof MediaRecorder !== 'undefined' && (
        <button
          type="button"
          className="widget__attach"
          aria-label={t(recorder.recording ? 'stopRecording' : 'record')}
          title={t(recorder.recording ? 'stopRecording' : 'record')}
          onClick={() => (recorder.recording ? recorder.stop() : void recorder.start())}
        >
          <Icon d={recorder.recording ? STOP : MIC} />
        </button>
      )}
      <textarea
        value={draft}
        rows={1}
        maxLength={4096}
        aria-label={t('placeholder')}
        placeholder={t('placeholder')}
        onChange={(e) => {
          setDraft(e.target.value);
          onTyping(e.target.value.trim() !== '');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      <button type="submit" disabled={!draft.trim()}>
        {t('send')}
      </button>
    </form>
  );
}
