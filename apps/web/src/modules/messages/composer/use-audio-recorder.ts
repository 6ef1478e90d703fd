import { useCallback, useRef, useState } from 'react';
import { MIN_AUDIO_BYTES } from './composer-rules';

type Outcome = { file: File } | { tooShort: true } | { denied: true };

/** The browser's recorder: start, then stop with the recording, or cancel it. */
export function useAudioRecorder(onDone: (outcome: Outcome) => void) {
  const recorder = useRef<MediaRecorder | null>(null);
  const cancelled = useRef(false);
  const [recording, setRecording] = useState(false);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices?.getUserMedia({ audio: true }).catch(() => undefined);
    if (!stream) return onDone({ denied: true });
    const media = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    cancelled.current = false;
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      setRecording(false);
      if (cancelled.current) return;
      const type = media.mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size < MIN_AUDIO_BYTES) return onDone({ tooShort: true });
      const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
      onDone({ file: new File([blob], `audio-${Date.now()}.${ext}`, { type: type.split(';')[0] }) });
    };
    media.start();
    recorder.current = media;
    setRecording(true);
  }, [onDone]);

  const stop = useCallback((cancel = false) => {
    cancelled.current = cancel;
    recorder.current?.stop();
    recorder.current = null;
  }, []);

  return { recording, start, stop };
}
