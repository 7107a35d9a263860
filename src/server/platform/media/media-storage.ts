/**
 * Media storage (DESIGN §1, §2 "media"): the server keeps every generated image itself and serves
 * it under /media/<key>. Two back ends share one interface: a local folder (DATA_DIR/media, the
 * default) and an S3-compatible bucket (AWS SDK v3) when S3_BUCKET is set.
 *
 * Keys are relative, lower-case paths such as `images/2025/01/<uuid>.png`; the public URL of a key
 * is always `/media/<key>` on the site's own origin, whatever the back end.
 */

import { downloadKeyOf, RENDITION_WIDTHS, renditionKeyOf } from "../../../shared/media-renditions";

/** The 'Scarica' PNG's key of an original (named in shared/media-renditions.ts, next to the renditions). */
export { downloadKeyOf };

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
  /** Removes one object; absent keys are ignored. Callers go through deleteUnreferencedMedia (media-references.ts). */
  delete(key: string): Promise<void>;
  /**
   * Every stored object with its last modification time (for the sweep of unreferenced files),
   * read page by page. Objects whose name is not a valid key (temporary files) are skipped.
   */
  list(): AsyncIterable<StoredMediaEntry>;
}

/** One stored object as listed: its key and when it was last written. */
export interface StoredMediaEntry {
  key: string;
  modifiedAt: Date;
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

const RELATIVE_BASE = "http://relative.invalid";

/**
 * Path and origin of a URL (query and hash dropped): origin null for a root-relative URL
 * ("/media/…"; "media/…" without the slash is refused), the URL's origin for an absolute one (tricks such as "//host" or "/\\host" parse
 * to that host). Null when it does not parse.
 */
function pathOf(url: string): { pathname: string; origin: string | null } | null {
  try {
    const parsed = new URL(url, RELATIVE_BASE);
    const relative = parsed.origin === RELATIVE_BASE && !/^[a-z][a-z0-9+.-]*:/i.test(url);
    if (relative && !url.startsWith("/")) return null;
    return { pathname: parsed.pathname, origin: relative ? null : parsed.origin };
  } catch {
    return null;
  }
}

/**
 * Key behind one of this site's media URLs, or null for anything else (issue 9 finding 11).
 * Input: a stored URL and the site's own origin (PUBLIC_URL's origin, e.g. "https://storie.example";
 * undefined when PUBLIC_URL is unset). Accepts "/media/a/b.png" and `${siteOrigin}/media/a/b.png`
 * (query and hash ignored); another host, a protocol-relative "//host/media/…" or a malformed key
 * maps to null, so a foreign URL can never name one of our files.
 */
export function keyFromMediaUrl(url: string, siteOrigin: string | undefined): string | null {
  const parts = pathOf(url);
  if (!parts) return null;
  if (parts.origin !== null && (siteOrigin === undefined || parts.origin !== siteOrigin)) return null;
  return keyOfPath(parts.pathname);
}

/**
 * Key named by a URL's path whatever its host: the generous reading used only to decide what to
 * KEEP (a row showing `http://localhost:3000/media/x.png` still protects x.png). Never use it to
 * decide what to delete. Output: the key or null.
 */
export function referencedKeyOf(url: string): string | null {
  const parts = pathOf(url);
  return parts ? keyOfPath(parts.pathname) : null;
}

function keyOfPath(pathname: string): string | null {
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = pathname.slice(MEDIA_URL_PREFIX.length);
  return isValidMediaKey(key) ? key : null;
}

/** The origin of PUBLIC_URL ("https://storie.example"), or undefined when it is unset. */
export function siteOriginOf(publicUrl: string | undefined): string | undefined {
  return publicUrl ? new URL(publicUrl).origin : undefined;
}

/**
 * The files made from an original that live and die with it: its 'Scarica' PNG and its
 * renditions (issue 12). Input: an original's key. Output: their keys (absent ones included).
 */
export function derivedKeysOf(key: string): string[] {
  return [downloadKeyOf(key), ...RENDITION_WIDTHS.map((width) => renditionKeyOf(key, width)).filter((k): k is string => k !== null)];
}

/** Throws when a key is not valid (programming error, never user input). */
export function assertValidMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new Error(`Chiave media non valida: ${key}`);
}
