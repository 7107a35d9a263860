/**
 * The player's side of paid plans (issue 41): Stripe Checkout for Premium or Pro, the Customer
 * Portal ('Gestisci abbonamento') and the subscription shown in Profilo → 'Abbonamento'. The
 * player's Stripe customer is created once and reused; amounts always come from the plan's Stripe
 * price, never from the browser.
 */

import type { Kysely } from "kysely";
import type { SubscriptionView } from "../../../shared/billing-types";
import { PLAN_LABELS } from "../../../shared/schemas/admin";
import type { CheckoutInput } from "../../../shared/schemas/billing";
import { PAYING_STATUSES } from "../../domain/accounts/plans";
import { isAdmin } from "../../domain/auth/roles";
import type { AppDeps, SessionUser } from "../../domain/context";
import type { Billing } from "../../platform/billing/stripe-client";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

type Db = Kysely<Database>;

/** 404 when Stripe is not configured: the paid plans are 'Presto Disponibile'. */
export function billingOf(deps: Pick<AppDeps, "billing">): Billing {
  if (!deps.billing) throw new AppError("PAYMENTS_OFF", 404, "I pagamenti non sono ancora disponibili.", "Presto disponibile");
  return deps.billing;
}

/** 502 for Stripe unreachable or failing: nothing was changed on the site. */
export const stripeUnavailable = () =>
  new AppError("PAYMENT_PROVIDER_ERROR", 502, "Il servizio di pagamento non risponde. Non è stato addebitato nulla: riprova tra qualche minuto.", "Pagamento non disponibile");

/** Runs a Stripe call; a failure becomes the Italian 502 (logged with Stripe's message, never personal data). */
export async function callStripe<T>(deps: Pick<AppDeps, "logger">, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.logger.warn({ err: error, what }, "Stripe non ha risposto");
    throw stripeUnavailable();
  }
}

/**
 * The account's Stripe customer id: the stored one, else a new customer (e-mail, account id in the
 * metadata) stored for next time. Two concurrent first checkouts keep one row (the second reads it).
 */
async function customerFor(deps: AppDeps, billing: Billing, user: SessionUser): Promise<string> {
  const stored = await deps.db.selectFrom("billing_customers").select("customer_id").where("user_id", "=", user.id).executeTakeFirst();
  if (stored) return stored.customer_id;
  const customer = await callStripe(deps, "customers.create", () =>
    billing.stripe.customers.create({ email: user.email, metadata: { user_id: user.id } }, { idempotencyKey: `customer-${user.id}` }),
  );
  await deps.db
    .insertInto("billing_customers")
    .values({ user_id: user.id, customer_id: customer.id, updated_at: nowIso() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await deps.db.selectFrom("billing_customers").select("customer_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return row.customer_id;
}

/**
 * POST /api/billing/checkout: a Checkout Session in subscription mode for the signed-in player.
 * Input: deps, the player, the plan, the site's origin (success/cancel URLs). Output: the session's
 * URL. Throws 404 PAYMENTS_OFF, 403 GUEST_CHECKOUT (a 'Tutorial' guest), 409 ADMIN_PLAN (admins
 * have every feature), 409 SAME_PLAN (the plan they have), 409 HAS_SUBSCRIPTION (a change of plan
 * goes through the portal), 502 PAYMENT_PROVIDER_ERROR (Stripe unreachable or failing: nothing saved
 * but the reusable customer).
 */
export async function startCheckout(deps: AppDeps, user: SessionUser, input: CheckoutInput, origin: string): Promise<string> {
  const billing = billingOf(deps);
  if (user.isAnonymous) throw new AppError("GUEST_CHECKOUT", 403, "Registrati con la tua e-mail per abbonarti.", "Accesso richiesto");
  if (await isAdmin(deps.db, user.id)) throw new AppError("ADMIN_PLAN", 409, "Gli amministratori hanno già tutte le funzioni: non serve un abbonamento.", "Non necessario");
  const [tokens, subscription] = await Promise.all([
    deps.db.selectFrom("user_tokens").select("model").where("user_id", "=", user.id).executeTakeFirst(),
    deps.db.selectFrom("billing_customers").select(["subscription_status"]).where("user_id", "=", user.id).executeTakeFirst(),
  ]);
  if (tokens?.model === input.plan) throw new AppError("SAME_PLAN", 409, `Hai già il piano ${PLAN_LABELS[input.plan]}.`, "Piano già attivo");
  if (subscription && PAYING_STATUSES.includes(subscription.subscription_status ?? "")) {
    throw new AppError("HAS_SUBSCRIPTION", 409, "Hai già un abbonamento: puoi cambiare piano da Profilo → Abbonamento → 'Gestisci abbonamento'.", "Abbonamento attivo");
  }
  const customer = await customerFor(deps, billing, user);
  const session = await callStripe(deps, "checkout.sessions.create", () =>
    billing.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price: billing.prices[input.plan], quantity: 1 }],
      locale: "it",
      metadata: { user_id: user.id, plan: input.plan },
      subscription_data: { metadata: { user_id: user.id, plan: input.plan } },
      success_url: `${origin}/prezzi?pagamento=ok`,
      cancel_url: `${origin}/prezzi?pagamento=annullato`,
      ...(billing.automaticTax ? { automatic_tax: { enabled: true }, customer_update: { address: "auto" as const } } : {}),
    }),
  );
  if (!session.url) throw stripeUnavailable();
  return session.url;
}

/**
 * POST /api/billing/portal: a Customer Portal session (cancel, change plan, payment method,
 * invoices) returning to Profilo. Throws 404 PAYMENTS_OFF, 404 NO_SUBSCRIPTION (no Stripe customer
 * yet), 502 PAYMENT_PROVIDER_ERROR. Output: the portal's URL.
 */
export async function openPortal(deps: AppDeps, userId: string, origin: string): Promise<string> {
  const billing = billingOf(deps);
  const row = await deps.db.selectFrom("billing_customers").select("customer_id").where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw new AppError("NO_SUBSCRIPTION", 404, "Non hai ancora un abbonamento: scegli un piano nella pagina Prezzi.", "Nessun abbonamento");
  const session = await callStripe(deps, "billingPortal.sessions.create", () =>
    billing.stripe.billingPortal.sessions.create({ customer: row.customer_id, return_url: `${origin}/profilo`, locale: "it" }),
  );
  return session.url;
}

/** GET /api/billing/subscription: the player's plan, its price and their subscription (SubscriptionView). */
export async function subscriptionView(db: Db, billing: Billing | null, userId: string): Promise<SubscriptionView> {
  const [tokens, row] = await Promise.all([
    db.selectFrom("user_tokens").select("model").where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("billing_customers").selectAll().where("user_id", "=", userId).executeTakeFirst(),
  ]);
  const plan = tokens?.model ?? "base";
  const price = await db.selectFrom("plans").select("price_cents").where("id", "=", plan).executeTakeFirst();
  return {
    payments: Boolean(billing),
    plan,
    priceCents: price?.price_cents ?? 0,
    status: row?.subscription_status ?? null,
    periodEnd: row?.current_period_end ?? null,
    cancelAtPeriodEnd: Boolean(row?.cancel_at_period_end),
    canManage: Boolean(billing && row),
  };
}
