/**
 * Player controls (issue 38 §4) in Chromium at a phone's width (390 px), against the built server
 * pointed at a fake OpenAI-compatible provider: the story's 'Stile' menu sets 'Lunghezza' and
 * 'Creatività', 'Continua' goes on without a choice, and the provider's request carries the
 * temperature, the token limit and the length instruction; the story shows '(Continua)' and the
 * memory viewer's prompt shows the style. Screenshots of the menu, the command bar and the story
 * after 'Continua' at phone and desktop size.
 */

import { expect, test } from "@playwright/test";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../src/server/testing/fake-openai";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { conversation, expectAccessible, narrations, screenshots } from "./fixtures";

test.describe("with a fake AI provider", () => {
  let fake: FakeOpenAI;
  let server: ExtraServer;

  test.beforeAll(async () => {
    fake = await startFakeOpenAI({ text: FAKE_REPLY });
    server = await startExtraServer({ AI_BASE_URL: fake.url, AI_MODEL: "modello-e2e" });
  });
  test.afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  test("at 390 px the player sets Lunghezza and Creatività, presses 'Continua', and the provider gets them", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await server.signUp(page);
    await page.goto(`${server.base}/gioco/fantasy/new`);
    await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
    // The cookie banner would cover the command bar in the screenshots.
    await page.getByRole("button", { name: "Accetta" }).click();
    await page.getByRole("button", { name: "/inizia" }).click();
    await narrations(page, 1);
    // Fantasy's genre prompt: temperature 0.9, 1024 tokens.
    expect(fake.requests.at(-1)).toMatchObject({ temperature: 0.9, max_tokens: 1024 });

    // At 390 px the story's actions are in the header's menu (issue 39).
    await page.getByRole("button", { name: "Menu della storia" }).click();
    await page.getByRole("button", { name: "Stile" }).click();
    await page.getByRole("menuitemradio", { name: "Breve" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Breve" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("menuitemradio", { name: "Audace" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Audace" })).toHaveAttribute("aria-checked", "true");
    await expectAccessible(page);
    await screenshots(page, "story-style-menu", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    // The menu button closes the story's menu.
    await page.getByRole("button", { name: "Menu della storia" }).click();
    await expect(page.getByRole("button", { name: "Stile" })).toBeHidden();

    const continua = page.getByRole("group", { name: "Comandi" }).getByRole("button", { name: "Continua" });
    await expect(continua).toBeInViewport({ ratio: 1 });
    await screenshots(page, "continue-button", { fullPage: false });
    await continua.click();
    await narrations(page, 2);
    await expect(conversation(page).getByText("(Continua)")).toBeVisible();
    await screenshots(page, "continue-marker", { fullPage: false });

    const request = fake.requests.at(-1);
    expect(request.temperature).toBeCloseTo(1.2, 5);
    expect(request.max_tokens).toBe(512);
    expect(request.messages[0].content).toContain("Lunghezza dei turni: breve.");
    expect(request.messages.at(-1).content).toContain("Continua la scena da dove si è interrotta");

    // The memory viewer's prompt shows what the provider got.
    await page.getByRole("button", { name: "Menu della storia" }).click();
    await page.getByRole("button", { name: "Memoria" }).click();
    await page.getByRole("tab", { name: "Cosa ricorda il narratore" }).click();
    const style = page.getByRole("group", { name: "Stile della storia" });
    await expect(style).toContainText("Lunghezza: Breve · Creatività: Audace");
    await expect(style).toContainText("Temperatura 1,2 · al massimo 512 token per risposta");
    await expect(style).toContainText("Lunghezza dei turni: breve.");
  });
});
