/**
 * The narrator's memory of a game (issue 11 §1; ADR 0009). All need a session; the game must be
 * the player's (else 404 'Partita non trovata o non autorizzata.').
 *
 * GET    /api/games/:id/memory                 → 200 MemoryView {recap, facts, cards}
 * PUT    /api/games/:id/memory/recap {text}    → 200 RecapView | null   the player's recap ('' clears it)
 * POST   /api/games/:id/memory/facts {kind, title, text, pinned?}
 *                                              → 201 FactView           409 FACT_LIMIT beyond 500 facts
 * PATCH  /api/games/:id/memory/facts/:factId {kind?, title?, text?, pinned?}
 *                                              → 200 FactView           404 'Ricordo non trovato in questa partita.'
 * DELETE /api/games/:id/memory/facts/:factId   → 204
 * GET    /api/games/:id/memory/prompt          → 200 PromptPreviewView  system text null unless admin
 * Bad input: 400 with the schema's Italian message (src/shared/schemas/memory.ts).
 *
 * Mounted in app.ts before gamesRoutes.
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import type { FactView } from "../../../shared/api-types";
import { factPatchSchema, factSchema, recapSchema } from "../../../shared/schemas/memory";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { addPlayerFact, deleteFact, updateFact } from "../../domain/memory/fact-store";
import { validationHook } from "../../platform/validation";
import { findOwnedGame } from "./games.service";
import { getMemoryView, previewPrompt, setPlayerRecap } from "./memory.service";

export const memoryRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id/memory", async (c) => c.json(await getMemoryView(c.var.deps.db, currentUser(c).id, c.req.param("id"))))
  .put("/:id/memory/recap", zValidator("json", recapSchema, validationHook), async (c) =>
    c.json(await setPlayerRecap(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.valid("json").text)),
  )
  .post("/:id/memory/facts", zValidator("json", factSchema, validationHook), async (c) => {
    const game = await findOwnedGame(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    return c.json((await addPlayerFact(c.var.deps.db, game.id, c.req.valid("json"))) satisfies FactView, 201);
  })
  .patch("/:id/memory/facts/:factId", zValidator("json", factPatchSchema, validationHook), async (c) => {
    const game = await findOwnedGame(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    return c.json((await updateFact(c.var.deps.db, game.id, c.req.param("factId"), c.req.valid("json"))) satisfies FactView);
  })
  .delete("/:id/memory/facts/:factId", async (c) => {
    const game = await findOwnedGame(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    await deleteFact(c.var.deps.db, game.id, c.req.param("factId"));
    return c.body(null, 204);
  })
  .get("/:id/memory/prompt", async (c) => c.json(await previewPrompt(c.var.deps.db, currentUser(c).id, c.req.param("id"))));
