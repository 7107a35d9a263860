/** 'Esporta' (issue 13 "The story as a book"): GET /api/games/:id/export?format=epub|pdf. */

import { z } from "zod";
import { BOOK_FORMATS } from "../book-export";

export const bookExportSchema = z.object({
  format: z.enum(BOOK_FORMATS, { message: "Formato non valido: scegli EPUB o PDF." }),
});
