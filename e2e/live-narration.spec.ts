/**
 * Narration that survives the network (issue 11 §4) in a real Chromium: the player reloads the
 * page in the middle of a narration and sees it go on from where it was and end with its three
 * choices, charged once. The suite's server writes too fast to reload mid-way, so this spec runs
 * its own built server (dist-server) with a slow offline narrator on the next free port.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { outboxLink } from "../src/server/testing/outbox";
import { conversation, newEmail, PASSWORD } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3199) + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `e2e-artifacts/data-live-${PORT}`;
/** ~140 words a narration: about 8 s to write one. */
const WORD_DELAY_MS = "60";

let server: ChildProcess;

test.beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ["dist-server/index.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      DATA_DIR,
      DATABASE_URL: "",
      AI_BASE_URL: "",
      AUTH_RATE_LIMIT: "off",
      OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS,
      REQUIRE_ADMIN_2FA: "off",
    },
    stdio: "ignore",
  });
  await expect.poll(() => fetch(`${BASE}/api/health`).then((r) => r.ok, () => false), { timeout: 30_000 }).toBe(true);
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

test("a reload in the middle of a narration: it goes on in the same bubble and ends with its choices", async ({ page }) => {
  const email = newEmail("ricarica");
  const signUp = await page.request.post(`${BASE}/api/auth/sign-up/email`, { data: { email, password: PASSWORD, name: "e2e", acceptPrivacy: true, callbackURL: "/generi" } });
  expect(signUp.ok()).toBe(true);
  await expect.poll(() => outboxLink(DATA_DIR, email).then(() => true, () => false)).toBe(true);
  await page.goto(await outboxLink(DATA_DIR, email));
  await expect(page).toHaveURL(/\/generi$/);
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
  const me = await page.request.get(`${BASE}/api/me`);
  expect((await me.json()).tokens.messagesSent).toBe(1);
  const gameId = page.url().split("/").at(-1)!;
  const game = await (await page.request.get(`${BASE}/api/games/${gameId}`)).json();
  expect(game.liveNarration).toBeNull();
  expect(game.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
});
