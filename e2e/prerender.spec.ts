/**
 * Public pages arrive rendered (issue 12: first paint before JavaScript). The HTML the server
 * sends for /, /generi, /scopri, /galleria, /prezzi, a template page and an image page already
 * holds their real text (genre names, plan prices, a template's title, an image's title), read
 * here from the HTML alone and in a Chromium that runs no script; with scripts, React hydrates it
 * without a console error, for a visitor and for a signed-in player, and links then navigate in
 * the page, the tab's title following. Text from players and admins stays text: a template titled with markup is escaped in
 * the HTML and in the embedded state. A page makes no date formatter it does not show (the first
 * loads the browser's locale data): the public pages none, /profilo none while it hydrates.
 */

import { randomUUID } from "node:crypto";
import { GENRES } from "../src/shared/genres";
import type { PlanView } from "../src/shared/api-types";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createImageViaApi, createTemplateViaApi, expectOnlyFirstPaintScripts, rootOf, signedInPlayer, watchProblems } from "./fixtures";

/** The public pages with a text each must hold and their page module's chunk, filled by the first test. */
const pages: { path: string; texts: string[]; chunk: string }[] = [];

/** Opens every public page and checks it hydrates cleanly, then navigates in-page from / to /prezzi. */
async function expectHydration(page: Page) {
  const problems = watchProblems(page);
  for (const { path, texts } of pages) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByText(texts[0]!, { exact: false }).first()).toBeVisible();
    expect(problems, path).toEqual([]);
  }
  await page.goto("/");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("navigation", { name: "Link del sito" }).getByRole("link", { name: "Prezzi" }).click();
  await expect(page).toHaveURL(/\/prezzi$/);
  await expect(page.getByRole("heading", { level: 1, name: "Scegli il tuo piano" })).toBeVisible();
  // The tab follows: the same title the server writes for /prezzi.
  await expect(page).toHaveTitle("Scegli il tuo piano · Storie.ai");
  await page.goBack();
  await expect(page).toHaveTitle("Storie.ai – Storie interattive con l'intelligenza artificiale");
  // A client-side navigation: the window (and its marker) survived.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
}

/** A context that runs no script at all. */
const withoutScripts = (browser: Browser) => browser.newContext({ javaScriptEnabled: false });

test.describe.configure({ mode: "serial" });

