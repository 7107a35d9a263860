/**
 * Subscription orders (spec §2 Admin orders, §3 subscription_orders, §4 Order status). Payments
 * are not live yet, so an admin records orders by hand: a completed order puts the buyer on the
 * plan bought (limits reset to that plan's values), a refunded one returns them to base.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminOrderView, Page } from "../../../shared/admin-types";
import type { AdminCreateOrderInput, AdminListQuery, OrderStatus } from "../../../shared/schemas/admin";
import { BASE_PLAN, setUserPlan } from "../../accounts/plans";
import { nowIso } from "../../clock";
import type { AppDeps } from "../../context";
import type { Database, PlanId } from "../../db/schema";
import { isAdmin } from "../../auth/roles";
import { AppError } from "../../errors";
import { publishAccountChanged } from "../../realtime/live-events";
import { offsetOf } from "./admin-shared";

type Db = Kysely<Database>;

const ORDER_NOT_FOUND = () => new AppError("ORDER_NOT_FOUND", 404, "Ordine non trovato.", "Errore");

/**
 * One page of orders, newest first, each with the buyer's e-mail from profiles (null = 'N/A').
 * Exactly two queries whatever the page size: one joined page query and the count (the
 * original looked the e-mail up once per order). Output: Page<AdminOrderView>, amount in euro.
 */
export async function listOrders(db: Db, query: AdminListQuery): Promise<Page<AdminOrderView>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("subscription_orders as o")
      .leftJoin("profiles as p", "p.id", "o.user_id")
      .select(["o.id", "o.user_id", "o.subscription_type", "o.amount", "o.status", "o.created_at", "p.email"])
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    db.selectFrom("subscription_orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      userEmail: r.email,
      subscriptionType: r.subscription_type,
      amount: Number(r.amount),
      status: r.status,
      createdAt: r.created_at,
    })),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Applies an order's status to the buyer's plan: completed → the plan bought, refunded → base,
 * anything else → unchanged. Admins keep the admin plan (spec §6). Output: the plan set, or null.
 */
async function applyOrderToPlan(deps: AppDeps, userId: string, subscriptionType: string, status: string): Promise<PlanId | null> {
  const plan: PlanId | null = status === "completed" ? (subscriptionType as PlanId) : status === "refunded" ? BASE_PLAN : null;
  if (!plan) return null;
  if (await isAdmin(deps.db, userId)) return null;
  await setUserPlan(deps.db, userId, plan);
  await publishAccountChanged(deps.bus, userId, "plan").catch(() => undefined);
  return plan;
}

/**
 * 'Registra ordine': records an order for the account with `userEmail` and applies it to the
 * plan. Throws 404 USER_NOT_FOUND ('Nessun utente con questa email.'). Output: the order as
 * listed and the plan applied (or null).
 */
export async function createOrder(deps: AppDeps, input: AdminCreateOrderInput): Promise<{ order: AdminOrderView; plan: PlanId | null }> {
  const user = await deps.db.selectFrom("user").select("id").where("email", "=", input.userEmail).executeTakeFirst();
  if (!user) throw new AppError("USER_NOT_FOUND", 404, "Nessun utente con questa email.", "Errore");
  const order = {
    id: randomUUID(),
    user_id: user.id,
    subscription_type: input.subscriptionType,
    amount: input.amount.toFixed(2),
    status: input.status,
    created_at: nowIso(),
  };
  await deps.db.insertInto("subscription_orders").values(order).execute();
  const plan = await applyOrderToPlan(deps, user.id, input.subscriptionType, input.status);
  return {
    order: {
      id: order.id,
      userId: user.id,
      userEmail: input.userEmail,
      subscriptionType: order.subscription_type,
      amount: input.amount,
      status: order.status,
      createdAt: order.created_at,
    },
    plan,
  };
}

/**
 * Changes an order's status (e.g. completed → refunded) and applies it to the buyer's plan.
 * Throws 404 ORDER_NOT_FOUND. Output: the previous status and the plan applied (or null).
 */
export async function updateOrderStatus(
  deps: AppDeps,
  orderId: string,
  status: OrderStatus,
): Promise<{ previous: string; plan: PlanId | null }> {
  const order = await deps.db
    .selectFrom("subscription_orders")
    .select(["user_id", "subscription_type", "status"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw ORDER_NOT_FOUND();
  await deps.db.updateTable("subscription_orders").set({ status }).where("id", "=", orderId).execute();
  const plan = order.user_id && order.status !== status ? await applyOrderToPlan(deps, order.user_id, order.subscription_type, status) : null;
  return { previous: order.status, plan };
}
