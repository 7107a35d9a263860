/**
 * Profilo → 'Sicurezza' in Chromium (issue 10): two-step verification set up from the profile
 * (QR code, secret as text, confirmation, backup codes as a .txt download), then a sign-in with
 * password + code; 'Esci da tutti gli altri' signing out another browser; an admin without a
 * second factor sent to set one up when REQUIRE_ADMIN_2FA is on. axe on the security card;
 * screenshots of the card and of the 'Verifica in due passaggi' step at 390 and 1280 px.
 */

import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { Secret, TOTP, URI } from "otpauth";
import Database from "../src/server/platform/db/sqlite-driver";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { ADMIN, expectAccessible, PASSWORD, signedInPlayer } from "./fixtures";

/**
 * Screenshots of `target` at phone (390 px) and desktop (1280 px) widths, cut from a full-page
 * shot (so the sticky header does not cover a tall card), with the cookie banner answered.
 */
async function shots(page: Page, target: Locator, name: string): Promise<void> {
  const accept = page.getByRole("button", { name: "Accetta" });
  if (await accept.isVisible()) await accept.click();
  for (const [label, width] of [["390", 390], ["1280", 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const clip = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: `e2e-artifacts/screenshots/security-${name}-${label}.png`, fullPage: true, clip });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The app's current code for the secret shown as text in the set-up step. */
function appCode(secretText: string): string {
  return new TOTP({ secret: Secret.fromBase32(secretText.replace(/\s+/g, "")) }).generate();
}

test("two-step verification: set up from the profile, then sign in with password and code", async ({ page }) => {
  const email = await signedInPlayer(page);
  await page.goto("/profilo");
  const card = page.locator("#sicurezza");
  await expect(card.getByRole("heading", { name: "Sicurezza" })).toBeVisible();
  await expect(card.getByText("Non attiva")).toBeVisible();

  await card.getByRole("button", { name: "Attiva", exact: true }).click();
  await card.locator("#sicurezza-2fa-password").fill(PASSWORD);
  await card.getByRole("button", { name: "Continua" }).click();
  const qr = card.getByRole("img", { name: "Codice QR da inquadrare con l'app di autenticazione" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  const secret = (await card.getByLabel("Chiave segreta").textContent())!;
  expect(secret.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]+$/);
  await expectAccessible(page);
  await shots(page, card, "totp-setup");

  await card.locator("#sicurezza-2fa-conferma").fill(appCode(secret));
  await card.getByRole("button", { name: "Conferma", exact: true }).click();
  const codes = card.getByRole("list", { name: "Codici di backup" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Scarica i codici (.txt)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
  const text = fs.readFileSync(await file.path(), "utf8");
  for (const code of await codes.allTextContents()) expect(text).toContain(code);
  await card.getByRole("button", { name: "Ho salvato i codici" }).click();
  await expect(card.getByText("Attiva", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await card.getByRole("button", { name: "Esci da questo dispositivo" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes first; the sign-in page replaces this one once its code is there (ADR 0020).
  await expect(page.getByRole("heading", { name: "Benvenuto", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  const step = page.getByRole("form", { name: "Verifica in due passaggi" });
  await expect(step).toBeVisible();
  await expectAccessible(page);
  await shots(page, page.locator("main"), "two-factor-step");
  await step.getByLabel("Codice dell'app").fill("12");
  await step.getByRole("button", { name: "Verifica" }).click();
  await expect(step.getByText("Il codice è di 6 cifre.")).toBeVisible();
  await step.getByLabel("Codice dell'app").fill(appCode(secret));
  await step.getByRole("button", { name: "Verifica" }).click();
  await expect(page).toHaveURL(/\/generi$/);
});

test("'Esci da tutti gli altri' signs out another browser", async ({ page, browser }) => {
  const email = await signedInPlayer(page);
  const origin = new URL(page.url()).origin;
  const other = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" });
  expect((await other.request.post(`${origin}/api/auth/sign-in/email`, { data: { email, password: PASSWORD } })).ok()).toBe(true);
  expect((await other.request.get(`${origin}/api/me`)).status()).toBe(200);

  await page.goto("/profilo");
  const card = page.locator("#sicurezza");
  const sessions = card.getByRole("list", { name: "Sessioni attive" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Questo dispositivo" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "Safari su iOS" })).toContainText("Indirizzo 127.0.0.1");
  await expectAccessible(page);
  await shots(page, card.locator("section").filter({ has: page.getByRole("heading", { name: "Dispositivi connessi" }) }), "sessions");

  await card.getByRole("button", { name: "Esci da tutti gli altri" }).click();
  await expect(sessions).toHaveCount(1);
  expect((await other.request.get(`${origin}/api/me`)).status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Il mio profilo" })).toBeVisible();
  await other.close();
});

test("'Disconnetti' signs out one other device by its session id; the page never receives a session token", async ({ page, browser }) => {
  const email = await signedInPlayer(page);
  const origin = new URL(page.url()).origin;
  const other = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" });
  expect((await other.request.post(`${origin}/api/auth/sign-in/email`, { data: { email, password: PASSWORD } })).ok()).toBe(true);

  const listed = page.waitForResponse((r) => r.url().endsWith("/api/auth/list-sessions"));
  await page.goto("/profilo");
  expect(await (await listed).text()).not.toContain('"token"');
  const sessions = page.locator("#sicurezza").getByRole("list", { name: "Sessioni attive" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await sessions.filter({ hasText: "Safari su iOS" }).getByRole("button", { name: /^Disconnetti/ }).click();
  await expect(page.getByText("Dispositivo disconnesso")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect((await other.request.get(`${origin}/api/me`)).status()).toBe(401);
  expect((await page.request.get(`${origin}/api/me`)).status()).toBe(200);
  await other.close();
});

test.describe("with REQUIRE_ADMIN_2FA=on", () => {
  let server: ExtraServer;
  let base: string;

  test.beforeAll(async () => {
    server = await startExtraServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REQUIRE_ADMIN_2FA: "on" });
    base = server.base;
  });
  test.afterAll(() => server.stop());

  test("an admin without a second factor is sent to set one up before any admin page", async ({ page }) => {
    expect((await page.request.post(`${base}/api/auth/sign-in/email`, { data: ADMIN })).ok()).toBe(true);
    await page.goto(`${base}/admin/users`);
    await expect(page).toHaveURL(`${base}/profilo?motivo=admin-2fa#sicurezza`);
    await expect(page.getByRole("alert").filter({ hasText: "Per usare il pannello di amministrazione attiva prima la verifica in due passaggi" })).toBeVisible();

    // The profile page's own requests (the session list) end first: one still in flight with the
    // old session when verify-totp replaces it would come back as 'no session' and clear the new
    // session cookie (Better Auth clears the cookie of a session it does not find).
    await page.goto("about:blank");
    // State-changing calls carry the site's Origin, as the browser's would.
    const headers = { origin: base };
    const enabled = await page.request.post(`${base}/api/auth/two-factor/enable`, { data: { password: ADMIN.password }, headers });
    const totp = URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as TOTP;
    expect((await page.request.post(`${base}/api/auth/two-factor/verify-totp`, { data: { code: totp.generate() }, headers })).ok()).toBe(true);
    await page.goto(`${base}/admin/users`);
    await expect(page.getByRole("heading", { name: "Utenti" })).toBeVisible();
  });

  test("a moderator without a second factor gets the admins' guidance before the queue (issue 36 finding 15)", async ({ page }) => {
    await server.signUp(page);
    const me = (await (await page.request.get(`${base}/api/me`)).json()) as { user: { id: string } };
    const db = new Database(path.join(server.dataDir, "storie.sqlite"));
    db.prepare("update user_roles set role = 'moderator' where user_id = ?").run(me.user.id);
    db.close();
    await page.goto(`${base}/admin/reports`);
    await expect(page).toHaveURL(`${base}/profilo?motivo=admin-2fa#sicurezza`);
    await expect(page.getByRole("alert").filter({ hasText: "Per usare il pannello di amministrazione attiva prima la verifica in due passaggi" })).toBeVisible();
  });
});

test("the 'Sicurezza' forms validate with the server's schema, whose code loads on the first validation", async ({ page }) => {
  await signedInPlayer(page);
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto("/profilo");
  const form = page.getByRole("form", { name: "Cambia password" });
  await expect(form).toBeVisible();
  await page.waitForLoadState("networkidle");
  // /profilo's first load carries no validation code (issue 21).
  expect(loaded.filter((path) => /\/assets\/(zod|security)-/.test(path))).toEqual([]);
  await form.getByLabel("Password attuale").fill(PASSWORD);
  await form.getByLabel("Nuova password").fill("corta");
  await form.getByRole("button", { name: "Cambia password" }).click();
  await expect(form.getByText("La password deve contenere almeno 8 caratteri.")).toBeVisible();
  expect(loaded.filter((path) => /\/assets\/zod-/.test(path)).length).toBeGreaterThan(0);
  // Side by side on a wide window, the two fields stay level when only one shows a message.
  await page.setViewportSize({ width: 1280, height: 900 });
  const current = (await form.getByLabel("Password attuale").boundingBox())!;
  const next = (await form.getByLabel("Nuova password").boundingBox())!;
  expect(next.x).toBeGreaterThan(current.x + current.width);
  expect(Math.abs(current.y - next.y)).toBeLessThan(1);
  // Nothing was sent to the server.
  expect(loaded).not.toContain("/api/auth/change-password");
});
