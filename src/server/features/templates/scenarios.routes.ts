/**
 * Scenarios by players and creator pages (issue 40 §1).
 *
 * Signed-in players (401 otherwise):
 *   POST /api/scenarios ScenarioForm       → 201 {id}       a private draft (its author only; policies/visibility.ts);
 *                                                            400 with the schema's Italian message, nothing saved;
 *                                                            429 SCENARIO_DRAFT_LIMIT past SCENARIO_LIMITS.draftsPerDay
 *   GET  /api/scenarios/mine               → 200 {items: ScenarioMineView[]}  the caller's drafts and publications
 *   POST /api/scenarios/:id/publish        → 200 {id, state} the caller's draft, screened (MODERATION_MODEL: flagged →
 *                                                            'held', its author only, a report in the queue);
 *                                                            403 PUBLISHING_SUSPENDED; 404 SCENARIO_NOT_FOUND (not
 *                                                            the caller's); 409 SCENARIO_NOT_DRAFT; 429 SCENARIO_PUBLISH_LIMIT
 *   POST /api/scenarios/:id/remix          → 201 {id}       a new draft copying a published scenario (remix_of);
 *                                                            as its page: 404 / 410; 409 SCENARIO_NOT_REMIXABLE (a draft)
 *   GET  /api/scenarios/:id                → 200 ScenarioEditView  the caller's draft for 'Modifica bozza'
 *   PUT  /api/scenarios/:id ScenarioForm   → 200 {id}       saves the caller's draft (its old cover file goes when
 *                                                            nothing shows it any more); 400 as POST, nothing saved
 *   POST /api/scenarios/:id/cover (multipart `file`) → 200 {url}  a JPEG/PNG/WebP ≤ 5 MB for the draft, re-encoded
 *                                                            and stored (the PUT then names it); 400 COVER_INVALID
 *                                                            in Italian (far past the limit too), nothing stored;
 *                                                            429 COVER_UPLOAD_LIMIT past SCENARIO_LIMITS.coverUploadsPerHour
 *   POST /api/scenarios/:id/cover/ai       → 200 CoverResultView  drawn by the illustrator from the draft's title,
 *                                                            description and genre; one visualization token (429
 *                                                            VISUALIZE_LIMIT), through the spending gate (503 budget)
 *   These four answer 404 SCENARIO_NOT_FOUND for anything but the caller's own draft scenario and
 *   409 SCENARIO_NOT_DRAFT once it is published (issue 40 §1 'Modifica bozza').
 * Everyone:
 *   GET  /api/authors/:nickname            → 200 CreatorPageView; 404 AUTHOR_NOT_FOUND
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { SCENARIO_LIMITS, scenarioSchema } from "../../../shared/schemas/scenario";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import { takeAllowance } from "./allowance";
import type { AppEnv } from "../../domain/context";
import { appendAudit } from "../../domain/audit";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { assertMayPublish } from "../moderation/content";
import { screenPublication } from "../moderation/screening";
import { creatorPage } from "./creators.service";
import { draftForEdit, createScenarioDraft, listMyScenarios, markPublished, ownDraft, remixScenario, updateScenarioDraft } from "./scenarios.service";
import { drawDraftCover, storeUploadedCover } from "./cover";
import { deleteUnreferencedMedia } from "../../domain/media-references";

/** Publications per player per day (SCENARIO_LIMITS.publicationsPerDay), shared by instances on PostgreSQL. */
const PUBLISH_LIMIT = { keyPrefix: "scenario-publish", points: SCENARIO_LIMITS.publicationsPerDay, duration: 24 * 60 * 60 };
/** Cover uploads per player per hour (SCENARIO_LIMITS.coverUploadsPerHour): each stores a file until it is saved or swept. */
const COVER_UPLOAD_LIMIT = { keyPrefix: "scenario-cover", points: SCENARIO_LIMITS.coverUploadsPerHour, duration: 60 * 60 };

export const scenariosRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", zValidator("json", scenarioSchema, validationHook), async (c) => {
    return c.json(await createScenarioDraft(c.var.deps.db, currentUser(c).id, c.req.valid("json")), 201);
  })
  .get("/mine", async (c) => c.json({ items: await listMyScenarios(c.var.deps.db, currentUser(c).id) }))
  .post("/:id/publish", async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const draft = await ownDraft(deps.db, user.id, c.req.param("id"));
    await assertMayPublish(deps.db, user.id);
    await takeAllowance(c, PUBLISH_LIMIT, "SCENARIO_PUBLISH_LIMIT");
    const publication = await screenPublication(deps, draft.texts);
    const held = await deps.db.transaction().execute(async (trx) => {
      if (!(await markPublished(trx, user.id, draft.id))) throw AppError.of("SCENARIO_NOT_DRAFT", 409);
      await appendAudit(trx, { id: user.id, email: user.email, ip: null }, "scenario.publish", `scenario ${draft.id} «${draft.title}»`);
      return publication.hold(trx, { kind: "template", id: draft.id, title: draft.title, authorId: user.id });
    });
    await publication.announce();
    return c.json({ id: draft.id, state: held ? ("held" as const) : ("visible" as const) });
  })
  .post("/:id/remix", async (c) => c.json(await remixScenario(c.var.deps.db, currentUser(c).id, c.req.param("id")), 201))
  .get("/:id", async (c) => c.json(await draftForEdit(c.var.deps.db, currentUser(c).id, c.req.param("id"))))
  .put("/:id", zValidator("json", scenarioSchema, validationHook), async (c) => {
    const { deps } = c.var;
    const { id, replacedCover } = await updateScenarioDraft(deps.db, currentUser(c).id, c.req.param("id"), c.req.valid("json"));
    if (replacedCover) {
      // The draft's previous cover goes unless another row still shows it.
      await deleteUnreferencedMedia(deps, [replacedCover]).catch((error: unknown) => deps.logger.error({ err: error }, "Copertina non eliminata"));
    }
    return c.json({ id });
  })
  .post("/:id/cover", async (c) => {
    await ownDraft(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    await takeAllowance(c, COVER_UPLOAD_LIMIT, "COVER_UPLOAD_LIMIT");
    return c.json(await storeUploadedCover(c.var.deps.media, await coverUpload(c)));
  })
  .post("/:id/cover/ai", async (c) => c.json(await drawDraftCover(c.var.deps, currentUser(c).id, c.req.param("id"))));

/** The uploaded cover's bytes: the multipart field `file`; 400 COVER_INVALID in Italian otherwise. */
async function coverUpload(c: Context<AppEnv>): Promise<Uint8Array> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw AppError.of("COVER_INVALID", 400, "Invia l'immagine come file nel campo «file».");
  }
  let file: unknown;
  try {
    file = (await c.req.formData()).get("file");
  } catch {
    throw AppError.of("COVER_INVALID", 400, "Il modulo inviato non è leggibile.");
  }
  if (!(file instanceof File)) throw AppError.of("COVER_INVALID", 400, "Allega l'immagine nel campo «file».");
  return new Uint8Array(await file.arrayBuffer());
}

export const authorsRoutes = new Hono<AppEnv>().get("/:nickname", async (c) => c.json(await creatorPage(c.var.deps.db, c.req.param("nickname"))));
