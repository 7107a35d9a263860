/**
 * Paid plans with Stripe (issue 41) over real HTTP, the site's Stripe library pointed at a local
 * fake of Stripe's API (testing/fake-stripe.ts, STRIPE_API_URL) and webhooks signed with the
 * library's generateTestHeaderString: checkout, upgrade, renewal order, failed payment, refund,
 * cancellation at period end, replay, forged signature, out-of-order events, Stripe 5xx at
 * checkout, refused checkouts, and the site without Stripe. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../platform/env";
import {
  FAKE_PRICES,
  fakeStripeEnv,
  invoiceObject,
  sendStripeEvent,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  type FakeStripe,
} from "../../testing/fake-stripe";
import { DIALECTS, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-stripe@example.com";
const ADMIN_PASSWORD = "password-admin-stripe";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("Stripe subscriptions on %s", (dialect) => {
  let server: TestServer;
  let fake: FakeStripe;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD, ...fakeStripeEnv(fake.url) } });
    fake.set({ siteUrl: server.url });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const limits = (id: string) => server.deps.db.selectFrom("user_tokens").select(["model", "message_limit", "visualize_limit"]).where("user_id", "=", id).executeTakeFirstOrThrow();
  const orders = (id: string) => server.deps.db.selectFrom("subscription_orders").select(["status", "amount", "currency", "subscription_type", "stripe_payment_intent"]).where("user_id", "=", id).execute();

  /** A player who went through checkout: their Stripe customer id. */
  async function checkedOut(plan: "premium" | "pro" = "premium"): Promise<{ player: Player; customer: string }> {
    const player = await registerPlayer(server);
    const res = await player.client.json<{ url: string }>("POST", "/api/billing/checkout", { plan });
    expect(res.status).toBe(200);
    const row = await server.deps.db.selectFrom("billing_customers").select("customer_id").where("user_id", "=", player.id).executeTakeFirstOrThrow();
    return { player, customer: row.customer_id };
  }
  const send = async (type: string, object: Record<string, unknown>, created?: number) => {
    const res = await sendStripeEvent(server.url, stripeEvent(type, object, created));
    expect(res.status).toBe(200);
  };

  it("checkout: a subscription-mode session for the player, their customer created once and reused, Italian, back to /prezzi", async () => {
    const player = await registerPlayer(server);
    const before = fake.requests.length;
    const res = await player.client.json<{ url: string }>("POST", "/api/billing/checkout", { plan: "premium" });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
    const again = await player.client.json<{ url: string }>("POST", "/api/billing/checkout", { plan: "pro" });
    expect(again.status).toBe(200);
    const made = fake.requests.slice(before);
    expect(made.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    const sessions = made.filter((r) => r.path === "/v1/checkout/sessions");
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.params).toMatchObject({
      mode: "subscription",
      client_reference_id: player.id,
      locale: "it",
      "line_items[0][price]": FAKE_PRICES.premium,
      "line_items[0][quantity]": "1",
      success_url: `${server.url}/prezzi?pagamento=ok`,
      cancel_url: `${server.url}/prezzi?pagamento=annullato`,
    });
    expect(sessions[1]!.params["line_items[0][price]"]).toBe(FAKE_PRICES.pro);
    expect(sessions[0]!.params.customer).toBe(sessions[1]!.params.customer);
    // Nothing changes before Stripe says the payment went through.
    expect((await limits(player.id)).model).toBe("base");
  });

  it("upgrade: the plan follows the subscription's price and the limits reset to the plan's values", async () => {
    const { player, customer } = await checkedOut();
    const sub = `sub_${randomUUID().slice(0, 8)}`;
    const t = Math.floor(Date.now() / 1000);
    await send("customer.subscription.created", subscriptionObject(sub, customer, FAKE_PRICES.premium, "active"), t);
    expect(await limits(player.id)).toEqual({ model: "premium", message_limit: 30, visualize_limit: 10 });
    await send("customer.subscription.updated", subscriptionObject(sub, customer, FAKE_PRICES.pro, "active"), t + 1);
    expect(await limits(player.id)).toEqual({ model: "pro", message_limit: 100, visualize_limit: 25 });
    const view = await player.client.json("GET", "/api/billing/subscription");
    expect(view.body).toMatchObject({ payments: true, plan: "pro", priceCents: 1999, status: "active", cancelAtPeriodEnd: false, canManage: true });
    const portal = await player.client.json<{ url: string }>("POST", "/api/billing/portal");
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(`${fake.url}/portal/${customer}`);
  });

  it("renewal order: invoice.paid records a completed order with the invoice's amount and currency, shown in 'Ordini'", async () => {
    const { player, customer } = await checkedOut();
    await send("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_first"));
    await send("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_renewal"));
    const rows = await orders(player.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ status: "completed", currency: "eur", subscription_type: "premium" });
    expect(rows.map((r) => Number(r.amount))).toEqual([9.99, 9.99]);
    const listed = await admin.json("GET", `/api/admin/orders?search=${encodeURIComponent(player.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    expect(listed.body.items[0]).toMatchObject({ status: "completed", currency: "eur" });
    expect(listed.body.items[0].stripeUrl).toMatch(/^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/);
  });

  it("failed payment: a failed order and an Italian notice to the player", async () => {
    const { player, customer } = await checkedOut();
    await send("invoice.payment_failed", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_failed"));
    expect(await orders(player.id)).toMatchObject([{ status: "failed", currency: "eur" }]);
    const notices = await server.deps.db.selectFrom("notifications").select(["title", "content", "url"]).where("user_id", "=", player.id).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: "Pagamento non riuscito", url: "/profilo" });
    expect(notices[0]!.content).toContain("Gestisci abbonamento");
  });

  it("refund: charge.refunded marks the order refunded; an admin's refund goes through Stripe's refunds API and is audited", async () => {
    const { player, customer } = await checkedOut();
    await send("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_to_refund"));
    await send("charge.refunded", { id: "ch_1", object: "charge", payment_intent: "pi_to_refund", refunded: true });
    expect(await orders(player.id)).toMatchObject([{ status: "refunded" }]);

    await send("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_admin_refund"));
    const order = await server.deps.db.selectFrom("subscription_orders").select("id").where("stripe_payment_intent", "=", "pi_admin_refund").executeTakeFirstOrThrow();
    const res = await admin.json("POST", `/api/admin/orders/${order.id}/refund`);
    expect(res.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/refunds", params: { payment_intent: "pi_admin_refund" } });
    const row = await server.deps.db.selectFrom("subscription_orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("refunded");
    const audit = await server.deps.db.selectFrom("audit_log").select("detail").where("action", "=", "admin.order.refund").execute();
    expect(audit.some((a) => a.detail?.includes(order.id))).toBe(true);
    // Only a completed Stripe order can be refunded.
    expect((await admin.json("POST", `/api/admin/orders/${order.id}/refund`)).status).toBe(409);
    expect((await player.client.json("POST", `/api/admin/orders/${order.id}/refund`)).status).toBe(403);
  });

  it("cancellation at period end: the plan stays until Stripe ends the subscription, then back to Base", async () => {
    const { player, customer } = await checkedOut();
    const sub = `sub_${randomUUID().slice(0, 8)}`;
    const t = Math.floor(Date.now() / 1000);
    const end = t + 20 * 86400;
    await send("customer.subscription.created", subscriptionObject(sub, customer, FAKE_PRICES.premium, "active"), t);
    await send("customer.subscription.updated", subscriptionObject(sub, customer, FAKE_PRICES.premium, "active", { cancelAtPeriodEnd: true, periodEnd: end }), t + 1);
    expect((await limits(player.id)).model).toBe("premium");
    const view = await player.client.json("GET", "/api/billing/subscription");
    expect(view.body).toMatchObject({ plan: "premium", cancelAtPeriodEnd: true, periodEnd: new Date(end * 1000).toISOString() });
    await send("customer.subscription.deleted", subscriptionObject(sub, customer, FAKE_PRICES.premium, "canceled", { cancelAtPeriodEnd: true, periodEnd: end }), t + 2);
    expect(await limits(player.id)).toEqual({ model: "base", message_limit: 15, visualize_limit: 0 });
  });

  it("replay: an event id already processed changes nothing", async () => {
    const { player, customer } = await checkedOut();
    const paid = stripeEvent("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_replay"));
    expect((await sendStripeEvent(server.url, paid)).status).toBe(200);
    expect((await sendStripeEvent(server.url, paid)).status).toBe(200);
    expect(await orders(player.id)).toHaveLength(1);
    const sub = `sub_${randomUUID().slice(0, 8)}`;
    const t = Math.floor(Date.now() / 1000);
    const created = stripeEvent("customer.subscription.created", subscriptionObject(sub, customer, FAKE_PRICES.premium, "active"), t);
    await sendStripeEvent(server.url, created);
    await send("customer.subscription.deleted", subscriptionObject(sub, customer, FAKE_PRICES.premium, "canceled"), t + 1);
    expect((await sendStripeEvent(server.url, created)).status).toBe(200);
    expect((await limits(player.id)).model).toBe("base");
  });

  it("forged signature: a wrong or missing Stripe-Signature → 400 and nothing changes", async () => {
    const { player, customer } = await checkedOut();
    const event = stripeEvent("customer.subscription.created", subscriptionObject("sub_forged", customer, FAKE_PRICES.pro, "active"));
    const forged = await sendStripeEvent(server.url, event, "whsec_not_the_site_secret");
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe("Firma del webhook mancante o non valida.");
    expect((await sendStripeEvent(server.url, event, undefined, "")).status).toBe(400);
    const tampered = await fetch(`${server.url}/api/billing/webhook`, { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=abc" } });
    expect(tampered.status).toBe(400);
    expect((await limits(player.id)).model).toBe("base");
    const stored = await server.deps.db.selectFrom("stripe_events").select("id").where("id", "=", event.id).executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it("out of order: 'updated' before 'created' and 'paid' before 'completed' end in the right plan", async () => {
    const { player, customer } = await checkedOut();
    const sub = `sub_${randomUUID().slice(0, 8)}`;
    const t = Math.floor(Date.now() / 1000);
    await send("customer.subscription.updated", subscriptionObject(sub, customer, FAKE_PRICES.pro, "active"), t + 5);
    await send("customer.subscription.created", subscriptionObject(sub, customer, FAKE_PRICES.premium, "incomplete"), t);
    expect((await limits(player.id)).model).toBe("pro");

    const other = await checkedOut();
    await send("invoice.paid", invoiceObject(other.customer, FAKE_PRICES.premium, 999, "pi_early"), t);
    await send("checkout.session.completed", { id: "cs_x", object: "checkout.session", customer: other.customer, client_reference_id: other.player.id, subscription: "sub_late", metadata: { plan: "premium" } }, t);
    expect((await limits(other.player.id)).model).toBe("premium");
    expect(await orders(other.player.id)).toMatchObject([{ status: "completed" }]);
  });

  it("Stripe 5xx at checkout → an Italian 502 and nothing made on the site", async () => {
    const player = await registerPlayer(server);
    fake.set({ status: 500 });
    try {
      const res = await player.client.json("POST", "/api/billing/checkout", { plan: "pro" });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toContain("Non è stato addebitato nulla");
    } finally {
      fake.set({ status: 200 });
    }
    expect(await server.deps.db.selectFrom("billing_customers").select("user_id").where("user_id", "=", player.id).executeTakeFirst()).toBeUndefined();
    expect((await limits(player.id)).model).toBe("base");
  });

  it("refused checkouts: the plan they have, 'admin', a made-up plan or amount, a visitor, another origin", async () => {
    const { player, customer } = await checkedOut();
    await send("customer.subscription.created", subscriptionObject(`sub_${randomUUID().slice(0, 8)}`, customer, FAKE_PRICES.premium, "active"));
    const same = await player.client.json("POST", "/api/billing/checkout", { plan: "premium" });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe("Hai già il piano Premium.");
    expect((await player.client.json("POST", "/api/billing/checkout", { plan: "admin" })).status).toBe(400);
    expect((await player.client.json("POST", "/api/billing/checkout", { plan: "pro", amount: 1 })).status).toBe(400);
    expect((await player.client.json("POST", "/api/billing/checkout", { plan: "pro", userId: randomUUID() })).status).toBe(400);
    const adminCheckout = await admin.json("POST", "/api/billing/checkout", { plan: "pro" });
    expect(adminCheckout.status).toBe(409);
    expect((await new TestClient(server.url).json("POST", "/api/billing/checkout", { plan: "pro" })).status).toBe(401);
    const foreign = await player.client.json("POST", "/api/billing/checkout", { plan: "pro" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("erasure cancels the subscription and deletes the Stripe customer; the export lists the orders", async () => {
    const { player, customer } = await checkedOut();
    const sub = `sub_${randomUUID().slice(0, 8)}`;
    await send("customer.subscription.created", subscriptionObject(sub, customer, FAKE_PRICES.premium, "active"));
    await send("invoice.paid", invoiceObject(customer, FAKE_PRICES.premium, 999, "pi_export"));
    const exported = await player.client.json("GET", "/api/profile/export");
    expect(exported.status).toBe(200);
    expect(exported.body.tables.subscription_orders).toHaveLength(1);
    expect(exported.body.tables.billing_customers).toHaveLength(1);
    const erased = await player.client.json("DELETE", "/api/profile", { confirmation: "ELIMINA", password: player.password });
    expect(erased.status).toBe(200);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${sub}`)).toBe(true);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1/customers/${customer}`)).toBe(true);
    expect(await server.deps.db.selectFrom("billing_customers").select("user_id").where("user_id", "=", player.id).executeTakeFirst()).toBeUndefined();
  });
});

describe.each(DIALECTS)("the site without Stripe on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it("checkout and webhook answer 404: the paid plans stay 'Presto Disponibile'", async () => {
    const player = await registerPlayer(server);
    expect((await player.client.json("POST", "/api/billing/checkout", { plan: "premium" })).status).toBe(404);
    expect((await sendStripeEvent(server.url, stripeEvent("invoice.paid", {}))).status).toBe(404);
    expect((await player.client.json("GET", "/api/billing/subscription")).body).toMatchObject({ payments: false, plan: "base", canManage: false });
  });

  it("a partial STRIPE_* set stops the server at start, naming the missing variable", () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_PREMIUM: "price_a" })).toThrow(/STRIPE_PRICE_PRO: è obbligatorio/);
  });
});
