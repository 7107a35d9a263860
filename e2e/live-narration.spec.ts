/**
 * Narration that survives the network (issue 11 §4) in a real Chromium: the player reloads the
 * page in the middle of a narration and sees it go on from where it was and end with its three
 * choices, charged once. The suite's server writes too fast to reload mid-way, so this spec runs
 * its own built server (extra-server.ts) with a slow offline narrator.
 */

import { expect, test } from "@playwright/test";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { conversation } from "./fixtures";

/** ~140 words a narration: about 8 s to write one. */
const WORD_DELAY_MS = "60";

let server: ExtraServer;

test.beforeAll(async () => {
  server = await startExtraServer({ OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS });
});

test.afterAll(() => server.stop());

test("a reload in the middle of a narration: it goes on in the same bubble and ends with its choices", async ({ page }) => {
  await server.signUp(page);
  await page.getByRole("button", { name: /Horror/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();

  // Some words in, the player reloads.
  const writing = conversation(page).and(page.locator('[aria-busy="true"]'));
  await expect.poll(async () => (await writing.innerText().catch(() => "")).split(/\s+/).length, { timeout: 20_000 }).toBeGreaterThan(12);
  const before = (await writing.innerText()).trim();
  await page.reload();

  // The page opens on the narration still being written, with what was there, and follows it.
  await expect(writing).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await expect.poll(async () => (await writing.innerText().catch(() => "")).trim().length).toBeGreaterThan(before.length);
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
  await expect(writing).toHaveCount(0);
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
  const narration = (await conversation(page).filter({ hasText: "C)" }).innerText()).trim();
  expect(narration.startsWith(before.slice(0, 40))).toBe(true);

  // One narration, charged once; nothing left running.
  const me = await page.request.get(`${server.base}/api/me`);
  expect((await me.json()).tokens.messagesSent).toBe(1);
  const gameId = page.url().split("/").at(-1)!;
  const game = await (await page.request.get(`${server.base}/api/games/${gameId}`)).json();
  expect(game.liveNarration).toBeNull();
  expect(game.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
});
