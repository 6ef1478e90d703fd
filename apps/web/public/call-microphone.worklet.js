// The audio thread's half of a call: packs the microphone into 40 ms frames of 16-bit PCM (the
// context runs at the call's 16 kHz) and hands each frame to the page, which relays it.
const FRAME_SAMPLES = 640;

class CallMicrophone extends AudioWorkletProcessor {
  frame = new Int16Array(FRAME_SAMPLES);
  filled = 0;

  process(inputs) {
    const samples = inputs[0]?.[0];
    if (!samples) return true;
    for (const sample of samples) {
      const clipped = Math.max(-1, Math.min(1, sample));
      this.frame[this.filled++] = clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff;
      if (this.filled === FRAME_SAMPLES) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('call-microphone', CallMicrophone);
