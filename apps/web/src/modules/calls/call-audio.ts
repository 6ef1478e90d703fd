import { CALL_SAMPLE_RATE } from '@balcao/shared';

export interface CallAudio {
  /** Queues a frame of the customer's PCM right after the previous one. */
  play(frame: ArrayBuffer): void;
  stop(): void;
}

/**
 * The attendant's side of the call's sound, at the call's own rate so no frame needs resampling:
 * the microphone in 40 ms PCM frames to `onFrame`, the customer's frames to the speakers.
 */
export async function openCallAudio(onFrame: (frame: ArrayBuffer) => void): Promise<CallAudio> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true },
  });
  const context = new AudioContext({ sampleRate: CALL_SAMPLE_RATE });
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  try {
    // Served from the app's own origin: the page's CSP allows no other script source.
    await context.audioWorklet.addModule('/call-microphone.worklet.js');
  } catch (error) {
    stop();
    throw error;
  }
  const microphone = new AudioWorkletNode(context, 'call-microphone', { numberOfOutputs: 0 });
  microphone.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
  context.createMediaStreamSource(stream).connect(microphone);

  let playAt = 0;
  return {
    play(frame) {
      const pcm = new Int16Array(frame, 0, frame.byteLength >> 1);
      if (!pcm.length) return;
      const buffer = context.createBuffer(1, pcm.length, CALL_SAMPLE_RATE);
      const samples = buffer.getChannelData(0);
      for (let i = 0; i < pcm.length; i++) samples[i] = (pcm[i] ?? 0) / 0x8000;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      playAt = Math.max(playAt, context.currentTime);
      source.start(playAt);
      playAt += buffer.duration;
    },
    stop,
  };
}
