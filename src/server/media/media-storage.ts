/**
 * Media storage (DESIGN §1, §2 "media"): the server keeps every generated image itself and serves
 * it under /media/<key>. Two back ends share one interface: a local folder (DATA_DIR/media, the
 * default) and an S3-compatible bucket (AWS SDK v3) when S3_BUCKET is set.
 *
 * Keys are relative, lower-case paths such as `images/2025/01/<uuid>.png`; the public URL of a key
 * is always `/media/<key>` on the site's own origin, whatever the back end.
 */

/** Public URL prefix under which app.ts serves stored media. */
export const MEDIA_URL_PREFIX = "/media/";

/** Content types the storage accepts and serves, by file extension. */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/** A stored object as read back: its bytes and content type. */
export interface MediaObject {
  bytes: Buffer;
  contentType: string;
}

export interface MediaStorage {
  /** "local" or "s3", for the admin dashboard and logs. */
  readonly kind: "local" | "s3";
  /**
   * Stores bytes under key (overwriting). Input: a valid key (see isValidMediaKey), the bytes and
   * their content type. Output: {key, url} where url is the public `/media/<key>` path.
   * Throws on an invalid key or a storage failure.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  /** Reads one object; null when the key is invalid or absent. */
  get(key: string): Promise<MediaObject | null>;
  /** Removes one object; absent keys are ignored. */
  delete(key: string): Promise<void>;
  /**
   * Removes the objects behind public media URLs (`/media/<key>`, absolute or relative), e.g. every
   * image of an erased account. URLs that are not ours are ignored. Output: the number of keys
   * removed (or attempted on S3, which does not report missing keys).
   */
  deleteByUrls(urls: string[]): Promise<number>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(png|webp|jpe?g|gif)$/;

/** True for a safe relative key: lower-case segments of [a-z0-9_-], a known image extension, no "..". */
export function isValidMediaKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

/** Content type of a key from its extension, or application/octet-stream. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return MEDIA_CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** File extension for an image content type (png when unknown). */
export function extensionOfContentType(contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "image/webp") return "webp";
  if (type === "image/jpeg" || type === "image/jpg") return "jpg";
  if (type === "image/gif") return "gif";
  return "png";
}

/** Public URL of a key: `/media/<key>`. */
export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/**
 * Key behind a public media URL, or null when the URL is not one of ours.
 * Accepts "/media/a/b.png" and "https://site.example/media/a/b.png" (query and hash ignored).
 */
export function keyFromMediaUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, "http://media.invalid").pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = pathname.slice(MEDIA_URL_PREFIX.length);
  return isValidMediaKey(key) ? key : null;
}

/** Throws when a key is not valid (programming error, never user input). */
export function assertValidMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new Error(`Chiave media non valida: ${key}`);
}
