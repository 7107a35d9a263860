/**
 * Operable in production, as a player and an operator see it (issue 20), in Chromium against the
 * built server pointed at a fake OpenAI-compatible provider:
 * - a provider that answers 429 (Retry-After: 2) before the first word: the player reads "Il
 *   narratore ci sta pensando…", then the narration arrives;
 * - the admin's 'Utilizzo AI' shows the turn's tokens per day and model and the daily budget,
 *   and the dashboard shows the budget card.
 */

import { expect, test } from "@playwright/test";
import { type FakeOpenAI, startFakeOpenAI } from "../src/server/testing/fake-openai";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { ADMIN, conversation, expectAccessible, screenshots, signInAdmin } from "./fixtures";

test.describe("with a busy AI provider", () => {
  let fake: FakeOpenAI;
  let server: ExtraServer;

  test.beforeAll(async () => {
    fake = await startFakeOpenAI({ tokensPerSecond: 25 });
    server = await startExtraServer({
      AI_BASE_URL: fake.url,
      AI_MODEL: "modello-e2e",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AI_DAILY_TOKEN_BUDGET: "1000000",
      AI_PRICE_INPUT: "2.5",
      AI_PRICE_OUTPUT: "10",
    });
  });
  test.afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  test("the player reads 'Il narratore ci sta pensando…' while the provider is busy, then the narration", async ({ page }) => {
    await server.signUp(page);
    await page.goto(`${server.base}/gioco/horror/new`);
    await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
    fake.failNext({ mode: "error429", retryAfter: "2" });
    await page.getByRole("button", { name: "/inizia" }).click();
    await expect(page.getByText("Il narratore ci sta pensando…")).toBeVisible();
    await screenshots(page, "narrator-thinking", { fullPage: false });
    await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByText("Il narratore ci sta pensando…")).toHaveCount(0);
    expect(fake.answered.slice(-2)).toEqual(["error429", "ok"]);
  });

  test("'Utilizzo AI' shows the tokens per day and model, their cost and the daily budget", async ({ page }) => {
    await signInAdmin(page, server.base);
    // A turn of the admin's own, so the report has a row whatever ran before.
    const headers = { origin: server.base };
    const game = await page.request.post(`${server.base}/api/games`, { data: { genre: "fantasy" }, headers });
    const turn = await page.request.post(`${server.base}/api/games/${(await game.json()).id}/messages`, { data: { content: "/inizia" }, headers });
    expect(await turn.text()).toContain("event: done");
    await page.goto(`${server.base}/admin`);
    await expect(page.getByRole("heading", { name: "Budget giornaliero AI" })).toBeVisible();
    await expect(page.getByText("token oggi su 1.000.000")).toBeVisible();
    await page.getByRole("navigation", { name: "Menu amministrazione" }).getByRole("link", { name: "Utilizzo AI" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Utilizzo AI" })).toBeVisible();
    const byDay = page.getByRole("region", { name: "Token per giorno e modello" });
    await expect(byDay.getByRole("cell", { name: "modello-e2e" }).first()).toBeVisible();
    await expect(byDay.getByRole("cell", { name: /^€ / }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "admin-usage");
  });
});
