/**
 * Character cards in and out (issue 40 §3; ADR 0027), mounted under /api/templates:
 *
 * Signed-in players (401 otherwise):
 *   POST /api/templates/import   a Character Card V2 / V3 or a SillyTavern World Info, as a JSON body
 *                                or a multipart `file` (.json, or .png with the card in `ccv3`/`chara`)
 *                                → 201 {id} of the player's new private draft;
 *                                400 CARD_INVALID naming the problem (size, format, no card, schema,
 *                                limits) with nothing saved; 429 CARD_IMPORT_LIMIT past
 *                                CARD_IMPORTS_PER_HOUR imports (shared by instances, limit-store.ts).
 * Anyone who may see the scenario (policies/visibility.ts: its author for a draft):
 *   GET /api/templates/:id/card            → 200 the V3 card as JSON (attachment <title>.json)
 *   GET /api/templates/:id/card?format=png → 200 image/png: the cover with `ccv3` and `chara`
 *   404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW as the template's page;
 *   400 for another format.
 * Specs: github.com/malfoyslastname/character-card-spec-v2, github.com/kwaroran/character-card-spec-v3.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { CARD_IMPORTS_PER_HOUR, type ImportedCardView } from "../../../../shared/schemas/character-card";
import { templateSlug } from "../../../../shared/slug";
import { takeAllowance } from "../allowance";
import { currentUser, requireUser } from "../../../domain/auth/middleware";
import type { AppEnv } from "../../../domain/context";
import { validationHook } from "../../../platform/validation";
import { cardError } from "./card-format";
import { type CardUpload, cardPng, insertDraft, readCardUpload, scenarioCard } from "./card.service";

const cardQuerySchema = z.object({
  format: z.enum(["json", "png"], { error: "Formato non valido: scegli json o png." }).default("json"),
});

/** Card imports per player per hour (CARD_IMPORTS_PER_HOUR). */
const IMPORT_LIMIT = { keyPrefix: "card-import", points: CARD_IMPORTS_PER_HOUR, duration: 3600 };

/** The uploaded card: the multipart field `file`, or the JSON body; 400 for anything else. */
async function uploadOf(c: Context<AppEnv>): Promise<CardUpload> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    let file: unknown;
    try {
      file = (await c.req.formData()).get("file");
    } catch {
      throw cardError("Il modulo inviato non è leggibile.");
    }
    if (!(file instanceof File)) throw cardError("Allega il file della scheda nel campo «file».");
    return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
  }
  if (type.startsWith("application/json")) return { bytes: new Uint8Array(await c.req.arrayBuffer()), name: "" };
  throw cardError("Invia la scheda come file (campo «file») oppure come JSON.");
}

/** A file name for the download: the title's slug, or 'scheda'. */
const fileNameOf = (title: unknown) => templateSlug(typeof title === "string" ? title : "") || "scheda";

export const cardRoutes = new Hono<AppEnv>()
  .post("/import", requireUser, async (c) => {
    const userId = currentUser(c).id;
    await takeAllowance(c, IMPORT_LIMIT, "CARD_IMPORT_LIMIT");
    const { fields, image } = await readCardUpload(await uploadOf(c));
    const id = await insertDraft(c.var.deps, userId, fields, image);
    return c.json<ImportedCardView>({ id }, 201);
  })
  .get("/:id/card", zValidator("query", cardQuerySchema, validationHook), async (c) => {
    const { card, cover } = await scenarioCard(c.var.deps.db, c.req.param("id"), () => Promise.resolve(c.var.user?.id ?? null));
    const name = fileNameOf((card.data as { name?: unknown }).name);
    // Never a shared cache: a draft's card is its author's only.
    c.header("Cache-Control", "private, no-store");
    if (c.req.valid("query").format === "png") {
      const png = await cardPng(c.var.deps, card, cover);
      c.header("Content-Type", "image/png");
      c.header("Content-Disposition", `attachment; filename="${name}.png"`);
      return c.body(new Uint8Array(png));
    }
    c.header("Content-Disposition", `attachment; filename="${name}.json"`);
    return c.json(card);
  });
