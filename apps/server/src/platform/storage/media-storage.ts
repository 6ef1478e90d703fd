import type { Config } from '../../config.js';
import { createS3Storage } from './s3-storage.js';
import { createDiskStorage, type MediaStorage } from './storage.js';

/** The storage the configuration names (README: MEDIA_STORAGE). */
export function createMediaStorage(config: Config, kind = config.media.storage): Promise<MediaStorage> {
  return kind === 's3'
    ? createS3Storage(config.media.s3)
    : Promise.resolve(createDiskStorage(config.mediaDir));
}
