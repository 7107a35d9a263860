/** Picks the media storage from the environment: S3 when S3_BUCKET is set, else DATA_DIR/media. */

import path from "node:path";
import type { Env } from "../env";
import { createLocalMediaStorage } from "./local-storage";
import type { MediaStorage } from "./media-storage";
import { createS3MediaStorage } from "./s3-storage";

export * from "./media-storage";
export { createLocalMediaStorage } from "./local-storage";
export { createS3MediaStorage } from "./s3-storage";

/** Builds the configured MediaStorage (see .env.example, "Media storage"). */
export function createMediaStorage(env: Env): MediaStorage {
  if (env.S3_BUCKET) {
    return createS3MediaStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
      prefix: env.S3_PREFIX,
    });
  }
  return createLocalMediaStorage(path.resolve(env.DATA_DIR, "media"));
}
