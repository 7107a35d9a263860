/**
 * Renditions made on first request (issue 12, "Images"; names in shared/media-renditions.ts):
 * the original is read, resized with sharp to the rendition's width (never enlarged), encoded as
 * WebP, stored, and served from storage ever after; it lives and dies with its original
 * (media-references.ts). Parallel first requests for one rendition share one encoding, so a flood
 * costs at most one sharp run per rendition of an existing picture; a key naming no stored
 * original costs one storage read. Only originals get renditions (a rendition's key is no
 * original), and at most RENDITION_ENCODINGS encodings run at once on an instance, the others
 * wait their turn (issue 19).
 */

import pLimit from "p-limit";
import sharp from "sharp";
import { originalOfRenditionKey } from "../../../shared/media-renditions";
import type { MediaObject, MediaStorage } from "./media-storage";

/** Encodings running at once on one instance (each also uses libvips' own threads). */
export const RENDITION_ENCODINGS = 2;

/** The queue of this instance's encodings (activeCount, pendingCount). */
export const renditionEncodings = pLimit(RENDITION_ENCODINGS);

const encoding = new Map<string, Promise<MediaObject | null>>();

async function encodeAndStore(media: MediaStorage, key: string, original: string, width: number): Promise<MediaObject | null> {
  const source = await media.get(original);
  if (!source) return null;
  const bytes = await sharp(source.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  await media.put(key, bytes, "image/webp");
  return { bytes, contentType: "image/webp" };
}

/**
 * Input: the storage and a key asked for under /media/. Output: the rendition (stored, or made
 * now from its original), or null when the key is not a rendition key or its original is absent.
 * Throws when the storage fails or the original cannot be decoded.
 */
export async function renditionOf(media: MediaStorage, key: string): Promise<MediaObject | null> {
  const named = originalOfRenditionKey(key);
  if (!named) return null;
  let pending = encoding.get(key);
  if (!pending) {
    pending = renditionEncodings(() => encodeAndStore(media, key, named.original, named.width)).finally(() => encoding.delete(key));
    encoding.set(key, pending);
  }
  return pending;
}
