/**
 * Smaller renditions of stored pictures (issue 12, "Images"): every picture of ours at
 * /media/<key> also exists as a WebP 480 and 960 px wide (never wider than the original), at
 * /media/renditions/<key with its extension as "-ext">-<width>.webp, made on first request and
 * kept (src/server/platform/media/renditions.ts). The web lists them in `srcset` so a grid never
 * downloads a full-size PNG. The 'Scarica' PNG of a non-PNG original is named here too, and both
 * lead back to their original (originalUrlsOf: the visibility rule asks about the original).
 * Pure functions, shared by server and web.
 */

export const RENDITION_WIDTHS = [480, 960] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

const MEDIA_PREFIX = "/media/";
const RENDITIONS = "renditions/";
const ORIGINAL_KEY = /^([a-z0-9][a-z0-9_/-]*)\.(png|webp|jpe?g|gif)$/;
const DOWNLOADS = "downloads/";
const ORIGINAL_EXTENSIONS = ["png", "webp", "jpg", "jpeg", "gif"] as const;
const RENDITION_KEY = /^renditions\/([a-z0-9][a-z0-9_/-]*)-(png|webp|jpe?g|gif)-(\d+)\.webp$/;

/** "images/a/b.png", 480 → "renditions/images/a/b-png-480.webp"; null for a key that is not a picture. */
export function renditionKeyOf(key: string, width: RenditionWidth): string | null {
  const match = ORIGINAL_KEY.exec(key);
  if (!match || key.startsWith(RENDITIONS)) return null;
  return `${RENDITIONS}${match[1]}-${match[2]}-${width}.webp`;
}

/**
 * The original key and width a rendition key names, or null when it names none, a width not
 * offered, or a rendition (only originals get renditions, issue 19: no renditions of renditions).
 */
export function originalOfRenditionKey(key: string): { original: string; width: RenditionWidth } | null {
  const match = RENDITION_KEY.exec(key);
  if (!match || match[1]!.startsWith(RENDITIONS)) return null;
  const width = Number(match[3]);
  if (!RENDITION_WIDTHS.includes(width as RenditionWidth)) return null;
  return { original: `${match[1]}.${match[2]}`, width: width as RenditionWidth };
}

/**
 * Key of the PNG kept for 'Scarica' of a non-PNG original (issue 9: encode once, then reuse):
 * `downloads/<original key without extension>.png`. It lives and dies with its original.
 */
export function downloadKeyOf(key: string): string {
  return `${DOWNLOADS}${key.slice(0, key.lastIndexOf("."))}.png`;
}

/**
 * The originals a stored key may show (issue 36 finding 4: a rendition or a download is the
 * picture it was made from): a rendition's original, every original a 'Scarica' PNG can come
 * from (its extension is not in its name), else the key itself. Output: media URLs
 * ("/media/<key>"), the form generated_images.image_url stores.
 */
export function originalUrlsOf(key: string): string[] {
  const rendition = originalOfRenditionKey(key);
  if (rendition) return [`${MEDIA_PREFIX}${rendition.original}`];
  if (key.startsWith(DOWNLOADS) && key.endsWith(".png")) {
    const base = key.slice(DOWNLOADS.length, -".png".length);
    return ORIGINAL_EXTENSIONS.map((ext) => `${MEDIA_PREFIX}${base}.${ext}`);
  }
  return [`${MEDIA_PREFIX}${key}`];
}

/**
 * `srcset` of a picture URL: "…-480.webp 480w, …-960.webp 960w"; null for a URL that is not one
 * of our stored pictures (an https cover elsewhere), which is then shown as it is.
 */
export function renditionSrcSet(imageUrl: string): string | null {
  if (!imageUrl.startsWith(MEDIA_PREFIX)) return null;
  const urls = RENDITION_WIDTHS.map((width) => renditionKeyOf(imageUrl.slice(MEDIA_PREFIX.length), width));
  if (urls.some((url) => url === null)) return null;
  return urls.map((key, i) => `${MEDIA_PREFIX}${key} ${RENDITION_WIDTHS[i]}w`).join(", ");
}

/** URL of one rendition of a picture URL, or the URL itself when it is not one of ours. */
export function renditionUrl(imageUrl: string, width: RenditionWidth): string {
  const key = imageUrl.startsWith(MEDIA_PREFIX) ? renditionKeyOf(imageUrl.slice(MEDIA_PREFIX.length), width) : null;
  return key ? `${MEDIA_PREFIX}${key}` : imageUrl;
}
