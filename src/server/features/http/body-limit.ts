/**
 * Request body limits (DESIGN §5 "every request body is bounded before it is read"; issue 9
 * finding 4). Hono's bodyLimit refuses a declared Content-Length over the limit without reading
 * a byte, and counts a streamed (chunked) body as it arrives, stopping at the limit. Every body is
 * JSON but a character card's import (issue 40 §3), a PNG or JSON file, and a draft's cover
 * (issue 40 §1), an image.
 */

import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_MESSAGE_LENGTH } from "../../../shared/commands";
import { overLimit } from "../../../shared/file-size";
import { MAX_CARD_PNG_BYTES } from "../../../shared/schemas/character-card";
import { SCENARIO_LIMITS } from "../../../shared/schemas/scenario";
import { AppError } from "../../platform/errors";

/** Worst-case bytes of one UTF-16 unit of a string inside JSON ("\uXXXX"). */
const JSON_BYTES_PER_CHAR = 6;

/** Limits in bytes, by kind of route. */
export const BODY_LIMITS = {
  /** /api/auth/*: e-mail (≤ 254), password (≤ 128), name, callback URL, token. */
  auth: 16 * 1024,
  /**
   * POST /api/games/:id/messages and /api/games/:id/messages/:messageId/renarrate: one chat
   * message of MAX_MESSAGE_LENGTH characters (sendMessageSchema, editMessageSchema).
   */
  chat: MAX_MESSAGE_LENGTH * JSON_BYTES_PER_CHAR + 1024,
  /** Any other route: the largest form is a template (system prompt ≤ 20,000 characters plus the other fields). */
  json: 256 * 1024,
  /**
   * POST /api/templates/import: a card file (PNG ≤ MAX_CARD_PNG_BYTES, JSON ≤ MAX_CARD_JSON_BYTES) in
   * a multipart form. Twice the PNG limit, so a file somewhat over its limit still gets the route's
   * own 400 naming its format's limit; beyond, the 400 here naming the PNG limit (issue 40 §3: a
   * file over the size limit is a 400 with an Italian message naming the problem).
   */
  cardImport: 2 * MAX_CARD_PNG_BYTES,
  /**
   * POST /api/scenarios/:id/cover: a draft's cover (≤ SCENARIO_LIMITS.coverBytes) in a multipart
   * form; twice the limit, as cardImport, so a file somewhat over it gets the route's Italian 400.
   */
  coverUpload: 2 * SCENARIO_LIMITS.coverBytes,
} as const;

const CARD_IMPORT_PATH = "/api/templates/import";
const CHAT_PATH = /^\/api\/games\/[^/]+\/messages(?:\/[^/]+\/renarrate)?\/?$/;
const COVER_UPLOAD_PATH = /^\/api\/scenarios\/[^/]+\/cover\/?$/;

/** The limit of a request path. Input: URL path. Output: bytes (BODY_LIMITS). */
export function bodyLimitFor(path: string): number {
  if (path.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  if (CHAT_PATH.test(path)) return BODY_LIMITS.chat;
  if (path === CARD_IMPORT_PATH) return BODY_LIMITS.cardImport;
  if (COVER_UPLOAD_PATH.test(path)) return BODY_LIMITS.coverUpload;
  return BODY_LIMITS.json;
}

/**
 * The refusal of an oversized body: a file upload names its file's limit (issue 40 §3: a file over
 * the size limit is a 400 with an Italian message naming the problem): 400 CARD_INVALID for a card
 * import, 400 COVER_INVALID for a draft's cover; any other body 413 PAYLOAD_TOO_LARGE.
 */
function refusalFor(path: string): AppError {
  if (path === CARD_IMPORT_PATH) return AppError.of("CARD_INVALID", 400, `${overLimit("Il file", MAX_CARD_PNG_BYTES)} Importa una scheda più leggera.`);
  if (COVER_UPLOAD_PATH.test(path)) return AppError.of("COVER_INVALID", 400, overLimit("L'immagine", SCENARIO_LIMITS.coverBytes));
  return AppError.of("PAYLOAD_TOO_LARGE", 413);
}

/**
 * Middleware bounding every request body by bodyLimitFor(path).
 * A declared Content-Length is judged from the header alone, so the body stays untouched: a
 * route that never reads it leaves it to the server's drain, and the connection stays usable.
 * A chunked body is counted by Hono's bodyLimit as it streams. The 413 closes the connection
 * (Connection: close): the rest of an oversized body is never read.
 * Errors: AppError 413 PAYLOAD_TOO_LARGE ('I dati inviati sono troppo grandi.'); on
 * /api/templates/import 400 CARD_INVALID ('Il file supera il limite di 2 MB. …'), on
 * /api/scenarios/:id/cover 400 COVER_INVALID ('L'immagine supera il limite di 5 MB.').
 */
export function limitRequestBodies(): MiddlewareHandler {
  const refuse = (c: Context) => {
    c.header("Connection", "close");
    throw refusalFor(c.req.path);
  };
  const streamed = new Map(Object.values(BODY_LIMITS).map((maxSize) => [maxSize, bodyLimit({ maxSize, onError: refuse })]));
  return async (c, next) => {
    const maxSize = bodyLimitFor(c.req.path);
    if (c.req.header("transfer-encoding")) return streamed.get(maxSize)!(c, next);
    if (Number(c.req.header("content-length") ?? 0) > maxSize) return refuse(c);
    await next();
  };
}
