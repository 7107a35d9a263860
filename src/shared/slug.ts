/**
 * Template slugs (spec §9 "Template slug": lower-cased, accents removed, spaces turned into
 * hyphens, non-word characters dropped) and the canonical template page path
 * /scopri/{slug}/{templateId} (spec §2 route table). Not to be confused with the gallery rule
 * of spec §2 (imageSlug in image-slug.ts), which keeps accented letters.
 */

/**
 * Slug of a template title, e.g. "Il Mistero di Villa Àlbera!" → "il-mistero-di-villa-albera".
 * Input: any title. Output: [a-z0-9_-] only; "template" when nothing is left.
 */
export function templateSlug(title: string | null | undefined): string {
  const slug = (title ?? "")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "template";
}

/** Canonical path of a template page: /scopri/{slug}/{templateId}. */
export function templatePath(id: string, title: string | null | undefined): string {
  return `/scopri/${encodeURIComponent(templateSlug(title))}/${encodeURIComponent(id)}`;
}

/**
 * The creator page's address of an author's nickname (issue 40 §1): /autore/{nickname}, the
 * nickname percent-encoded (a nickname may hold spaces, accents, '/' or '?').
 */
export function creatorPath(nickname: string): string {
  return `/autore/${encodeURIComponent(nickname)}`;
}

/** Slug of a story's title for its link ("Il faro!" → "il-faro"); "storia" when nothing is left. */
export function storySlug(title: string): string {
  const slug = templateSlug(title);
  return slug === "template" && !/template/i.test(title) ? "storia" : slug;
}
