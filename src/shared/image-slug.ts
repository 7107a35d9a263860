/**
 * Gallery links (spec §2 route table, /galleria/{id}): the slug of an image is its title
 * lower-cased, punctuation removed, spaces turned into hyphens, default 'immagine'.
 * The canonical page is /galleria/{id}/{slug}; /galleria/{id} and /galleria/{slug} lead there.
 */

/** Slug of a title, e.g. "L'ombra del Faro!" → "lombra-del-faro"; empty or null → "immagine". */
export function imageSlug(title: string | null | undefined): string {
  const slug = (title ?? "")
    .toLowerCase()
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "immagine";
}

/** Canonical path of an image page: /galleria/{id}/{slug}. */
export function imagePath(id: string, title: string | null | undefined): string {
  return `/galleria/${encodeURIComponent(id)}/${encodeURIComponent(imageSlug(title))}`;
}

/** File name of the 'Scarica' download (spec §2: png, built from the image id). */
export function imageDownloadName(id: string): string {
  return `immagine-${id}.png`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a /galleria/{x} segment is an image id (a UUID) rather than a slug. */
export function looksLikeImageId(segment: string): boolean {
  return UUID.test(segment);
}
