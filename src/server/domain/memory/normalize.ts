/** Text folding shared by story cards and the search query (issue 11 §1): case and accents ignored. */

/** Input: any text. Output: lower case without diacritics ('Città' → 'citta'). */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}
