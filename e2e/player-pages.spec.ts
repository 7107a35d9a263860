/**
 * The player's own pages arrive rendered (issue 21): the game page /gioco/{genre}/{id} and
 * /profilo are rendered by the server for the signed-in player, with the data the API answers for
 * that player's cookie. The story's latest turns, the choices, the command bar and the token
 * counter are in the HTML before any script runs (read here in a Chromium with JavaScript off);
 * the answers are private (never stored by a shared cache); two players asking at the same time,
 * interleaved, each get only their own page, and a visitor never gets a player's. Every page the
 * server renders hydrates without an error (React 19 reports mismatches on the console) for a
 * visitor, a player and the admin. The token counter's explanation opens on a tap. A long story
 * opens at its end before the app has run, and the app takes over the very rows on screen without
 * moving anything. The narrations stay as the server wrote them, formatted, and the markdown
 * renderer (a chunk of its own) is not even fetched until a narration needs it (a new turn); they
 * then hydrate in place. The cards of /profilo below its stats hydrate in place once their code
 * arrives; on a phone, its 'Sicurezza' card asks the sign-in client for its data only once
 * scrolled to.
 */

import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { SCROLL_TO_STORY_END_SCRIPT } from "../src/shared/first-paint-scripts";
import { conversation, createTemplateViaApi, expectOnlyFirstPaintScripts, narrations, newEmail, signedInPlayer, rootOf, signInAdmin, watchProblems } from "./fixtures";

