/**
 * GET /api/plans (public) → 200 PlanView[]: the paid and free plans of the pricing page, read
 * from the plans table the quota also uses, so the page and the limits never disagree (spec §9;
 * issue 5 Pricing). The internal 'admin' plan is not listed. Base is seeded with 15 messages a
 * day (the game's reading of spec §9), and the page shows that value.
 */

import { Hono } from "hono";
import type { PlanView } from "../../../shared/api-types";
import type { AppEnv } from "../../domain/context";

export const plansRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const rows = await c.var.deps.db
    .selectFrom("plans")
    .select(["id", "name", "message_limit", "visualize_limit", "price_cents"])
    .where("id", "in", ["base", "premium", "pro"])
    .orderBy("position")
    .execute();
  c.header("Cache-Control", "public, max-age=60");
  return c.json(
    rows.map((p): PlanView => ({
      id: p.id as PlanView["id"],
      name: p.name,
      messageLimit: p.message_limit,
      visualizeLimit: p.visualize_limit,
      priceCents: p.price_cents,
    })),
  );
});
