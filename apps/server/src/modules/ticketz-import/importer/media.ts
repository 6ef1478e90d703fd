import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, resolve, sep } from 'node:path';
import type { TicketzSkipReason } from '@balcao/shared';
import type { MediaStorage } from '../../../platform/storage/storage.js';

/** A file bigger than this is left behind and reported, so one huge file cannot stall the import. */
const MAX_BYTES = 256 * 1024 * 1024;

/**
 * Ticketz keeps a message's file name (or a link ending in it) relative to its backend's public/
 * folder. The path is the source database's word, so it must stay inside that folder.
 */
export function mediaSourcePath(mediaDir: string, mediaUrl: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(mediaUrl.replace(/^https?:\/\/[^/]+/, '').replace(/^\/?public\//, ''));
  } catch {
    return undefined;
  }
  if (name.includes('\0')) return undefined;
  const root = resolve(mediaDir);
  const path = resolve(root, name);
  return path.startsWith(root + sep) ? path : undefined;
}

/** The copied file, or why it is not there (the report's reason). */
export type CopiedMedia = { key: string; name: string } | { missing: TicketzSkipReason };

/**
 * Copies one message's file into our storage under a key derived from the source message, so a
 * rerun writes the same key again instead of leaving a second copy. Answers the key, or why not.
 */
export async function copyMedia(
  storage: MediaStorage,
  companyId: number,
  sourceKey: string,
  path: string,
): Promise<CopiedMedia> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return { missing: 'mediaNotFound' };
  if (info.size > MAX_BYTES) return { missing: 'mediaTooLarge' };
  const ext = extname(path).slice(1).toLowerCase();
  const digest = createHash('sha256').update(sourceKey).digest('hex').slice(0, 32);
  const key = `company${companyId}/messages/ticketz-${digest}${/^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : ''}`;
  await storage.put(key, await readFile(path));
  return { key, name: basename(path) };
}
