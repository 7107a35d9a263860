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
 * Everyone:
 *   GET  /api/authors/:nickname            → 200 CreatorPageView; 404 AUTHOR_NOT_FOUND
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { RateLimiterRes } from "rate-limiter-flexible";
import { SCENARIO_LIMITS, scenarioSchema } from "../../../shared/schemas/scenario";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import { sharedLimiter } from "../../domain/auth/limit-store";
import type { AppDeps, AppEnv } from "../../domain/context";
import { appendAudit } from "../../domain/audit";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { assertMayPublish } from "../moderation/content";
import { screenPublication } from "../moderation/screening";
import { creatorPage } from "./creators.service";
import { createScenarioDraft, listMyScenarios, markPublished, ownDraft, remixScenario } from "./scenarios.service";

/** Publications per player per day (SCENARIO_LIMITS.publicationsPerDay), shared by instances on PostgreSQL. */
const publishLimiter = (deps: Pick<AppDeps, "db" | "dialect">) =>
  sharedLimiter(deps.db, deps.dialect, { keyPrefix: "scenario-publish", points: SCENARIO_LIMITS.publicationsPerDay, duration: 24 * 60 * 60 });

/** Takes one publication from the player's allowance; throws 429 SCENARIO_PUBLISH_LIMIT past it. */
async function takePublication(deps: Pick<AppDeps, "db" | "dialect">, userId: string): Promise<void> {
  try {
    await publishLimiter(deps).consume(userId);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw AppError.of("SCENARIO_PUBLISH_LIMIT", 429);
    throw error;
  }
}

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
    await takePublication(deps, user.id);
    const publication = await screenPublication(deps, draft.texts);
    const held = await deps.db.transaction().execute(async (trx) => {
      if (!(await markPublished(trx, user.id, draft.id))) throw AppError.of("SCENARIO_NOT_DRAFT", 409);
      await appendAudit(trx, { id: user.id, email: user.email, ip: null }, "scenario.publish", `scenario ${draft.id} «${draft.title}»`);
      return publication.hold(trx, { kind: "template", id: draft.id, title: draft.title, authorId: user.id });
    });
    await publication.announce();
    return c.json({ id: draft.id, state: held ? ("held" as const) : ("visible" as const) });
  })
  .post("/:id/remix", async (c) => c.json(await remixScenario(c.var.deps.db, currentUser(c).id, c.req.param("id")), 201));

export const authorsRoutes = new Hono<AppEnv>().get("/:nickname", async (c) => c.json(await creatorPage(c.var.deps.db, c.req.param("nickname"))));
