/**
 * The kinds of public item that can be reported (issue 23), their report page's path segment and
 * their Italian names. Without zod: the 'Segnala' link of the template and image pages imports
 * this, not the report form's schema (issue 21: zod's start-up off those pages' first load).
 */

/** The kinds of public item that can be reported, as the API names them. */
export const CONTENT_KINDS = ["image", "story", "template"] as const;
export type ContentKindName = (typeof CONTENT_KINDS)[number];

/** The report page's path segment of each kind: /segnala/{segment}/{id}. */
export const KIND_SEGMENTS: Record<ContentKindName, string> = { image: "immagine", story: "storia", template: "template" };

/** What each kind is called in Italian ('l'immagine', 'la storia', 'il template'). */
export const KIND_LABELS: Record<ContentKindName, string> = { image: "Immagine della galleria", story: "Storia condivisa", template: "Template" };