/** A player's game with turns played through the API: each action ends with the narrator's answer. */
async function playedGame(request: APIRequestContext, baseURL: string, genre: string, actions: string[]): Promise<string> {
  const headers = { origin: baseURL };
  const created = await request.post("/api/games", { headers, data: { genre } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const content of ["/inizia", ...actions]) {
    const turn = await request.post(`/api/games/${id}/messages`, { headers, data: { content } });
    expect(turn.status()).toBe(200);
    expect(await turn.text()).toContain("event: done");
  }
  return id;
}

/** A signed-in player in a context of their own, with one game of `actions`. */
async function playerWithGame(browser: Browser, baseURL: string, genre: string, actions: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedInPlayer(page);
  const gameId = await playedGame(context.request, baseURL, genre, actions);
  return { context, page, email, gameId, path: `/gioco/${genre}/${gameId}` };
}

test.describe.configure({ mode: "serial" });

test("the game page's latest turns, choices, command bar and counter are in the HTML before any script", async ({ browser, baseURL }) => {
  const player = await playerWithGame(browser, baseURL!, "fantasy", ["/A", "Apro la porta della torre"]);
  const game = (await (await player.context.request.get(`/api/games/${player.gameId}`)).json()) as { title: string; messages: { content: string }[] };

  const response = await player.context.request.get(player.path);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-cache");
  expect(response.headers()["vary"]).toContain("Cookie");
  const html = rootOf(await response.text());
  // The only inline scripts are the constant first-paint ones the CSP allows by hash.
  expect(html).toContain(`<script>${SCROLL_TO_STORY_END_SCRIPT}</script>`);
  expectOnlyFirstPaintScripts(html);

  // In a Chromium that runs no script, with the player's cookie.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await player.context.storageState() });
  const page = await noScript.newPage();
  await page.goto(player.path);
  await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
  await expect(page.getByText("Apro la porta della torre", { exact: true })).toBeVisible();
  // The latest narration with its three choices, as the page shows them ('A) …').
  const latest = game.messages.at(-1)!.content;
  const firstLine = latest.split("\n").find((line) => line.trim().length > 40)!.trim().slice(0, 40);
  await expect(page.getByText(firstLine, { exact: false })).toBeVisible();
  for (const letter of ["A)", "B)", "C)"]) await expect(page.getByText(letter, { exact: false }).last()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Scrivi la tua azione" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^\/A / })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Token rimanenti per oggi: \d+$/ })).toBeVisible();
  await noScript.close();

  // /profilo too: the player's games are listed in the HTML.
  const profile = await player.context.request.get("/profilo");
  expect(profile.headers()["cache-control"]).toBe("private, no-cache");
  const profileHtml = rootOf(await profile.text());
  expect(profileHtml).toContain(player.email);
  expect(profileHtml).toContain(game.title.replace(/'/g, "&#x27;"));
  await player.context.close();
});

test("two players asking at the same time each get only their own page; a visitor never gets a player's", async ({ browser, baseURL, playwright }) => {
  const mark = randomUUID().slice(0, 6);
  const alba = await playerWithGame(browser, baseURL!, "fantasy", [`Seguo la lanterna di Alba ${mark}`]);
  const bruno = await playerWithGame(browser, baseURL!, "horror", [`Scendo nella cripta di Bruno ${mark}`]);
  const visitor = await playwright.request.newContext({ baseURL });
  const albaText = `Seguo la lanterna di Alba ${mark}`;
  const brunoText = `Scendo nella cripta di Bruno ${mark}`;

  type Ask = { who: string; request: APIRequestContext; path: string; mine: string[]; notMine: string[] };
  const asks: Ask[] = [
    { who: "Alba, her game", request: alba.context.request, path: alba.path, mine: [albaText], notMine: [brunoText, bruno.email] },
    { who: "Bruno, his game", request: bruno.context.request, path: bruno.path, mine: [brunoText], notMine: [albaText, alba.email] },
    { who: "Bruno, Alba's game", request: bruno.context.request, path: alba.path, mine: [], notMine: [albaText, alba.email] },
    { who: "a visitor, Alba's game", request: visitor, path: alba.path, mine: [], notMine: [albaText, alba.email, brunoText, bruno.email] },
    { who: "Alba, /profilo", request: alba.context.request, path: "/profilo", mine: [alba.email], notMine: [bruno.email] },
    { who: "Bruno, /profilo", request: bruno.context.request, path: "/profilo", mine: [bruno.email], notMine: [alba.email] },
    { who: "a visitor, /profilo", request: visitor, path: "/profilo", mine: [], notMine: [alba.email, bruno.email] },
  ];
  // Eight rounds of every request at once: renders of different players overlap on the server.
  const rounds = await Promise.all(
    Array.from({ length: 8 }, () => Promise.all(asks.map(async (ask) => ({ ask, html: rootOf(await (await ask.request.get(ask.path)).text()) })))),
  );
  for (const { ask, html } of rounds.flat()) {
    for (const text of ask.mine) expect(html, `${ask.who}: ${text}`).toContain(text);
    for (const text of ask.notMine) expect(html, `${ask.who}: ${text}`).not.toContain(text);
  }
  await visitor.dispose();
  await alba.context.close();
  await bruno.context.close();
});

/** Opens each page and expects it to hydrate without a console error or an uncaught error. */
async function expectCleanHydration(context: BrowserContext, paths: string[], ready: (page: Page, path: string) => Promise<void>) {
  const page = await context.newPage();
  const problems = watchProblems(page);
  for (const path of paths) {
    await page.goto(path, { waitUntil: "networkidle" });
    await ready(page, path);
    expect(problems, path).toEqual([]);
  }
  await page.close();
}

test("every page the server renders hydrates without an error, for a visitor, a player and the admin", async ({ browser, baseURL, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const templateId = await createTemplateViaApi(admin, baseURL!, `Il molo delle nebbie ${randomUUID().slice(0, 6)}`);
  await admin.dispose();
  const publicPages = ["/", "/generi", "/scopri", "/galleria", "/prezzi", `/scopri/il-molo/${templateId}`];
  const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

  const visitor = await browser.newContext();
  await expectCleanHydration(visitor, publicPages, heading);
  // A game page asked by a visitor leads to the sign-in.
  await expectCleanHydration(visitor, [`/gioco/fantasy/${randomUUID()}`], (page) => expect(page).toHaveURL(/\/login\?next=/));
  await visitor.close();

  const player = await playerWithGame(browser, baseURL!, "fantasy", ["/B"]);
  await expectCleanHydration(player.context, [...publicPages, player.path, "/profilo"], async (page, path) => {
    await heading(page);
    if (path === player.path) await narrations(page, 2);
  });
  await player.context.close();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAdmin(adminPage);
  const adminGame = await playedGame(adminContext.request, baseURL!, "horror", ["/C"]);
  await expectCleanHydration(adminContext, [...publicPages, `/gioco/horror/${adminGame}`, "/profilo"], heading);
  await adminContext.close();
});

test("the token counter explains itself on a tap", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signedInPlayer(page, newEmail("tocco"));
  const gameId = await playedGame(context.request, baseURL!, "fantasy", []);
  await page.goto(`/gioco/fantasy/${gameId}`);
  await narrations(page, 1);
  await page.getByRole("button", { name: /^Token rimanenti per oggi: \d+$/ }).tap();
  await expect(page.getByRole("tooltip")).toHaveText("Token rimanenti per oggi");
  // A tap elsewhere closes it.
  await page.getByRole("heading", { level: 1 }).tap();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await context.close();
});

test("a long story opens at its end before the app runs; the app keeps the same rows and moves nothing", async ({ browser, baseURL }) => {
  const actions = Array.from({ length: 8 }, (_, turn) => `Proseguo con prudenza, passo ${turn + 1}`);
  const player = await playerWithGame(browser, baseURL!, "fantasy", actions);
  const game = (await (await player.context.request.get(`/api/games/${player.gameId}`)).json()) as { messages: { content: string }[] };
  // The story's last line, its last choice, as shown: without the marker the narrator wrote ('C)',
  // '3.', …) and without markdown's emphasis ('**Elara**' reads 'Elara').
  const latestLine = game.messages.at(-1)!.content.trim().split("\n").at(-1)!.trim().replace(/^\S{1,3}\s+/, "").replace(/[*_]/g, "").slice(0, 25);
  expect(latestLine.length).toBe(25);
  const storageState = await player.context.storageState();

  // Before the app: its scripts never arrive; only the page's inline script runs.
  const before = await browser.newContext({ storageState, viewport: { width: 390, height: 844 } });
  const waiting = await before.newPage();
  const problems = watchProblems(waiting);
  await waiting.route("**/assets/*.js", (route) => route.abort());
  await waiting.goto(player.path);
  // In the story (issue 39: the command bar shows the choice too).
  await expect(waiting.getByRole("region", { name: "Conversazione" }).getByText(latestLine, { exact: false })).toBeInViewport();
  await expect(waiting.getByRole("textbox", { name: "Scrivi la tua azione" })).toBeInViewport();
  expect(await waiting.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Its buttons would do nothing yet: they take no tap until the app has hydrated the page.
  expect(await waiting.getByRole("button", { name: /^\/A / }).evaluate((button) => getComputedStyle(button).pointerEvents)).toBe("none");
  expect(problems.filter((problem) => /Content Security Policy|Refused to execute/i.test(problem))).toEqual([]);
  await before.close();

  // With the app: the rows painted first are still the rows on screen once it runs, and it shifts
  // nothing. Counted from the end of parsing, when the app's scripts start: before that, a slow
  // machine may paint the streamed HTML halfway through an element (a header with half its
  // buttons), which is the parser's doing, not the app's.
  const after = await browser.newContext({ storageState, viewport: { width: 390, height: 844 } });
  const page = await after.newPage();
  await page.addInitScript(() => {
    const seen = window as unknown as { firstRows: Element[]; parsedAt: number; shifts: { value: number; startTime: number }[] };
    seen.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shifts.push({ value: entry.value, startTime: entry.startTime });
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      seen.parsedAt = performance.now();
      seen.firstRows = [...document.querySelectorAll("section[aria-label=Conversazione] ol > li")];
    });
  });
  await page.goto(player.path);
  await expect(page.getByRole("button", { name: /^\/A / })).toBeEnabled();
  await expect(page.locator("#root")).not.toHaveAttribute("data-hydrating");
  expect(await page.getByRole("button", { name: /^\/A / }).evaluate((button) => getComputedStyle(button).pointerEvents)).toBe("auto");
  await page.waitForLoadState("networkidle");
  const { rows, kept, shifts } = await page.evaluate(() => {
    const seen = window as unknown as { firstRows: Element[]; parsedAt: number; shifts: { value: number; startTime: number }[] };
    const byApp = seen.shifts.filter((shift) => shift.startTime >= seen.parsedAt).map((shift) => shift.value);
    return { rows: seen.firstRows.length, kept: seen.firstRows.filter((row) => row.isConnected).length, shifts: byApp };
  });
  expect(rows).toBeGreaterThan(5);
  expect(kept).toBe(rows);
  expect(shifts).toEqual([]);
  await expect(page.getByRole("region", { name: "Conversazione" }).getByText(latestLine, { exact: false })).toBeInViewport();
  await after.close();
  await player.context.close();
});

/** Whether React has hydrated the element (it keeps its fiber on the DOM node it took over). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));

test("the narrations stay the server's HTML without the markdown renderer until a narration needs it, then hydrate in place", async ({ browser, baseURL }) => {
  const player = await playerWithGame(browser, baseURL!, "fantasy", ["/A", "Apro la porta della torre"]);
  const page = await player.context.newPage();
  const problems = watchProblems(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/narration-markdown-[^/]*\.js$/.test(request.url())) asked.push(request.url());
  });
  await page.goto(player.path);
  const story = page.getByRole("region", { name: "Conversazione" });
  // The app runs (the command bar answers) and the page settles without ever fetching the renderer.
  await expect(page.getByRole("button", { name: /^\/A / })).toBeEnabled();
  await expect(page.locator("#root")).not.toHaveAttribute("data-hydrating");
  expect(await page.getByRole("button", { name: /^\/A / }).evaluate((button) => getComputedStyle(button).pointerEvents)).toBe("auto");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  // The narrator's emphasis and paragraphs are the server's: nothing fell back to plain text.
  const serverMarkup = await story.locator("li p").evaluateAll((paragraphs) => {
    (window as unknown as { serverParagraphs: Element[] }).serverParagraphs = paragraphs;
    return { paragraphs: paragraphs.length, emphasis: document.querySelectorAll("section[aria-label=Conversazione] li strong").length };
  });
  expect(serverMarkup.paragraphs).toBeGreaterThan(3);
  expect(serverMarkup.emphasis).toBeGreaterThan(0);
  expect(await story.locator("li p").first().evaluate(hydrated)).toBe(false);

  // A new turn's narration needs the renderer: it arrives, formats the narration being written,
  // and the server's narrations hydrate in place (the very paragraphs it sent, none replaced).
  const told = conversation(page).filter({ hasText: "C)" });
  const before = await told.count();
  await page.getByRole("button", { name: /^\/B / }).click();
  await expect(told).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: /^\/A / })).toBeEnabled();
  expect(asked).toHaveLength(1);
  // (As plain text it would be one paragraph, its markdown showing.)
  await expect(told.last()).not.toContainText("**");
  expect(await told.last().locator("p").count()).toBeGreaterThan(1);
  await expect.poll(() => story.locator("li p").first().evaluate(hydrated)).toBe(true);
  const kept = await page.evaluate(() => (window as unknown as { serverParagraphs: Element[] }).serverParagraphs.filter((p) => p.isConnected).length);
  expect(kept).toBe(serverMarkup.paragraphs);
  expect(await story.locator("li strong").count()).toBeGreaterThanOrEqual(serverMarkup.emphasis);
  expect(problems).toEqual([]);
  await player.context.close();
});

test("/profilo's cards below the stats paint from the server's HTML, disabled, and hydrate in place once their code arrives", async ({ browser, baseURL }) => {
  const player = await playerWithGame(browser, baseURL!, "fantasy", []);
  const page = await player.context.newPage();
  const problems = watchProblems(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/profile-sections-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/profilo");
  const heading = page.getByRole("heading", { level: 1, name: "Il mio profilo" });
  const nickname = page.getByLabel("Nickname");
  // The page runs (its heading is React's) while the cards, still the server's, wait for their code.
  await expect.poll(() => heading.evaluate(hydrated)).toBe(true);
  await expect(nickname).toBeVisible();
  await expect(page.getByText("Le mie partite", { exact: false }).first()).toBeVisible();
  expect(await nickname.evaluate(hydrated)).toBe(false);
  await nickname.evaluate((input) => ((window as unknown as { serverInput: Element }).serverInput = input));
  // A press there would be dropped by React: the buttons say they cannot answer yet.
  const edit = page.getByRole("button", { name: "Modifica", exact: true });
  const exportData = page.getByRole("button", { name: "Esporta", exact: true });
  await expect(edit).toBeDisabled();
  await expect(exportData).toBeDisabled();

  release();
  await expect.poll(() => nickname.evaluate(hydrated)).toBe(true);
  await expect(edit).toBeEnabled();
  await expect(exportData).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { serverInput: Element }).serverInput.isConnected)).toBe(true);
  // Hydrated, the card works: the nickname saves.
  await edit.click();
  await nickname.fill("Lettrice");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByText("Profilo aggiornato").first()).toBeVisible();
  expect(problems).toEqual([]);
  await player.context.close();
});

test("on a phone, /profilo asks the sign-in client for the 'Sicurezza' card only when the player gets to it", async ({ browser, baseURL }) => {
  const player = await playerWithGame(browser, baseURL!, "fantasy", []);
  const phone = await browser.newContext({ storageState: await player.context.storageState(), viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const problems = watchProblems(page);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/profilo", { waitUntil: "networkidle" });
  const card = page.locator("#sicurezza");
  await expect(card).not.toBeInViewport();
  expect(asked.filter((path) => /\/api\/auth\/(list-sessions|get-session)$|\/assets\/auth-client-/.test(path))).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText("Questo dispositivo", { exact: true })).toBeVisible();
  expect(asked).toContain("/api/auth/list-sessions");
  expect(problems).toEqual([]);
  await phone.close();
  await player.context.close();
});
