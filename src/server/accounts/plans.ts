/**
 * Plan changes (spec §4 Plan change, §6, §9): setting a user's plan also resets the limits to
 * that plan's values, read from the plans table (seeded from src/server/db/plans.ts), so the
 * pricing page, the game and the admin console never disagree. Used by the admin user edit and
 * by recorded subscription orders.
 */

import type { Kysely } from "kysely";
import { nowIso } from "../clock";
import type { Database, PlanId } from "../db/schema";

/** The plan every account starts on, and the one a refunded order returns to. */
export const BASE_PLAN: PlanId = "base";

export interface PlanLimits {
  plan: PlanId;
  /** Messages a day; -1 = unlimited. */
  messageLimit: number;
  /** Images a month; -1 = unlimited. */
  visualizeLimit: number;
}

/**
 * Sets the user's plan and resets message_limit and visualize_limit to the plan's values.
 * The counters of the current day/month are kept (what was used today stays used), so
 * remaining = new limit − messages already sent today.
 * Input: database (or transaction), user id, plan id. Output: the applied limits.
 * Creates the user_tokens row when the account has none. Throws when the plan does not exist.
 */
export async function setUserPlan(db: Kysely<Database>, userId: string, plan: PlanId): Promise<PlanLimits> {
  const limits = await db
    .selectFrom("plans")
    .select(["message_limit", "visualize_limit"])
    .where("id", "=", plan)
    .executeTakeFirstOrThrow(() => new Error(`piano sconosciuto: ${plan}`));
  const now = nowIso();
  await db
    .insertInto("user_tokens")
    .values({ user_id: userId, model: plan, message_limit: limits.message_limit, visualize_limit: limits.visualize_limit, updated_at: now })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        model: plan,
        message_limit: limits.message_limit,
        visualize_limit: limits.visualize_limit,
        updated_at: now,
      }),
    )
    .execute();
  return { plan, messageLimit: limits.message_limit, visualizeLimit: limits.visualize_limit };
}