test("each public page's HTML holds its real text before any script", async ({ page, playwright, baseURL }) => {
  const suffix = randomUUID().slice(0, 6);
  const admin = await playwright.request.newContext({ baseURL });
  const templateTitle = `La torre sommersa ${suffix}`;
  const templateId = await createTemplateViaApi(admin, baseURL!, templateTitle);
  const image = await createImageViaApi(page, await signedInPlayer(page));
  await page.context().clearCookies();

  const visitor = await playwright.request.newContext({ baseURL });
  const plans = (await (await visitor.get("/api/plans")).json()) as PlanView[];
  const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;
  pages.push(
    { path: "/", texts: ["Crea e gioca storie interattive", "Narrato dall'intelligenza artificiale"], chunk: "landing-page" },
    { path: "/generi", texts: ["Scegli il tuo genere", ...GENRES.map((genre) => genre)], chunk: "genres-page" },
    { path: "/scopri", texts: ["Scopri le storie", templateTitle], chunk: "discover-page" },
    { path: "/galleria", texts: ["Galleria", image.title], chunk: "gallery-page" },
    {
      path: "/prezzi",
      texts: ["Scegli il tuo piano", ...plans.flatMap((plan) => [plan.name, ...(plan.priceCents > 0 ? [euros(plan.priceCents)] : [])])],
      chunk: "pricing-page",
    },
    {
      path: `/scopri/la-torre-sommersa-${suffix}/${templateId}`,
      texts: [templateTitle, "Una nave fantasma torna in porto ogni cento anni."],
      chunk: "template-page",
    },
    { path: `/galleria/${image.id}`, texts: [image.title], chunk: "image-page" },
  );

  for (const { path, texts, chunk } of pages) {
    const response = await visitor.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    // The page's own code and the steps the main script starts with (main.tsx: the layout, the
    // routes and start, one "frame" chunk) are listed with the main script and asked for with it,
    // once the page has painted (issue 39): the page paints without them, so no script is in <head>.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const scripts = JSON.parse(html.match(/<script type="application\/json" id="app-scripts">([^<]+)<\/script><script>/)?.[1] ?? "[]") as string[];
    expect(scripts[0], path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const listed of [chunk, "frame", "shell"]) expect(scripts, `${path}: ${listed}`).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${listed}-[\\w-]+\\.js$`)));
    const root = rootOf(html);
    // React writes an apostrophe in text as an entity: the same text once parsed.
    const apostrophes = root.replace(/&#x27;/g, "'");
    for (const text of texts) expect(apostrophes, `${path}: ${text}`).toContain(text);
    // Complete: no part left for an inline script to finish (the CSP would refuse it); the only
    // inline scripts are the constant first-paint ones the CSP allows by hash.
    expectOnlyFirstPaintScripts(root, path);
  }
  // The build manifest behind those preloads is the server's, not a public file.
  const manifest = await visitor.get("/.vite/manifest.json");
  expect(manifest.headers()["content-type"]).toContain("text/html");
  expect(await manifest.text()).not.toContain("landing-page.tsx");
  await admin.dispose();
  await visitor.dispose();
});

test("without JavaScript a visitor still reads every public page", async ({ browser }) => {
  const context = await withoutScripts(browser);
  const page = await context.newPage();
  for (const { path, texts } of pages) {
    await page.goto(path);
    for (const text of texts.slice(0, 2)) await expect(page.getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeVisible();
  }
  await context.close();
});

test("public pages hydrate without a console error, for a visitor and for a signed-in player", async ({ page, browser }) => {
  await expectHydration(page);
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await signedInPlayer(playerPage);
  await expectHydration(playerPage);
  // The other views of two pages, named by their address: rendered and hydrated cleanly too.
  const problems = watchProblems(playerPage);
  await playerPage.goto("/scopri?filtro=salvati", { waitUntil: "networkidle" });
  await expect(playerPage.getByText("Non hai ancora salvato nessuna storia.")).toBeVisible();
  await playerPage.goto("/galleria?vista=storie", { waitUntil: "networkidle" });
  await expect(playerPage.getByRole("heading", { level: 1, name: "Galleria" })).toBeVisible();
  expect(problems).toEqual([]);
  // The player's header came rendered with the page: 'Profilo', not 'Accedi'.
  const html = rootOf(await (await playerPage.request.get("/prezzi")).text());
  expect(html).toContain('aria-label="Profilo"');
  expectOnlyFirstPaintScripts(html);
  expect(html).not.toContain('aria-label="Accedi"');
  await player.close();
});

/**
 * Counts every Intl date and relative-time formatter `page` makes from its next document on, in
 * `window.formatters` (the first one loads the browser's locale data: a long task on a phone).
 */
async function countDateFormatters(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { formatters: number };
    counted.formatters = 0;
    const count = <T extends object>(Original: T): T =>
      new Proxy(Original, {
        construct(target, args) {
          counted.formatters += 1;
          return Reflect.construct(target as never, args) as object;
        },
      });
    Object.assign(Intl, { DateTimeFormat: count(Intl.DateTimeFormat), RelativeTimeFormat: count(Intl.RelativeTimeFormat) });
  });
}

/** The number of date formatters the page has made (countDateFormatters). */
const formattersMade = (page: Page) => page.evaluate(() => (window as unknown as { formatters: number }).formatters);

test("a page showing no date loads no locale data: the footer's year comes with the page", async ({ page }) => {
  await countDateFormatters(page);
  const year = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", year: "numeric" }).format(new Date());
  const problems = watchProblems(page);
  // A template's page shows its likes and plays: counts under 1,000 need no formatter either.
  const template = pages.find(({ chunk }) => chunk === "template-page")!.path;
  for (const path of ["/", "/generi", "/prezzi", template]) {
    await page.goto(path, { waitUntil: "networkidle" });
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(`© ${year} Storie.ai`)).toBeVisible();
    // Hydrated: React holds the footer's element.
    await expect.poll(() => footer.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
    expect(await formattersMade(page), path).toBe(0);
  }
  expect(problems).toEqual([]);
});

test("/profilo keeps its games' times in the server's words once hydrated, loading no locale data", async ({ page }) => {
  await signedInPlayer(page);
  const created = await page.request.post("/api/games", { data: { genre: "horror" }, headers: { origin: new URL(page.url()).origin } });
  expect(created.status()).toBe(201);
  await countDateFormatters(page);
  // For the browser the game was played three days ago: the time a hydrating render would compute
  // needs a formatter ('3 giorni fa'), unlike the server's 'meno di un minuto fa'.
  await page.clock.setFixedTime(Date.now() + 3 * 24 * 3600 * 1000);
  // A phone's screen: the 'Sicurezza' card, whose devices list the browser fetches and renders (its times need a formatter), is far below.
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = watchProblems(page);
  await page.goto("/profilo", { waitUntil: "networkidle" });
  // The cards are hydrated once their buttons are enabled (profile-page.tsx).
  await expect(page.getByRole("button", { name: "Modifica" })).toBeEnabled();
  await expect(page.getByText(/Horror · Ultimo accesso meno di un minuto fa/)).toBeVisible();
  expect(await formattersMade(page)).toBe(0);
  expect(problems).toEqual([]);
});

test("a template titled with markup reaches the HTML as text, in the page and in its state", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const title = `Il faro </script><img src=x onerror=alert(1)> ${randomUUID().slice(0, 6)}`;
  const id = await createTemplateViaApi(admin, baseURL!, title);
  await admin.dispose();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`/scopri/x/${id}`);
  const html = await response!.text();
  expect(html).not.toContain("<img src=x");
  const state = html.slice(html.indexOf('id="prerender-state">'));
  expect(state.slice(0, state.indexOf("</script>"))).toContain("\\u003c/script>\\u003cimg src=x onerror=alert(1)>");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(dialogs).toEqual([]);
});
