/**
 * Issue 39 "An app on the home screen" → Installable, in a real Chromium: the web app manifest and
 * its icons, the service worker registered for every visitor, and offline reading: a story a
 * player opened reads again after a reload with the network off ('Sei offline', the input
 * disabled), comes back to life online, and is gone from the browser at sign-out, so the next
 * account on the same browser never gets it (docs/decisions/0024).
 */

import { expect, type Page, test } from "@playwright/test";
import { conversation, narrations, signedInPlayer } from "./fixtures";

// The site's service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const OFFLINE_TEXT = "Sei offline: puoi rileggere la storia, per continuare serve la connessione.";

/** The names of this site's account caches in the page's Cache Storage. */
const accountCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("storie-account-")));

/** Waits until the service worker is active and controls the page. */
async function workerControls(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("the manifest names the app in Italian, with its colours, start page and icons", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f0a1e");

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({
    name: "Storie.ai — Storie interattive",
    short_name: "Storie.ai",
    lang: "it",
    start_url: "/generi",
    scope: "/",
    display: "standalone",
    theme_color: "#0f0a1e",
    background_color: "#0f0a1e",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

  for (const icon of [...manifest.icons, { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
    expect(icon.type).toBe("image/png");
    // The PNG's own size (its IHDR chunk: width and height, big-endian, at bytes 16 and 20).
    const png = await file.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

test("a story opened once reads offline after a reload, resyncs online, and leaves with its account", async ({ page, context }) => {
  // A visitor's first page registers the worker (push is off).
  await page.goto("/");
  await page.getByRole("button", { name: "Accetta" }).click();
  await workerControls(page);

  await signedInPlayer(page);
  await page.goto("/gioco/fantasy/new");
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  const gameUrl = page.url();
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  // Opened again (as after the turn): the worker keeps the page and its JSON for this account.
  await page.reload();
  await narrations(page, 1);
  const story = await conversation(page).allInnerTexts();
  expect(story.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => accountCaches(page)).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await expect(conversation(page)).toHaveText(story, { useInnerText: true });
  await expect(page.getByLabel("Scrivi la tua azione")).toBeDisabled();
  await expect(page.getByRole("button", { name: "/A" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Invia" })).toBeDisabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/work/shots/pwa/offline-game-${width}.png` });
  }

  // Back online: the banner goes, the story moves on.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
  await page.getByRole("button", { name: "/A" }).click();
  await narrations(page, 2);

  // Signing out deletes the account's cache.
  await page.goto("/generi");
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => accountCaches(page)).toEqual([]);

  // Another account on the same browser: online the game is someone else's (404 → /generi) ...
  await signedInPlayer(page);
  await page.goto(gameUrl);
  await expect(page.getByText("Partita non trovata o non autorizzata.")).toBeVisible();
  await expect(page).toHaveURL(/\/generi$/);
  // ... and offline the first account's story is nowhere to be read.
  await context.setOffline(true);
  await page.goto(gameUrl).catch(() => undefined);
  await expect(page.getByText(story.at(-1)!.slice(0, 60))).toHaveCount(0);
  await context.setOffline(false);
  await page.goto("/generi");
  const kept = await page.evaluate(async (url) => {
    const names = (await caches.keys()).filter((name) => name.startsWith("storie-account-"));
    const hits = await Promise.all(names.map(async (name) => Boolean(await (await caches.open(name)).match(url, { ignoreVary: true }))));
    return hits.some(Boolean);
  }, gameUrl);
  expect(kept).toBe(false);
});
