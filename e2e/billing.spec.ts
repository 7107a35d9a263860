/**
 * Paid plans with Stripe (issue 41) in a real Chromium, at 390 and 1280 px: a second server
 * (extra-server.ts) pointed at the local fake of Stripe's API (src/server/testing/fake-stripe.ts),
 * whose stand-in Checkout page sends the signed webhook events to the site and returns to it.
 * /prezzi → 'Passa a Premium' → (fake) Checkout → 'Abbonamento attivato' on the site; the player is
 * on Premium and /visualizza makes a picture; the admin's 'Ordini' shows the paid order.
 */

import { expect, test } from "@playwright/test";
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from "../src/server/testing/fake-stripe";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { ADMIN, expectAccessible, signInAdmin } from "./fixtures";

let fake: FakeStripe;
let server: ExtraServer;

test.beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startExtraServer({ ...fakeStripeEnv(fake.url), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, OFFLINE_WORD_DELAY_MS: "4" });
  fake.set({ siteUrl: server.base });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

for (const width of [390, 1280]) {
  test(`a player buys Premium with Stripe and gets it at once (${width} px)`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    await server.signUp(page);
    await page.goto(`${server.base}/prezzi`);
    await expect(page.getByText("Presto Disponibile")).toHaveCount(0);
    await page.getByRole("button", { name: "Passa a Premium" }).click();
    await expect(page).toHaveURL(`${server.base}/prezzi?pagamento=ok`);
    await expect(page.getByRole("status").filter({ hasText: "Abbonamento attivato" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Il tuo piano" })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `e2e-artifacts/screenshots/billing-active-${width}.png`, fullPage: true });

    // /visualizza works on Premium: a Western story, '/inizia', then the picture.
    const headers = { origin: server.base };
    const me = await (await page.request.get(`${server.base}/api/me`)).json();
    expect(me.tokens).toMatchObject({ plan: "premium", visualizeLimit: 10 });
    const game = await (await page.request.post(`${server.base}/api/games`, { data: { genre: "western" }, headers })).json();
    expect((await page.request.post(`${server.base}/api/games/${game.id}/messages`, { data: { content: "/inizia" }, headers })).ok()).toBe(true);
    expect((await page.request.post(`${server.base}/api/games/${game.id}/images`, { headers })).status()).toBe(201);

    await page.goto(`${server.base}/profilo`);
    await expect(page.getByRole("heading", { level: 2, name: "Abbonamento" })).toBeVisible();
    await expect(page.getByText(/Piano Premium · 9,99\s€\/mese/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Gestisci abbonamento" })).toBeVisible();
    await page.screenshot({ path: `e2e-artifacts/screenshots/billing-profile-${width}.png`, fullPage: true });

    const admin = await browser.newPage({ viewport: { width, height: 900 } });
    await signInAdmin(admin, server.base);
    await admin.goto(`${server.base}/admin/orders`);
    await expect(admin.getByRole("heading", { level: 1, name: "Ordini Subscription" })).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: me.user.email });
    await expect(row.getByText("Completato", { exact: true }).first()).toBeVisible();
    await expect(row.getByRole("link", { name: /Stripe/ })).toHaveAttribute("href", /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/);
    await expect(row.getByRole("button", { name: "Rimborsa" })).toBeVisible();
    await admin.screenshot({ path: `e2e-artifacts/screenshots/billing-orders-${width}.png`, fullPage: true });
    await admin.close();
  });
}

test("a visitor's 'Passa a Pro' goes to /login and back to /prezzi; a cancelled payment says so", async ({ page }) => {
  await page.goto(`${server.base}/prezzi`);
  await page.getByRole("link", { name: "Passa a Pro" }).click();
  await expect(page).toHaveURL(`${server.base}/login?next=%2Fprezzi`);
  await page.goto(`${server.base}/prezzi?pagamento=annullato`);
  await expect(page.getByRole("status").filter({ hasText: "Pagamento annullato" })).toBeVisible();
});
