/**
 * Plan changes (spec §4 Plan change, §6, §9): setting a user's plan also resets the limits to
 * that plan's values, read from the plans table (seeded from src/server/platform/db/plans.ts), so the
 * pricing page, the game and the admin console never disagree. Used by the admin user edit and
 * by recorded subscription orders. A buyer's plan follows their active Stripe subscription (issue 41),
 * else their orders recorded by hand (issue 9 finding 9); the admin plan belongs to admins only (finding 10).
 */

import type { Kysely } from "kysely";
import { nowIso } from "../../platform/clock";
import { lockedForUpdate } from "../../platform/db/row-lock";
import type { Database, PlanId } from "../../platform/db/schema";

/** The plan every account starts on, and the one a refunded order returns to. */
export const BASE_PLAN: PlanId = "base";

/** The plan reserved to admins (spec §6). */
export const ADMIN_PLAN: PlanId = "admin";

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

/** Stripe subscription statuses that give the subscription's plan (issue 41). */
export const PAYING_STATUSES: readonly string[] = ["active", "trialing"];

/**
 * The plan a non-admin's payments give: the plan of their Stripe subscription while it is active
 * or trialing (issue 41); otherwise the subscription type of their latest completed order recorded
 * by hand (issue 9 finding 9; newest created_at, then id; refunded, failed, pending and Stripe's
 * own orders ignored: a Stripe invoice's plan lasts as long as its subscription); base without any.
 * Input: database or transaction, user id. Output: the plan id.
 */
export async function planFromOrders(db: Kysely<Database>, userId: string): Promise<PlanId> {
  const subscription = await db.selectFrom("billing_customers").select(["plan", "subscription_status"]).where("user_id", "=", userId).executeTakeFirst();
  if (subscription?.plan && PAYING_STATUSES.includes(subscription.subscription_status ?? "")) return subscription.plan as PlanId;
  const latest = await db
    .selectFrom("subscription_orders")
    .select("subscription_type")
    .where("user_id", "=", userId)
    .where("status", "=", "completed")
    .where("stripe_invoice_id", "is", null)
    .where("subscription_type", "<>", ADMIN_PLAN)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return (latest?.subscription_type as PlanId | undefined) ?? BASE_PLAN;
}

/**
 * Puts a non-admin on the plan their orders give, when it differs from the stored one (limits
 * reset to that plan: setUserPlan). Admins keep the admin plan. Call it in the transaction that
 * changed an order. Output: the plan set, or null when nothing changed.
 */
export async function applyPlanFromOrders(db: Kysely<Database>, userId: string, isAdmin: boolean): Promise<PlanId | null> {
  if (isAdmin) return null;
  // PostgreSQL: lock the tokens row first, so two order changes of one buyer apply one after the
  // other and the second reads the first's order (SQLite runs one write transaction at a time).
  const current = await lockedForUpdate(db, db.selectFrom("user_tokens").select("model").where("user_id", "=", userId)).executeTakeFirst();
  const plan = await planFromOrders(db, userId);
  if (current?.model === plan) return null;
  await setUserPlan(db, userId, plan);
  return plan;
}
