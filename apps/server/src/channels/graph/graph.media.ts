import type { AppDeps } from '../../platform/context.js';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
};

/** The spec's media types: image, audio, video, and application for every document. */
export function mediaTypeOf(mime: string): string {
  const family = mime.split('/')[0] ?? '';
  return ['image', 'audio', 'video'].includes(family) ? family : 'application';
}

/**
 * Keeps downloaded bytes under the company's folder; answers what the message row stores. The `key`
 * names the file (the same key and type, the same file), so a download run twice writes it once.
 */
export async function storeReceivedMedia(
  deps: AppDeps,
  companyId: number,
  file: { bytes: Buffer; mime: string; name?: string | null },
  key: string,
) {
  const mime = file.mime.split(';')[0]?.trim().toLowerCase() || 'application/octet-stream';
  const fromName = file.name?.match(/\.([a-z0-9]{1,8})$/i)?.[1]?.toLowerCase();
  const ext = extensions[mime] ?? fromName ?? 'bin';
  const path = `company${companyId}/messages/${key}.${ext}`;
  await deps.storage.put(path, file.bytes);
  return { mediaPath: path, mediaType: mediaTypeOf(mime), mediaName: file.name ?? null };
}

/**
 * Where Meta can fetch a stored file itself: our signed link, when this server is published over
 * https (Meta fetches only https links). Elsewhere the channel uploads the bytes instead.
 */
export function publicMediaLink(deps: Pick<AppDeps, 'config' | 'links'>, path: string): string | undefined {
  if (!deps.config.publicUrl?.startsWith('https://')) return undefined;
  return deps.links.url(path) ?? undefined;
}

/** The bytes of a stored message's media, for channels that upload rather than link. */
export async function readStoredMedia(deps: AppDeps, path: string): Promise<Buffer> {
  const stored = await deps.storage.read(path);
  if (!stored) throw new Error(`media ${path} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
