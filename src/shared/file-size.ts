/**
 * Size limits of uploaded files as the player reads them (issue 40 §3: a file over the size limit
 * is refused with an Italian message naming the limit). One wording for every upload: a card's
 * PNG or JSON, a draft's cover, and the same limits when the request itself is refused.
 */

const KB = 1024;
const MB = 1024 * KB;

/** A limit in bytes as text: whole megabytes as 'N MB', else whole kilobytes as 'N KB'. */
export function sizeLabel(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / KB)} KB`;
}

/** 'L'immagine supera il limite di 5 MB.': `subject` (e.g. "Il file JSON") past `bytes`. */
export function overLimit(subject: string, bytes: number): string {
  return `${subject} supera il limite di ${sizeLabel(bytes)}.`;
}
