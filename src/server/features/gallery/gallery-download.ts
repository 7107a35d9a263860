/**
 * 'Scarica' of an image (spec §2 Image detail: a PNG named from the id; issue 9): a WebP or JPEG
 * original is encoded to PNG once, the PNG is stored beside it (downloadKeyOf) and reused by
 * every later download; it is deleted with its original (media-references.ts). Parallel first
 * downloads of one image share one encoding, so a flood of requests costs one sharp run per image.
 */

import sharp from "sharp";
import type { AppDeps } from "../../domain/context";
import { downloadKeyOf, keyFromMediaUrl, siteOriginOf } from "../../platform/media";

const encoding = new Map<string, Promise<Buffer | null>>();

async function encodeAndStore(media: AppDeps["media"], key: string, pngKey: string): Promise<Buffer | null> {
  const original = await media.get(key);
  if (!original) return null;
  if (original.contentType === "image/png") return original.bytes;
  const png = await sharp(original.bytes).png().toBuffer();
  await media.put(pngKey, png, "image/png");
  return png;
}

/**
 * The PNG bytes of a stored image.
 * Input: deps {media, env} and the image's public URL (/media/<key>). Output: the PNG bytes, or
 * null when the URL is not one of our files or the file is gone. Throws when the storage fails
 * or the original cannot be decoded.
 */
export async function downloadablePng(deps: Pick<AppDeps, "media" | "env">, imageUrl: string): Promise<Buffer | null> {
  const key = keyFromMediaUrl(imageUrl, siteOriginOf(deps.env.PUBLIC_URL));
  if (!key) return null;
  if (key.endsWith(".png")) return (await deps.media.get(key))?.bytes ?? null;
  const pngKey = downloadKeyOf(key);
  const stored = await deps.media.get(pngKey);
  if (stored) return stored.bytes;
  let pending = encoding.get(pngKey);
  if (!pending) {
    pending = encodeAndStore(deps.media, key, pngKey).finally(() => encoding.delete(pngKey));
    encoding.set(pngKey, pending);
  }
  return pending;
}
