/**
 * A local fake of Stripe's API for tests and the e2e (issue 41): a node:http server on 127.0.0.1
 * answering only what the site calls (customers, Checkout sessions, Customer Portal sessions,
 * subscription cancel, customer delete, refunds) and recording every request with its form
 * parameters. `set({status})` makes every API answer fail (Stripe 5xx). GET /checkout/:id is a
 * stand-in Checkout page: it sends the signed events of a paid subscription (the library's
 * generateTestHeaderString) to the site's webhook and redirects to the session's success_url.
 * `url` goes in STRIPE_API_URL.
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export const FAKE_WEBHOOK_SECRET = "whsec_fake_secret_for_tests";
export const FAKE_PRICES = { premium: "price_premium_test", pro: "price_pro_test" } as const;

const helper = new Stripe("sk_test_fake");
const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 14)}`;

/** The STRIPE_* variables pointing the site at the fake. */
export function fakeStripeEnv(url: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium,
    STRIPE_PRICE_PRO: FAKE_PRICES.pro,
    STRIPE_API_URL: url,
  };
}

/** A Stripe event of `type` about `object`, created at `created` (Unix seconds). */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return { id: newId("evt"), object: "event", api_version: "2026-10-28.endive", type, created, livemode: false, data: { object } };
}

/** A subscription object of `customer` on `price` in `status`. */
export function subscriptionObject(id: string, customer: string, price: string, status: string, options: { cancelAtPeriodEnd?: boolean; periodEnd?: number } = {}) {
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    items: { object: "list", data: [{ id: newId("si"), object: "subscription_item", price: { id: price, object: "price" }, current_period_end: options.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400 }] },
  };
}

/** An invoice of `customer` for `price`: amount in cents, its payment intent. */
export function invoiceObject(customer: string, price: string, cents: number, paymentIntent: string, id = newId("in")) {
  return {
    id,
    object: "invoice",
    customer,
    currency: "eur",
    amount_paid: cents,
    amount_due: cents,
    lines: { object: "list", data: [{ id: newId("il"), object: "line_item", pricing: { type: "price_details", price_details: { price } } }] },
    payments: { object: "list", data: [{ id: newId("inpay"), object: "invoice_payment", payment: { type: "payment_intent", payment_intent: paymentIntent } }] },
  };
}

/**
 * Posts `event` to the site's webhook, signed with `secret` (default the fake's), as Stripe would.
 * Output: the site's answer.
 */
export async function sendStripeEvent(siteUrl: string, event: unknown, secret = FAKE_WEBHOOK_SECRET, signature?: string): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = signature ?? helper.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${siteUrl}/api/billing/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * Starts the fake. Input: the site's URL for the stand-in Checkout page's webhook (settable later
 * with `siteUrl`), and a fixed port (0 = any). Output: {url, requests, set, close}.
 */
export async function startFakeStripe(options: { siteUrl?: string; port?: number } = {}) {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Record<string, string>>();
  let status = 200;
  let siteUrl = options.siteUrl ?? "";
  const answer = (method: string, path: string, params: Record<string, string>, response: http.ServerResponse, base: string) => {
    if (status !== 200) return json(response, status, { error: { type: "api_error", message: "Il servizio non è disponibile" } });
    if (method === "POST" && path === "/v1/customers") return json(response, 200, { id: newId("cus"), object: "customer", email: params.email ?? null });
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs");
      sessions.set(id, params);
      return json(response, 200, { id, object: "checkout.session", url: `${base}/checkout/${id}`, customer: params.customer, mode: params.mode });
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") return json(response, 200, { id: newId("bps"), object: "billing_portal.session", url: `${base}/portal/${params.customer}` });
    const cancel = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (method === "DELETE" && cancel) return json(response, 200, { id: cancel[1], object: "subscription", status: "canceled" });
    const customer = /^\/v1\/customers\/([\w-]+)$/.exec(path);
    if (method === "DELETE" && customer) return json(response, 200, { id: customer[1], object: "customer", deleted: true });
    if (method === "POST" && path === "/v1/refunds") return json(response, 200, { id: newId("re"), object: "refund", payment_intent: params.payment_intent, status: "succeeded" });
    return json(response, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } });
  };
  /** The stand-in Checkout page: a paid subscription's events, then back to the site. */
  const checkout = async (id: string, response: http.ServerResponse) => {
    const params = sessions.get(id);
    if (!params) return json(response, 404, { error: "no session" });
    const customer = params.customer!;
    const price = params["line_items[0][price]"]!;
    const subscription = newId("sub");
    const intent = newId("pi");
    const cents = price === FAKE_PRICES.pro ? 1999 : 999;
    for (const event of [
      stripeEvent("checkout.session.completed", { id, object: "checkout.session", customer, client_reference_id: params.client_reference_id, subscription, metadata: { plan: params["metadata[plan]"] } }),
      stripeEvent("customer.subscription.created", subscriptionObject(subscription, customer, price, "active")),
      stripeEvent("invoice.paid", invoiceObject(customer, price, cents, intent)),
    ]) {
      await sendStripeEvent(siteUrl, event);
    }
    response.writeHead(303, { location: params.success_url! }).end();
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const base = `http://${request.headers.host}`;
      const page = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
      if (request.method === "GET" && page) {
        checkout(page[1]!, response).catch((error: Error) => json(response, 500, { error: error.message }));
        return;
      }
      requests.push({ method: request.method ?? "GET", path: url.pathname, params, idempotencyKey: request.headers["idempotency-key"] as string | undefined });
      answer(request.method ?? "GET", url.pathname, params, response, base);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** The status of every next API answer (200 = normal). */
    set(next: { status?: number; siteUrl?: string }) {
      if (next.status !== undefined) status = next.status;
      if (next.siteUrl !== undefined) siteUrl = next.siteUrl;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
