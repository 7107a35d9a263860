/**
 * 'Esporta' (issue 13 "The story as a book"): the book formats and the download address, shared
 * by the server (src/shared/schemas/book.ts validates the format) and the web (the menu's links).
 * No zod here, so the web's pages that only link to a download load none.
 */

/** The book formats, in the order the 'Esporta' menu lists them. */
export const BOOK_FORMATS = ["epub", "pdf"] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

/** Address of a game's book download: /api/games/{id}/export?format={format}. */
export function bookExportPath(gameId: string, format: BookFormat): string {
  return `/api/games/${encodeURIComponent(gameId)}/export?format=${format}`;
}
