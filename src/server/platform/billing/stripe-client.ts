/**
 * The site's Stripe client (issue 41; DESIGN §2 payments): built from the STRIPE_* variables (all
 * four or none, checked by env.ts), or null when payments are not configured (the paid plans stay
 * 'Presto Disponibile'). STRIPE_API_URL (stripe-mock, the tests' fake) becomes the library's
 * host/port/protocol options.
 */

import Stripe from "stripe";
import type { Env } from "../env";

/** The plans a player can buy. */
export type PaidPlan = "premium" | "pro";

export const PAID_PLANS: readonly PaidPlan[] = ["premium", "pro"];

export interface Billing {
  stripe: Stripe;
  /** The webhook endpoint's signing secret (whsec_…), for constructEvent. */
  webhookSecret: string;
  /** The recurring price id of each paid plan. */
  prices: Record<PaidPlan, string>;
  /** Stripe Tax on Checkout (STRIPE_AUTOMATIC_TAX=on). */
  automaticTax: boolean;
  /** The dashboard's base URL ('https://dashboard.stripe.com', '/test' added for test keys). */
  dashboardUrl: string;
}

/** The library's host/port/protocol for a base URL such as http://127.0.0.1:12111. */
function apiAddress(url: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === "http:" ? "http" : "https";
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : protocol === "http" ? 80 : 443, protocol };
}

/**
 * The Stripe client of the environment, or null without STRIPE_SECRET_KEY. Requests time out after
 * 20 s and are retried once (the library sends an idempotency key with every POST, so a retry never
 * makes a second customer or session).
 */
export function createBilling(env: Env): Billing | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_PREMIUM || !env.STRIPE_PRICE_PRO) return null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, { ...apiAddress(env.STRIPE_API_URL), maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: "Storie.ai" } });
  return {
    stripe,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: { premium: env.STRIPE_PRICE_PREMIUM, pro: env.STRIPE_PRICE_PRO },
    automaticTax: env.STRIPE_AUTOMATIC_TAX === "on",
    dashboardUrl: `https://dashboard.stripe.com${env.STRIPE_SECRET_KEY.startsWith("sk_test_") ? "/test" : ""}`,
  };
}

/** The paid plan of a price id, or null for a price the site does not sell. */
export function planOfPrice(billing: Billing, priceId: string | null | undefined): PaidPlan | null {
  return PAID_PLANS.find((plan) => billing.prices[plan] === priceId) ?? null;
}
