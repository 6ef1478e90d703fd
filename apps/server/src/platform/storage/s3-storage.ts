import type { Readable } from 'node:stream';
import { checkMediaKey, type MediaStorage } from './storage.js';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Spaces…); AWS's own when unset. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Media in an S3-compatible bucket, for installations of several processes (no shared disk needed).
 * Links stay the server's own signed `/media/…` links: the server checks them and streams the object,
 * so a bucket never has to be public. The SDK is loaded only when this storage is chosen.
 */
export async function createS3Storage(options: S3Options): Promise<MediaStorage> {
  const {
    S3Client,
    PutObjectCommand,
    GetObjectCommand,
    DeleteObjectCommand,
    ListObjectsV2Command,
    HeadBucketCommand,
  } = await import('@aws-sdk/client-s3');
  const credentials =
    options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials,
  });
  const Bucket = options.bucket;
  return {
    async reachable() {
      return client.send(new HeadBucketCommand({ Bucket })).then(
        () => true,
        () => false,
      );
    },
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkMediaKey(key), Body: bytes }));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkMediaKey(key) }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkMediaKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
