/**
 * Template endpoints (spec §2 Discover list, Template detail, Admin templates; §4 Starting from
 * a template, Like and favorite; §5 Template form, AI helpers; §7; §8 AI helpers and templates,
 * Like and favorite) and /crea-gioco's game creation.
 *
 * Everyone (visitors included):
 *   GET  /api/templates?limit&cursor       → 200 TemplatePageView      most played first, keyset pages;
 *                                                                      400 for a malformed cursor
 *   GET  /api/templates/:id                → 200 ScenarioDetailView    liked/favorited for the caller, author and remix
 *                                                                      credits (issue 40); 404 'Template non trovato.'
 * Signed-in users (401 otherwise):
 *   GET  /api/templates/saved?limit&cursor → 200 TemplatePageView     the caller's saved templates, newest saved
 *                                                                      first, keyset pages (issue 13); 400 bad cursor
 *   POST /api/templates/:id/like {value?}  → 200 LikeResultView        {liked, likes}; value = wanted state (idempotent), none = toggle
 *   POST /api/templates/:id/favorite {value?} → 200 FavoriteResultView
 *   POST /api/templates/:id/play {opening?} → 201 CreatedGameView      plays + 1, the player's copy, the opening message:
 *                                                                      the chosen one (0 = first, default; issue 40 §1);
 *                                                                      400 'Scegli uno degli inizi proposti.' for a
 *                                                                      non-integer or an index past its openings
 *   POST /api/custom-games CreateCustomGame → 201 CreatedGameView      /crea-gioco
 *   POST /api/custom-games/generate {title, genre, fields} → 200 GenerateResultView  empty fields only;
 *     it costs one message of the daily quota (429 'Limite messaggi raggiunto', given back on failure);
 *     with every field already filled it answers {generatedContent: {}, source: 'none'} and costs nothing (issue 22 §5);
 *     429 TOO_MANY_AT_ONCE while another AI helper call of the player runs (issue 19; so do the admin helpers below);
 *     503 AI_BUDGET_EXHAUSTED once the site's daily token budget is spent (issue 36 finding 3: nothing
 *     charged, no provider call; so do the admin helpers below, admins included)
 * Admins (401 visitors, 403 'Accesso negato' others, audit-logged):
 *   GET    /api/admin/templates?cursor&limit&search → 200 KeysetPage<AdminTemplateView> newest first; search in
 *                                            the title (issue 22 §11); 400 for a malformed cursor
 *   POST   /api/admin/templates TemplateForm → 201 AdminTemplateView
 *   PUT    /api/admin/templates/:id TemplateForm + version → 200 AdminTemplateView; 404; 409 STALE_EDIT (issue 22 §9)
 *   DELETE /api/admin/templates/:id        → 200 {ok: true}; 404; the stored cover file goes only when
 *                                            no other row (template, game, image) shows it
 *   POST   /api/admin/templates/ai/improve {text, field, context} → 200 ImproveResultView; 400 'Campo vuoto'
 *   POST   /api/admin/templates/ai/generate {title, genre, fields} → 200 GenerateResultView; 400 'Campi mancanti'
 *   POST   /api/admin/templates/ai/cover {title, description, genre} → 200 CoverResultView; 400 'Campi mancanti'
 * Unexpected failures of like and favourite answer 'Impossibile aggiornare il like.' /
 * 'Impossibile aggiornare i preferiti.'.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import { CUSTOM_GAME_GENERATE_COST, createCustomGameSchema, emptyGeneratableFields, generateCustomGameSchema } from "../../../shared/schemas/create-game";
import { adminKeysetQuerySchema } from "../../../shared/schemas/admin";
import { versioned } from "../../../shared/schemas/version";
import { openingChoiceSchema } from "../../../shared/schemas/opening-choice";
import {
  GENERATABLE_FIELDS,
  generateContentSchema,
  generateCoverSchema,
  improveTextSchema,
  TEMPLATE_INTERACTION_STYLES,
  TEMPLATE_RESPONSE_STYLES,
  TEMPLATE_STORY_PACINGS,
  templateFormSchema,
  type TemplateInput,
  templateListQuerySchema,
  toggleSchema,
} from "../../../shared/schemas/template";
import type { AdminTemplateView, CoverResultView, GenerateResultView, ImproveResultView, ScenarioDetailView } from "../../../shared/template-types";
import { scenarioCredits } from "./scenarios.service";
import { omitVersion, rejectedDetail, versionDetail } from "../../platform/admin-edit";
import { auditedChange, auditedEdit } from "../../domain/auth/audit-change";
import { currentUser, requireAdmin, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { recordTemplateWriter } from "../../domain/policies/authorship";
import { deleteUnreferencedMedia } from "../../domain/media-references";
import { cursorParam } from "../../platform/keyset-cursor";
import { refundMessages, takeMessages } from "../../domain/quota/quota";
import { validationHook } from "../../platform/validation";
import { type FieldSpec, generateFields, improveText } from "./ai-helpers";
import { screenPublication } from "../moderation/screening";
import { generateCover } from "./cover";
import {
  createCustomGame,
  createTemplate,
  decodeSavedCursor,
  decodeTemplateCursor,
  deleteTemplate,
  getTemplateDetail,
  listAdminTemplates,
  listSavedTemplates,
  listTemplates,
  playTemplate,
  toggleFavorite,
  toggleLike,
  updateTemplate,
} from "./templates.service";
import type { Logger } from "../../platform/ops/logger";
import { type SpendingPass, withSpending } from "../../domain/policies/spending";

/**
 * Saves a template through `audited` (its audit entry: auditedChange, or auditedEdit for a
 * versioned edit, issue 22 §9); its public texts (title, description, opening, cover URL) are
 * screened first (issue 23: with MODERATION_MODEL set, a flagged template is held for the
 * moderators instead of appearing in Scopri). The admin who saves it is recorded as one of its
 * writers, who never decide its reports (issue 36 finding 5). Output: the stored template.
 */
