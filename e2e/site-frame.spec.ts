/**
 * The site frame's on-demand parts (spec §2 Site frame; issue 12: loaded on first use): on a
 * phone, 'Apri il menu' opens the drawer with the site's links, a choice navigates and closes it,
 * and Escape gives the focus back to the menu button; 'Privacy Policy' in the footer opens the
 * notice, which also gives the focus back when closed. Neither part's code is loaded before. A
 * player's bell is in the page the server sends; its popover's code loads when first pressed.
 * While a page's code loads, the previous page stays under a thin progress bar; code that fails
 * to download (a new release) has the browser load the page from the server (ADR 0020).
 */

import { expect, type Page, test } from "@playwright/test";
import { COOKIE_CONSENT_KEY } from "../src/shared/first-paint-scripts";
import { expectAccessible, signedInPlayer } from "./fixtures";

/** The script URLs the page has loaded so far. */
const loadedScripts = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((name) => name.endsWith(".js")));

test("on a phone the menu drawer loads on first use, navigates, and gives the focus back", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accetta" }).click();
  expect((await loadedScripts(page)).filter((url) => url.includes("mobile-drawer"))).toEqual([]);

  const menuButton = page.getByRole("button", { name: "Apri il menu" });
  await menuButton.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("navigation", { name: "Menu principale" })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole("link", { name: "Scopri" }).click();
  await expect(page).toHaveURL(/\/scopri$/);
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test("'Privacy Policy' opens the notice on first use and gives the focus back", async ({ page }) => {
  await page.goto("/generi", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accetta" }).click();
  expect((await loadedScripts(page)).filter((url) => url.includes("privacy-notice"))).toEqual([]);

  const button = page.getByRole("contentinfo").getByRole("button", { name: "Privacy Policy" });
  await button.click();
  const notice = page.getByRole("dialog", { name: "Informativa sulla Privacy" });
  await expect(notice).toBeVisible();
  await expect(notice.getByText("Ultimo aggiornamento: 15 giugno 2025")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();
  await expect(button).toBeFocused();
  // It opens again.
  await button.click();
  await expect(notice).toBeVisible();
});

test("the cookie banner is in the page the server sends; a visitor who already chose never sees it, even before the app runs", async ({ browser }) => {
  const banner = (page: Page) => page.getByRole("region", { name: "Consenso ai cookie" });
  for (const choice of [null, "true", "false"]) {
    const context = await browser.newContext();
    if (choice !== null) await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [COOKIE_CONSENT_KEY, choice] as const);
    // Without the app's scripts: what the first paint shows.
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/prezzi");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (choice === null) await expect(banner(page)).toBeVisible();
    else await expect(banner(page)).toBeHidden();
    // With them: the same, and 'Accetta' stores the choice.
    const app = await context.newPage();
    await app.goto("/prezzi");
    if (choice === null) {
      await app.getByRole("button", { name: "Accetta" }).click();
      await expect(banner(app)).toHaveCount(0);
      expect(await app.evaluate((key) => window.localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe("true");
    } else {
      await expect(banner(app)).toHaveCount(0);
    }
    await context.close();
  }
});

test("a player's bell is in the page the server sends; its popover loads on first use and gives the focus back", async ({ page }) => {
  await signedInPlayer(page);
  const html = await (await page.request.get("/profilo")).text();
  expect(html).toMatch(/<button[^>]*aria-label="Notifiche[" ]/);
  await page.goto("/profilo", { waitUntil: "networkidle" });
  expect((await loadedScripts(page)).filter((url) => url.includes("notification-popover"))).toEqual([]);

  // Named 'Notifiche', or 'Notifiche (n non lette)' once an admin has published one to everyone.
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifiche/ });
  await bell.click();
  const popover = page.getByRole("dialog", { name: "Notifiche" });
  await expect(popover.getByRole("heading", { name: "Notifiche" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();
  // It opens again, and leaving the page closes it.
  await bell.click();
  await expect(popover).toBeVisible();
  await popover.getByRole("link", { name: "Vedi tutte" }).click();
  await expect(page).toHaveURL(/\/notifiche$/);
  await expect(popover).toBeHidden();
});

test("a page whose code is loading leaves the previous one on screen under the progress bar; code that fails to download loads the page from the server", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accetta" }).click();
  const landing = page.getByRole("heading", { level: 1 });
  const landingTitle = await landing.textContent();
  const progressBar = page.locator("div.fixed.top-0.animate-pulse");
  const pricingLink = page.getByRole("contentinfo").getByRole("link", { name: "Prezzi" });

  // The pricing page's code held back: the landing page stays, the bar shows, then the page comes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/pricing-page-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await pricingLink.click();
  await expect(progressBar).toBeVisible();
  await expect(landing).toHaveText(landingTitle!);
  release();
  await expect(page.getByRole("heading", { name: "Scegli il tuo piano", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/prezzi$/);
  await expect(progressBar).toHaveCount(0);

  // A chunk that fails (a new release replaced it): the browser asks the server for the page.
  await page.goto("/", { waitUntil: "networkidle" });
  await page.unrouteAll();
  let failed = 0;
  await page.route("**/assets/gallery-page-*.js", (route) => (failed++ === 0 ? route.abort() : route.continue()));
  const documentRequest = page.waitForRequest((request) => request.resourceType() === "document" && new URL(request.url()).pathname === "/galleria");
  await page.getByRole("contentinfo").getByRole("link", { name: "Galleria" }).click();
  await documentRequest;
  await expect(page.getByRole("heading", { name: "Galleria", level: 1 })).toBeVisible();
  // The server's page asks for its code once it has painted (ADR 0029), and gets it this time.
  await expect.poll(() => failed).toBe(2);

  // A chunk that fails on a document's first render is not retried by loading the page again
  // (it came from the server already): one request for the document, no endless reloads.
  await page.unrouteAll();
  let documents = 0;
  page.on("request", (request) => void (request.resourceType() === "document" && documents++));
  await page.route("**/assets/login-page-*.js", (route) => route.abort());
  await page.goto("/login");
  await page.waitForTimeout(2_000);
  expect(documents).toBe(1);
});
