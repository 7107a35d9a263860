/**
 * Paid plans with Stripe (issue 41):
 *
 * POST /api/billing/checkout {"plan": "premium"|"pro"} (signed in) → 200 {url}: Stripe Checkout
 *     for that plan; 400 bad plan; 403 guest; 404 PAYMENTS_OFF (Stripe not configured); 409
 *     ADMIN_PLAN / SAME_PLAN / HAS_SUBSCRIPTION; 429 BILLING_LIMIT; 502 PAYMENT_PROVIDER_ERROR.
 * POST /api/billing/portal (signed in) → 200 {url}: Stripe's Customer Portal; 404 PAYMENTS_OFF /
 *     NO_SUBSCRIPTION; 429; 502.
 * GET /api/billing/subscription (signed in) → 200 SubscriptionView (Profilo → 'Abbonamento').
 * POST /api/billing/webhook (Stripe; no session, exempt from the origin check in app.ts) → 200
 *     {received: true}; 400 WEBHOOK_SIGNATURE for a missing or wrong Stripe-Signature (nothing
 *     changes); 404 PAYMENTS_OFF.
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { RateLimiterRes } from "rate-limiter-flexible";
import { checkoutInputSchema } from "../../../shared/schemas/billing";
import { sharedLimiter } from "../../domain/auth/limit-store";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppDeps, AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { billingOf, openPortal, startCheckout, subscriptionView } from "./billing.service";
import { handleStripeEvent } from "./webhook.service";

/** Checkout and portal sessions one account may open in 10 minutes. */
export const BILLING_SESSIONS_PER_10_MINUTES = 10;

/** Takes one session from the account's allowance; 429 BILLING_LIMIT past it. */
async function takeSession(deps: Pick<AppDeps, "db" | "dialect">, userId: string): Promise<void> {
  try {
    await sharedLimiter(deps.db, deps.dialect, { keyPrefix: "billing-player", points: BILLING_SESSIONS_PER_10_MINUTES, duration: 600 }).consume(userId);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new AppError("BILLING_LIMIT", 429, "Troppi tentativi di pagamento in poco tempo. Riprova tra qualche minuto.", "Troppi tentativi");
    throw error;
  }
}

/** The site's origin for Stripe's return URLs: PUBLIC_URL, else the request's. */
const originOf = (deps: AppDeps, url: string) => deps.env.PUBLIC_URL?.replace(/\/+$/, "") ?? new URL(url).origin;

export const billingRoutes = new Hono<AppEnv>()
  .post("/webhook", async (c) => {
    const { deps } = c.var;
    const billing = billingOf(deps);
    const signature = c.req.header("stripe-signature");
    // The raw bytes, read once: exactly what Stripe signed.
    const payload = Buffer.from(await c.req.arrayBuffer());
    let event;
    try {
      if (!signature) throw new Error("missing Stripe-Signature");
      event = billing.stripe.webhooks.constructEvent(payload, signature, billing.webhookSecret);
    } catch (error) {
      deps.logger.warn({ err: error }, "Webhook Stripe rifiutato: firma mancante o non valida");
      throw new AppError("WEBHOOK_SIGNATURE", 400, "Firma del webhook mancante o non valida.", "Richiesta non valida");
    }
    const outcome = await handleStripeEvent(deps, billing, event);
    deps.logger.info({ eventId: event.id, type: event.type, outcome }, "Webhook Stripe");
    return c.json({ received: true });
  })
  .use("/checkout", requireUser)
  .use("/portal", requireUser)
  .use("/subscription", requireUser)
  .post("/checkout", zValidator("json", checkoutInputSchema, validationHook), async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    billingOf(deps);
    await takeSession(deps, user.id);
    return c.json({ url: await startCheckout(deps, user, c.req.valid("json"), originOf(deps, c.req.url)) });
  })
  .post("/portal", async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    billingOf(deps);
    await takeSession(deps, user.id);
    return c.json({ url: await openPortal(deps, user.id, originOf(deps, c.req.url)) });
  })
  .get("/subscription", async (c) => {
    const { deps } = c.var;
    return c.json(await subscriptionView(deps.db, deps.billing, currentUser(c).id));
  });
