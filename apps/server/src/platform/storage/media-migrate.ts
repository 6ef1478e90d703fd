import { buffer } from 'node:stream/consumers';
import type { MediaStorage } from './storage.js';

/**
 * Copies every file of one storage into another, skipping those already there with the same size,
 * so an interrupted run is simply run again. The source is left as it was.
 */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  onFile: (key: string, copied: boolean) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  for await (const key of from.list()) {
    const source = await from.read(key);
    if (!source) continue;
    const there = await to.read(key);
    there?.stream.destroy();
    if (there && there.size === source.size) {
      source.stream.destroy();
      skipped++;
      onFile(key, false);
      continue;
    }
    await to.put(key, await buffer(source.stream));
    copied++;
    onFile(key, true);
  }
  return { copied, skipped };
}
