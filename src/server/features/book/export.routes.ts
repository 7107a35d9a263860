/**
 * 'Esporta' (issue 13 "The story as a book"): the player's story as a book to download.
 *
 * GET /api/games/:id/export?format=epub|pdf → 200 application/epub+zip | application/pdf, as an
 *     attachment (Content-Disposition with an ASCII slug filename and the RFC 5987 filename*),
 *     streamed while it is written. The current path only (ADR 0008).
 * Errors (JSON, before the stream starts): 401 without a session; 404 GAME_NOT_FOUND
 * ('Partita non trovata o non autorizzata.') for another user's game, a template or no game
 * (the owner or a member, issue 24: in the query); 400 for another format ('Formato non valido: scegli EPUB o PDF.');
 * 429 EXPORT_BUSY while the player's previous export is still downloading, 503 EXPORTS_FULL when
 * the server runs its most exports at once (export-slots.ts, issue 19 finding 6). A slot is held
 * until the download ends, fails or is cancelled.
 *
 * Mounted in app.ts on /games before gamesRoutes.
 */

import { finished, Readable } from "node:stream";
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bookExportSchema } from "../../../shared/schemas/book";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { findReadableGame } from "../games/games.service";
import { loadBookHeader } from "./book.service";
import { epubStream } from "./epub";
import { ExportSlots } from "./export-slots";
import { attachmentDisposition } from "./export-support";
import { pdfStream } from "./pdf";

const CONTENT_TYPES = { epub: "application/epub+zip", pdf: "application/pdf" } as const;

/** The exports running in this server process. */
const slots = new ExportSlots();

export const bookExportRoutes = new Hono<AppEnv>()
  .use("/:id/export", requireUser)
  .get("/:id/export", zValidator("query", bookExportSchema, validationHook), async (c) => {
    const { db, media } = c.var.deps;
    const game = await findReadableGame(db, currentUser(c).id, c.req.param("id"));
    // Issue 36 finding 4: the member's book holds the pictures they may see (their own removed or held ones included).
    const header = await loadBookHeader(db, game.id, { member: currentUser(c).id });
    if (!header) throw AppError.of("GAME_NOT_FOUND", 404);
    const { format } = c.req.valid("query");
    const release = slots.take(currentUser(c).id);
    const stream = format === "epub" ? epubStream(db, media, header) : pdfStream(db, media, header);
    // Released once the book is read to its end, fails, or the download is cancelled.
    finished(stream, { writable: false }, release);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": CONTENT_TYPES[format],
        "Content-Disposition": attachmentDisposition(header.title, format),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
