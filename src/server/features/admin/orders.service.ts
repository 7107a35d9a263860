/**
 * Subscription orders (spec §2 Admin orders, §3 subscription_orders, §4 Order status). Payments
 * are not live yet, so an admin records orders by hand. A buyer's plan is always that of their
 * latest completed order, else base (issue 9 finding 9; limits reset to that plan's values);
 * orders of erased accounts stay, anonymised (user_id NULL, shown as 'N/A').
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AdminOrderView, KeysetPage } from "../../../shared/admin-types";
import { type AdminCreateOrderInput, type AdminOrderListQuery, ORDER_STATUS_LABELS, type OrderStatus, PLAN_LABELS } from "../../../shared/schemas/admin";
import { applyPlanFromOrders } from "../../domain/accounts/plans";
import { appendAudit, type AuditActor } from "../../domain/audit";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database, PlanId } from "../../platform/db/schema";
import { isAdmin } from "../../domain/auth/roles";
import { AppError } from "../../platform/errors";
import { publishAccountChanged } from "../../platform/realtime/live-events";
import { contains } from "../../platform/db/text-search";
import { cursorParam, keysetPage } from "../../platform/keyset-cursor";

type Db = Kysely<Database>;

const ORDER_NOT_FOUND = () => new AppError("ORDER_NOT_FOUND", 404, "Ordine non trovato.", "Errore");

/**
 * One keyset page of orders, newest first (issue 22 §11), each with the buyer's e-mail from
 * profiles (null = 'N/A'). One joined query whatever the page size. Input: limit, the previous
 * page's cursor [created_at, id], an optional status, an optional part of the buyer's e-mail
 * (search) and an optional buyer id (the user page). Output: KeysetPage<AdminOrderView>, amount in
 * euro. Throws 400 for a malformed cursor.
 */
export async function listOrders(
  db: Db,
  query: Partial<AdminOrderListQuery> & { limit: number; userId?: string },
  dashboardUrl?: string,
): Promise<KeysetPage<AdminOrderView>> {
  let qb = db
    .selectFrom("subscription_orders as o")
    .leftJoin("profiles as p", "p.id", "o.user_id")
    .select(["o.id", "o.user_id", "o.subscription_type", "o.amount", "o.status", "o.created_at", "p.email", "o.currency", "o.stripe_payment_intent"]);
  if (query.status) qb = qb.where("o.status", "=", query.status);
  if (query.userId) qb = qb.where("o.user_id", "=", query.userId);
  if (query.search) qb = qb.where(contains("p.email", query.search));
  const cursor = cursorParam(query.cursor, ["string", "string"] as const);
  if (cursor) qb = qb.where(sql<boolean>`(o.created_at, o.id) < (${cursor[0]}, ${cursor[1]})`);
  const rows = await qb.orderBy("o.created_at", "desc").orderBy("o.id", "desc").limit(query.limit + 1).execute();
  return keysetPage(
    rows,
    query.limit,
    (r) => ({
      id: r.id,
      userId: r.user_id,
      userEmail: r.email,
      subscriptionType: r.subscription_type,
      amount: Number(r.amount),
      status: r.status,
      createdAt: r.created_at,
      currency: r.currency,
      // Issue 41: the payment in Stripe's dashboard (DESIGN: test keys open the test dashboard).
      stripeUrl: dashboardUrl && r.stripe_payment_intent ? `${dashboardUrl}/payments/${encodeURIComponent(r.stripe_payment_intent)}` : null,
      refundable: Boolean(dashboardUrl && r.stripe_payment_intent && r.status === "completed"),
    }),
    (r) => [r.created_at, r.id],
  );
}

/**
 * Puts the buyer on the plan their orders now give (latest completed, not refunded or failed,
 * else base; admins keep the admin plan) inside `trx`. Output: the plan set, or null.
 */
async function replan(trx: Db, userId: string | null): Promise<PlanId | null> {
  if (!userId) return null;
  return applyPlanFromOrders(trx, userId, await isAdmin(trx, userId));
}

/** Tells the buyer's open pages that their plan changed (after the commit; best effort). */
async function announcePlan(deps: AppDeps, userId: string | null, plan: PlanId | null): Promise<void> {
  if (userId && plan) await publishAccountChanged(deps.bus, userId, "plan").catch(() => undefined);
}

const euro = (amount: number) => `${amount.toFixed(2)} €`;

/**
 * 'Registra ordine': records an order for the account with `userEmail`, puts the buyer on the
 * plan their orders give, and writes the audit entry, all in one transaction.
 * Input: deps, the acting admin (audit), the form. Throws 404 USER_NOT_FOUND ('Nessun utente
 * con questa email.'). Output: the order as listed and the plan applied (or null).
 */
