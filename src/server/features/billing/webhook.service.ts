/**
 * What Stripe tells the site (issue 41, POST /api/billing/webhook). The event has already been
 * verified (constructEvent on the raw body). Each event id is stored once in stripe_events, in the
 * same transaction as its effect, so a replay changes nothing. Effects:
 * - checkout.session.completed: the session's plan while no subscription event arrived yet;
 * - customer.subscription.created|updated|deleted: the plan follows the subscription's price while
 *   it is active or trialing, else base; an event older than the last applied one changes nothing
 *   (out-of-order delivery: 'updated' before 'created');
 * - invoice.paid: a completed subscription_orders row (amount and currency from the invoice);
 * - invoice.payment_failed: a failed row and an Italian notice to the player;
 * - charge.refunded: the order of that payment becomes refunded.
 * A plan change resets the limits (domain/accounts/plans.ts, the one path admins use too).
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { LiveEvent } from "../../../shared/api-types";
import { applyPlanFromOrders } from "../../domain/accounts/plans";
import { isAdmin } from "../../domain/auth/roles";
import type { AppDeps } from "../../domain/context";
import { type Billing, PAID_PLANS, type PaidPlan, planOfPrice } from "../../platform/billing/stripe-client";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { publishAccountChanged, userTopic } from "../../platform/realtime/live-events";

type Db = Kysely<Database>;

/** What to tell after the commit. */
interface Outcome {
  userId: string | null;
  planChanged: boolean;
  noticeId: string | null;
}

/** An id from a field that is an id or an expanded object. */
const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

const isoOf = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null);

async function rowOfCustomer(trx: Db, customerId: string | null) {
  if (!customerId) return undefined;
  return trx.selectFrom("billing_customers").selectAll().where("customer_id", "=", customerId).executeTakeFirst();
}

/** Puts the account on the plan its payments give (limits reset when it changes). Output: changed. */
async function replan(trx: Db, userId: string): Promise<boolean> {
  return (await applyPlanFromOrders(trx, userId, await isAdmin(trx, userId))) !== null;
}

async function onCheckoutCompleted(trx: Db, session: Stripe.Checkout.Session): Promise<Outcome> {
  const row = await rowOfCustomer(trx, idOf(session.customer));
  const plan = session.metadata?.plan as PaidPlan | undefined;
  if (!row || row.user_id !== session.client_reference_id || !plan || !PAID_PLANS.includes(plan)) return { userId: null, planChanged: false, noticeId: null };
  // A subscription event already said more (and newer) than the session: it stays.
  if (row.event_created === 0 && session.subscription) {
    await trx
      .updateTable("billing_customers")
      .set({ subscription_id: idOf(session.subscription), subscription_status: "active", plan, updated_at: nowIso() })
      .where("user_id", "=", row.user_id)
      .execute();
  }
  return { userId: row.user_id, planChanged: await replan(trx, row.user_id), noticeId: null };
}

async function onSubscription(trx: Db, billing: Billing, event: Stripe.Event, subscription: Stripe.Subscription): Promise<Outcome> {
  const row = await rowOfCustomer(trx, idOf(subscription.customer));
  if (!row) return { userId: null, planChanged: false, noticeId: null };
  const stale = event.created < row.event_created || (event.created === row.event_created && event.type === "customer.subscription.created");
  // An old subscription ending does not end the newer one the account has now.
  const otherSubscription = row.subscription_id !== null && row.subscription_id !== subscription.id && event.type === "customer.subscription.deleted";
  if (stale || otherSubscription) return { userId: row.user_id, planChanged: false, noticeId: null };
  const item = subscription.items.data[0];
  await trx
    .updateTable("billing_customers")
    .set({
      subscription_id: subscription.id,
      subscription_status: event.type === "customer.subscription.deleted" ? "canceled" : subscription.status,
      plan: planOfPrice(billing, item?.price.id) ?? row.plan,
      current_period_end: isoOf(item?.current_period_end),
      cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
      event_created: event.created,
      updated_at: nowIso(),
    })
    .where("user_id", "=", row.user_id)
    .execute();
  return { userId: row.user_id, planChanged: await replan(trx, row.user_id), noticeId: null };
}