async function screenedChange(
  c: Context<AppEnv>,
  input: TemplateInput,
  save: (trx: Kysely<Database>) => Promise<AdminTemplateView>,
  audited: (change: (trx: Kysely<Database>) => Promise<AdminTemplateView>) => Promise<AdminTemplateView>,
): Promise<AdminTemplateView> {
  const publication = await screenPublication(c.var.deps, [input.title, input.description, input.initial_prompt]);
  const template = await audited(async (trx) => {
    const saved = await save(trx);
    await recordTemplateWriter(trx, saved.id, currentUser(c).id);
    await publication.hold(trx, { kind: "template", id: saved.id, title: saved.title, authorId: null });
    return saved;
  });
  await publication.announce();
  return template;
}

/** Turns an unexpected failure into the spec's error for the action; AppErrors pass through. */
async function orFail<T>(action: Promise<T>, code: "LIKE_FAILED" | "FAVORITE_FAILED", logger: Logger): Promise<T> {
  try {
    return await action;
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error, code }, "Preferenza sul template non salvata");
    throw AppError.of(code, 500);
  }
}

const isEmpty = (value: string | null | undefined) => !value || value.trim() === "";

export const templatesRoutes = new Hono<AppEnv>()
  .get("/", zValidator("query", templateListQuerySchema, validationHook), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const decoded = cursor === undefined ? undefined : decodeTemplateCursor(cursor);
    if (decoded === null) throw AppError.of("VALIDATION", 400);
    return c.json(await listTemplates(c.var.deps.db, { limit, cursor: decoded }));
  })
  // Before /:id, which would otherwise take 'saved' for a template id.
  .get("/saved", requireUser, zValidator("query", templateListQuerySchema, validationHook), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const decoded = cursor === undefined ? undefined : decodeSavedCursor(cursor);
    if (decoded === null) throw AppError.of("VALIDATION", 400);
    return c.json(await listSavedTemplates(c.var.deps.db, currentUser(c).id, { limit, cursor: decoded }));
  })
  .get("/:id", async (c) => {
    // Issue 40 §1: the page also names the author, the original of a remix and the remixes.
    const detail = await getTemplateDetail(c.var.deps.db, c.req.param("id"), c.var.user?.id ?? null);
    return c.json({ ...detail, ...(await scenarioCredits(c.var.deps.db, detail.id)) } satisfies ScenarioDetailView);
  })
  .post("/:id/like", requireUser, zValidator("json", toggleSchema, validationHook), async (c) => {
    const { value } = c.req.valid("json");
    const { db, logger } = c.var.deps;
    return c.json(await orFail(toggleLike(db, currentUser(c).id, c.req.param("id"), value), "LIKE_FAILED", logger));
  })
  .post("/:id/favorite", requireUser, zValidator("json", toggleSchema, validationHook), async (c) => {
    const { value } = c.req.valid("json");
    const { db, logger } = c.var.deps;
    return c.json(await orFail(toggleFavorite(db, currentUser(c).id, c.req.param("id"), value), "FAVORITE_FAILED", logger));
  })
  .post("/:id/play", requireUser, zValidator("json", openingChoiceSchema, validationHook), async (c) => {
    const { opening } = c.req.valid("json");
    const game = await playTemplate(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.var.deps.logger, opening);
    return c.json(game, 201);
  });