export async function createOrder(
  deps: AppDeps,
  actor: AuditActor,
  input: AdminCreateOrderInput,
): Promise<{ order: AdminOrderView; plan: PlanId | null }> {
  const order = {
    id: randomUUID(),
    subscription_type: input.subscriptionType,
    amount: input.amount.toFixed(2),
    status: input.status,
    created_at: nowIso(),
  };
  const { userId, plan } = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("user").select("id").where("email", "=", input.userEmail).executeTakeFirst();
    if (!user) throw new AppError("USER_NOT_FOUND", 404, "Nessun utente con questa email.", "Errore");
    await trx.insertInto("subscription_orders").values({ ...order, user_id: user.id }).execute();
    const applied = await replan(trx, user.id);
    const detail = `${order.id}: ${input.userEmail} (${user.id}) ${order.subscription_type} ${euro(input.amount)} ${ORDER_STATUS_LABELS[input.status]}${applied ? `, piano → ${PLAN_LABELS[applied]}` : ""}`;
    await appendAudit(trx, actor, "admin.order.create", detail);
    return { userId: user.id, plan: applied };
  });
  await announcePlan(deps, userId, plan);
  return {
    order: {
      id: order.id,
      userId,
      userEmail: input.userEmail,
      subscriptionType: order.subscription_type,
      amount: input.amount,
      status: order.status,
      createdAt: order.created_at,
      currency: null,
      stripeUrl: null,
      refundable: false,
    },
    plan,
  };
}

/**
 * Changes an order's status (e.g. completed → refunded, completed → failed) and puts the buyer
 * on the plan their orders now give, with the audit entry, in one transaction. Orders of erased
 * accounts (no buyer) change status only. Throws 404 ORDER_NOT_FOUND. Output: the previous
 * status and the plan applied (or null).
 */
export async function updateOrderStatus(
  deps: AppDeps,
  actor: AuditActor,
  orderId: string,
  status: OrderStatus,
): Promise<{ previous: string; plan: PlanId | null }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("subscription_orders").select(["user_id", "status"]).where("id", "=", orderId).executeTakeFirst();
    if (!order) throw ORDER_NOT_FOUND();
    await trx.updateTable("subscription_orders").set({ status }).where("id", "=", orderId).execute();
    const plan = order.status === status ? null : await replan(trx, order.user_id);
    await appendAudit(trx, actor, "admin.order.update", `${orderId}${order.user_id ? ` (${order.user_id})` : ""}: ${ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status} → ${ORDER_STATUS_LABELS[status]}${plan ? `, piano → ${PLAN_LABELS[plan]}` : ""}`);
    return { previous: order.status, plan, userId: order.user_id };
  });
  await announcePlan(deps, result.userId, result.plan);
  return { previous: result.previous, plan: result.plan };
}

/**
 * 'Rimborsa' (issue 41): refunds a completed Stripe order through Stripe's refunds API (its payment
 * intent, the whole amount), then marks it refunded with the audit entry in one transaction (the
 * charge.refunded webhook that follows changes nothing more). The plan follows the subscription,
 * which the admin ends in Stripe's dashboard when they mean to. Throws 404 ORDER_NOT_FOUND, 404
 * PAYMENTS_OFF (Stripe not configured), 409 NOT_REFUNDABLE (not a completed Stripe order), 502 when
 * Stripe fails (nothing changed).
 */
export async function refundOrder(deps: AppDeps, actor: AuditActor, orderId: string): Promise<void> {
  if (!deps.billing) throw new AppError("PAYMENTS_OFF", 404, "I pagamenti con Stripe non sono configurati.", "Errore");
  const order = await deps.db.selectFrom("subscription_orders").select(["status", "stripe_payment_intent", "user_id", "amount", "currency"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) throw ORDER_NOT_FOUND();
  const intent = order.stripe_payment_intent;
  if (!intent || order.status !== "completed") throw new AppError("NOT_REFUNDABLE", 409, "Si può rimborsare solo un ordine completato pagato con Stripe.", "Errore");
  try {
    await deps.billing.stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${orderId}` });
  } catch (error) {
    deps.logger.warn({ err: error, orderId }, "Stripe: rimborso non riuscito");
    throw new AppError("PAYMENT_PROVIDER_ERROR", 502, "Stripe non ha eseguito il rimborso. Riprova tra qualche minuto.", "Rimborso non riuscito");
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("subscription_orders").set({ status: "refunded" }).where("id", "=", orderId).where("status", "=", "completed").execute();
    await appendAudit(trx, actor, "admin.order.refund", `${orderId}${order.user_id ? ` (${order.user_id})` : ""}: ${Number(order.amount).toFixed(2)} ${(order.currency ?? "eur").toUpperCase()} rimborsati (${intent})`);
  });
}
