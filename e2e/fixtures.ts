/**
 * End-to-end helpers: players created through the real UI/API, the confirmation link read from
 * the server's outbox, accessibility scans with axe-core, and screenshots kept as artifacts.
 */

import { FIRST_PAINT_SCRIPTS } from "../src/shared/first-paint-scripts";
import { randomUUID } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import Database from "../src/server/platform/db/sqlite-driver";
import { E2E_DATA_DIR } from "../playwright.config";
import { outboxLink } from "../src/server/testing/outbox";

export const PASSWORD = "password-e2e-sicura";

/** The admin the e2e server seeds (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = { email: "admin-e2e@example.com", password: "password-admin-e2e" };

/** The messages of the game chat (the 'Conversazione' region), one list item per bubble. */
export const conversation = (page: Page) => page.getByRole("region", { name: "Conversazione" }).getByRole("listitem");

/** Waits until the narrator is done with the `count`-th narration (its choices are there and '/A' is enabled). */
export async function narrations(page: Page, count: number): Promise<void> {
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(count, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
}

/**
 * Signs in as the seeded admin through the API: a page (its context's cookies) or a standalone
 * request context. base: the server's origin, '' for the default one.
 */
export async function signInAdmin(target: Page | APIRequestContext, base = ""): Promise<void> {
  const request = "request" in target ? target.request : target;
  const response = await request.post(`${base}/api/auth/sign-in/email`, { data: ADMIN });
  expect(response.ok()).toBe(true);
}

/** The opening (first narrator message) of the templates createTemplateViaApi makes. */
export const TEMPLATE_OPENING = "La nebbia si apre e la nave fantasma attracca al molo, senza equipaggio.";

/**
 * Creates an 'Avventura' template through the admin API, in its own request context so the page
 * stays a visitor or player. Its opening: TEMPLATE_OPENING. Output: the template id.
 */
export async function createTemplateViaApi(request: APIRequestContext, baseURL: string, title: string): Promise<string> {
  await signInAdmin(request);
  const created = await request.post("/api/admin/templates", {
    headers: { origin: baseURL },
    data: {
      title,
      description: "Una nave fantasma torna in porto ogni cento anni.",
      genre: "Avventura",
      initial_prompt: TEMPLATE_OPENING,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export function newEmail(prefix = "giocatore"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The confirmation link the server wrote for `email` (path + query, relative to the site). */
export async function confirmationPath(email: string): Promise<string> {
  await expect.poll(() => outboxLink(E2E_DATA_DIR, email).then(() => true, () => false)).toBe(true);
  const url = new URL(await outboxLink(E2E_DATA_DIR, email));
  return url.pathname + url.search;
}

/** Registers and confirms a player through the API (fast path for tests that are not about sign-up). */
export async function signedInPlayer(page: Page, email = newEmail()): Promise<string> {
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "e2e", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" },
  });
  expect(signUp.ok()).toBe(true);
  await page.goto(await confirmationPath(email));
  await expect(page).toHaveURL(/\/generi$/);
  return email;
}

/** Fails on any serious or critical axe violation of the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Scan a settled page: a toast or dialog fading in or out is half transparent for a moment, and
  // a toast follows the answer of a request (its outlet loads with the first one).
  await page.waitForLoadState("networkidle");
  // A sonner toast is transparent until mounted, and fades in through a transition that starts a
  // frame later: scan once every toast is fully opaque.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity) &&
      [...document.querySelectorAll("[data-sonner-toast]")].every((t) => getComputedStyle(t).opacity === "1"),
  );
  let bad = await seriousViolations(page);
  // A toast that began to fade out while axe read it (its 4 s ran out during the scan): once every
  // toast has gone, the page is scanned again; a violation anywhere else fails at once.
  const targets = bad.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
  const transient = await page.evaluate(
    (selectors) => selectors.every((s) => !document.querySelector(s) || document.querySelector(s)!.closest("[data-sonner-toaster]")),
    targets,
  );
  if (targets.length > 0 && transient) {
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    bad = await seriousViolations(page);
  }
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** The serious and critical axe violations of the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * Saves phone-sized (390×844) and desktop-sized (1440×900) screenshots as test artifacts: the
 * whole page, or only the window (`fullPage: false`) where a virtualised list draws only the
 * rows near the view and a full-page capture would show its empty spacers.
 */
export async function screenshots(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1440, height: 900 }]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/${name}-${label}.png`, fullPage });
  }
  if (original) await page.setViewportSize(original);
}

/** Moves a player to a plan, as an operator would (spec §9 limits). */
export function setPlan(email: string, plan: "premium" | "base") {
  const db = new Database(path.join(E2E_DATA_DIR, "storie.sqlite"));
  try {
    const limits = db.prepare("select message_limit, visualize_limit from plans where id = ?").get(plan) as { message_limit: number; visualize_limit: number };
    db.prepare("update user_tokens set model = ?, message_limit = ?, visualize_limit = ? where user_id = (select id from user where email = ?)").run(
      plan,
      limits.message_limit,
      limits.visualize_limit,
      email,
    );
  } finally {
    db.close();
  }
}

/** Leaves a player `left` messages for today, as if they had played the rest (spec §9 daily limit). */
export function setMessagesLeft(email: string, left: number) {
  const db = new Database(path.join(E2E_DATA_DIR, "storie.sqlite"));
  try {
    db.prepare("update user_tokens set messages_sent = message_limit - ? where user_id = (select id from user where email = ?)").run(left, email);
  } finally {
    db.close();
  }
}

/**
 * A scene image made through the API by the page's signed-in player (e-mail `email`), moved to
 * the premium plan: a Western game, '/inizia', then /visualizza. Output: the image's id and title.
 */
export async function createImageViaApi(page: Page, email: string): Promise<{ id: string; title: string }> {
  setPlan(email, "premium");
  const headers = { origin: new URL(page.url()).origin };
  const game = await (await page.request.post("/api/games", { data: { genre: "western" }, headers })).json();
  expect((await page.request.post(`/api/games/${game.id}/messages`, { data: { content: "/inizia" }, headers })).ok()).toBe(true);
  const made = await page.request.post(`/api/games/${game.id}/images`, { headers });
  expect(made.status()).toBe(201);
  return (await made.json()).image;
}

/** Problems a page reports while it loads and hydrates: console errors and uncaught errors (React 19 logs hydration mismatches as errors). */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * Fails unless every inline script of `html` is one of the constant first-paint scripts the CSP
 * allows by hash (issue 21): no part left for a React reveal script, nothing else inline.
 */
export function expectOnlyFirstPaintScripts(html: string, where = ""): void {
  for (const [, script] of html.matchAll(/<script>([^<]*)<\/script>/g)) expect(FIRST_PAINT_SCRIPTS, where).toContain(script);
  expect(html, where).not.toContain("<template");
}

/** The part of a page's HTML inside #root (the head repeats titles in its meta tags). */
export const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'));