/** The plan an invoice bills: its first line's price, else the account's subscription plan. */
function invoicePlan(billing: Billing, invoice: Stripe.Invoice, fallback: string | null): string {
  const line = invoice.lines?.data?.[0];
  const price = line?.pricing?.price_details?.price;
  return planOfPrice(billing, typeof price === "string" ? price : price?.id) ?? fallback ?? "premium";
}

/** The payment intent of an invoice's first payment, when the event carries it. */
function invoicePaymentIntent(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data?.[0]?.payment;
  return idOf(payment?.payment_intent as string | { id: string } | null | undefined);
}

async function onInvoice(trx: Db, billing: Billing, invoice: Stripe.Invoice, paid: boolean): Promise<Outcome> {
  const row = await rowOfCustomer(trx, idOf(invoice.customer));
  if (!row || !invoice.id) return { userId: null, planChanged: false, noticeId: null };
  const cents = paid ? invoice.amount_paid : invoice.amount_due;
  const order = {
    subscription_type: invoicePlan(billing, invoice, row.plan),
    amount: (cents / 100).toFixed(2),
    currency: invoice.currency,
    stripe_payment_intent: invoicePaymentIntent(invoice),
  };
  const existing = await trx.selectFrom("subscription_orders").select(["id", "status"]).where("stripe_invoice_id", "=", invoice.id).executeTakeFirst();
  if (!existing) {
    await trx
      .insertInto("subscription_orders")
      .values({ id: randomUUID(), user_id: row.user_id, status: paid ? "completed" : "failed", created_at: nowIso(), stripe_invoice_id: invoice.id, ...order })
      .execute();
  } else if (paid && existing.status === "failed") {
    // A retried payment that went through: the invoice's order is paid after all.
    await trx.updateTable("subscription_orders").set({ ...order, status: "completed" }).where("id", "=", existing.id).execute();
  }
  if (paid || existing) return { userId: row.user_id, planChanged: false, noticeId: null };
  const now = nowIso();
  const noticeId = randomUUID();
  await trx
    .insertInto("notifications")
    .values({
      id: noticeId,
      user_id: row.user_id,
      title: "Pagamento non riuscito",
      content: `Il rinnovo del tuo abbonamento (${order.amount} ${invoice.currency.toUpperCase()}) non è andato a buon fine. Aggiorna il metodo di pagamento da Profilo → Abbonamento → 'Gestisci abbonamento' per non perdere il piano.`,
      url: "/profilo",
      status: "published",
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .execute();
  return { userId: row.user_id, planChanged: false, noticeId };
}

async function onChargeRefunded(trx: Db, charge: Stripe.Charge): Promise<Outcome> {
  const intent = idOf(charge.payment_intent);
  if (!intent || !charge.refunded) return { userId: null, planChanged: false, noticeId: null };
  await trx.updateTable("subscription_orders").set({ status: "refunded" }).where("stripe_payment_intent", "=", intent).where("status", "=", "completed").execute();
  return { userId: null, planChanged: false, noticeId: null };
}

/**
 * Applies one verified event exactly once. Input: deps (billing configured), the event.
 * Output: "processed", "replay" (already stored: nothing changed) or "ignored" (a type the site
 * does not use; stored too). After the commit the player's pages hear of a new plan or notice.
 */
export async function handleStripeEvent(deps: AppDeps, billing: Billing, event: Stripe.Event): Promise<"processed" | "replay" | "ignored"> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("stripe_events")
      .values({ id: event.id, type: event.type, received_at: nowIso() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) return "replay" as const;
    switch (event.type) {
      case "checkout.session.completed":
        return onCheckoutCompleted(trx, event.data.object);
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return onSubscription(trx, billing, event, event.data.object);
      case "invoice.paid":
        return onInvoice(trx, billing, event.data.object, true);
      case "invoice.payment_failed":
        return onInvoice(trx, billing, event.data.object, false);
      case "charge.refunded":
        return onChargeRefunded(trx, event.data.object);
      default:
        return "ignored" as const;
    }
  });
  if (typeof result === "string") return result;
  if (result.userId && result.planChanged) await publishAccountChanged(deps.bus, result.userId, "plan").catch(() => undefined);
  if (result.userId && result.noticeId) {
    const live: LiveEvent = { type: "notifications.changed", reason: "published", id: result.noticeId };
    await deps.bus.publish(userTopic(result.userId), live).catch(() => undefined);
  }
  return "processed";
}