export const customGamesRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", zValidator("json", createCustomGameSchema, validationHook), async (c) => {
    const game = await createCustomGame(c.var.deps.db, currentUser(c).id, c.req.valid("json"), c.var.deps.logger);
    return c.json(game, 201);
  })
  .post("/generate", zValidator("json", generateCustomGameSchema, validationHook), async (c) => {
    const { title, genre, fields } = c.req.valid("json");
    const choices: Record<string, FieldSpec["choices"]> = {
      response_style: TEMPLATE_RESPONSE_STYLES,
      story_pacing: TEMPLATE_STORY_PACINGS,
      interaction_style: TEMPLATE_INTERACTION_STYLES,
    };
    const wanted = emptyGeneratableFields(fields).map((name) => ({ name, choices: choices[name] }));
    // Every field already filled: nothing to ask the model, nothing to charge (issue 22 §5).
    if (wanted.length === 0) return c.json<GenerateResultView>({ generatedContent: {}, source: "none" });
    // A model call like a narrated turn: it is paid from the same daily quota.
    const { db, chat, logger } = c.var.deps;
    const userId = currentUser(c).id;
    const chargedAt = new Date();
    const result = await aiHelper(c, async (pass) => {
      if (!(await takeMessages(db, userId, CUSTOM_GAME_GENERATE_COST, chargedAt))) throw AppError.of("MESSAGE_LIMIT", 429);
      try {
        return await generateFields(chat, pass, { title, genre, fields: wanted, kind: "game" }, logger);
      } catch (error) {
        await refundMessages(db, userId, CUSTOM_GAME_GENERATE_COST, chargedAt);
        throw error;
      }
    });
    return c.json(result satisfies GenerateResultView);
  });

export const adminTemplatesRoutes = new Hono<AppEnv>()
  // Cover generation needs a session (spec §8: 'Errore di autenticazione').
  .use("/ai/cover", async (c, next) => {
    if (!c.var.user) throw AppError.of("COVER_LOGIN_REQUIRED", 401);
    await next();
  })
  .use(requireUser, requireAdmin)
  .get("/", zValidator("query", adminKeysetQuerySchema, validationHook), async (c) => {
    const { limit, cursor, search } = c.req.valid("query");
    return c.json(await listAdminTemplates(c.var.deps.db, { limit, search, cursor: cursorParam(cursor, ["string", "string"] as const) }));
  })
  .post("/", zValidator("json", templateFormSchema, validationHook), async (c) => {
    const input = c.req.valid("json");
    const created = await screenedChange(
      c,
      input,
      (trx) => createTemplate(trx, input),
      (change) => auditedChange(c, "template.create", change, (t) => `template ${t.id}`),
    );
    return c.json(created, 201);
  })
  .put("/:id", zValidator("json", versioned(templateFormSchema), validationHook), async (c) => {
    const input = c.req.valid("json");
    const id = c.req.param("id");
    const template = await screenedChange(
      c,
      input,
      (trx) => updateTemplate(trx, id, input),
      (change) =>
        auditedEdit(
          c,
          "template.update",
          change,
          (t) => versionDetail(`template ${id}`, t.version, omitVersion(input)),
          rejectedDetail(`template ${id}`, input.version, omitVersion(input)),
        ),
    );
    return c.json(template);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    const { coverImageUrl } = await auditedChange(c, "template.delete", (trx) => deleteTemplate(trx, id), () => `template ${id}`);
    if (coverImageUrl) {
      // Our stored cover goes with its template unless another row still shows it (issue 9 #11).
      await deleteUnreferencedMedia(c.var.deps, [coverImageUrl]).catch((error: unknown) => c.var.deps.logger.error({ err: error }, "Copertina non eliminata"));
    }
    return c.json({ ok: true as const });
  })
  .post("/ai/improve", zValidator("json", improveTextSchema, validationHook), async (c) => {
    const { text, field, context } = c.req.valid("json");
    const result = await aiHelper(c, (pass) => improveText(c.var.deps.chat, pass, { text, field, context }, c.var.deps.logger));
    return c.json(result satisfies ImproveResultView);
  })
  .post("/ai/generate", zValidator("json", generateContentSchema, validationHook), async (c) => {
    const { title, genre, fields } = c.req.valid("json");
    const wanted = GENERATABLE_FIELDS.filter((f) => isEmpty(fields[f])).map((name) => ({ name }));
    const result = await aiHelper(c, (pass) => generateFields(c.var.deps.chat, pass, { title, genre, fields: wanted, kind: "template" }, c.var.deps.logger));
    return c.json(result satisfies GenerateResultView);
  })
  .post("/ai/cover", zValidator("json", generateCoverSchema, validationHook), async (c) => {
    const result = await aiHelper(c, (pass) => generateCover(c.var.deps, pass, c.req.valid("json")));
    return c.json(result satisfies CoverResultView);
  });

/**
 * Runs one AI helper call of the signed-in user once the spending gate admits it
 * (policies/spending.ts): 503 AI_BUDGET_EXHAUSTED with the site's daily token budget spent
 * (issue 36 finding 3, admins included), then inside their AI helper slot (issue 19: at most
 * AI_HELPERS_PER_PLAYER at once, 429 TOO_MANY_AT_ONCE; AI_HELPERS_MAX per instance, 503
 * SERVER_BUSY). `call` gets the gate's pass, which the provider calls need.
 */
function aiHelper<T>(c: Context<AppEnv>, call: (pass: SpendingPass) => Promise<T>): Promise<T> {
  const { deps } = c.var;
  return withSpending(deps, { actorId: currentUser(c).id, purpose: "helper", slots: deps.bounds.aiHelpers }, call);
}

