/** S3-compatible media storage (AWS S3, MinIO, Cloudflare R2…) through the AWS SDK v3. */

import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertValidMediaKey, contentTypeOfKey, isValidMediaKey, type MediaStorage, mediaUrl } from "./media-storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Endpoint of a non-AWS service; undefined = AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prefix of every object key in the bucket, e.g. "media/". */
  prefix: string;
  /** Replace the client (tests). */
  client?: S3Client;
}

/**
 * Creates the S3 storage. Objects are stored as `<prefix><key>` with their content type and a
 * one-year immutable Cache-Control; the site still serves them under /media/<key> (the bucket
 * need not be public). Credentials: the given pair, else the SDK's default chain.
 */
export function createS3MediaStorage(options: S3StorageOptions): MediaStorage {
  const client =
    options.client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  const objectKey = (key: string) => `${options.prefix}${key}`;

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertValidMediaKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return { key, url: mediaUrl(key) };
    },
    async get(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        const bytes = Buffer.from(await answer.Body.transformToByteArray());
        return { bytes, contentType: answer.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidMediaKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: options.prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(options.prefix.length);
          // No date (never seen on S3) reads as "just written": such an object is never swept.
          if (key && object.Key!.startsWith(options.prefix) && isValidMediaKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
