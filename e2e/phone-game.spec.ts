/**
 * Playing on a phone (issue 39, "At 390 px the three choices are readable and tappable in the
 * command bar, the story header is one line, no footer under the input"), in a real Chromium at
 * 390 × 844 with the offline narrator.
 */

import { expect, type Page, test } from "@playwright/test";
import { extractChoices } from "../src/shared/choices";
import { narrations, signedInPlayer } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** The id of the game the page shows (/gioco/{genre}/{id}). */
const gameIdOf = (page: Page): string => new URL(page.url()).pathname.split("/").at(-1)!;

/** The latest narration's three choices, as the server stored them (GET /api/games/:id). */
async function storedChoices(page: Page): Promise<string[]> {
  const response = await page.request.get(`/api/games/${gameIdOf(page)}`);
  expect(response.ok()).toBe(true);
  const game = (await response.json()) as { messages: { role: string; content: string }[] };
  const choices = extractChoices(game.messages.at(-1)!.content);
  return [choices.A!, choices.B!, choices.C!];
}

test("on a phone the choices are on the buttons, the header is one line with its menu, and no footer is under the input", async ({ page }) => {
  await signedInPlayer(page);
  await page.getByRole("button", { name: "Accetta" }).click();
  // Every other page keeps the site's footer.
  await expect(page.getByRole("contentinfo")).toBeVisible();

  await page.getByRole("button", { name: /Horror/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("button", { name: "/inizia" })).toBeEnabled();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // The story's header is one line: title, tokens and the menu; its actions wait in the menu.
  const header = page.locator("main header");
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThan(64);
  await expect(header.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(header.getByLabel(/Token rimanenti per oggi/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mappa delle scelte" })).toBeHidden();

  // Before the story starts the letters are plain.
  await expect(page.getByRole("button", { name: "/A", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);

  // The three buttons show the narration's choices, where the thumb is, without scrolling up.
  const first = await storedChoices(page);
  for (const [i, letter] of ["A", "B", "C"].entries()) {
    const button = page.getByRole("button", { name: `/${letter} ${first[i]}` });
    await expect(button).toBeInViewport({ ratio: 1 });
    await expect(button).toContainText(first[i]!.slice(0, 20));
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  // One per row, the whole width of the bar.
  const [a, b] = [(await page.getByRole("button", { name: "/A" }).boundingBox())!, (await page.getByRole("button", { name: "/B" }).boundingBox())!];
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
  expect(a.width).toBeGreaterThan(300);
  // The other commands and the message box stay at hand.
  for (const name of ["/visualizza", "Continua", "/nuovo"]) await expect(page.getByRole("button", { name })).toBeInViewport();
  await expect(page.getByLabel("Scrivi la tua azione")).toBeInViewport();

  // Tapping a choice sends it: the player's message is '/B' and a new narration follows.
  await page.getByRole("button", { name: `/B ${first[1]}` }).click();
  await narrations(page, 2);
  await expect(page.getByRole("region", { name: "Conversazione" }).getByText("/B", { exact: true })).toHaveCount(1);
  const second = await storedChoices(page);
  await expect(page.getByRole("button", { name: `/A ${second[0]}` })).toBeInViewport({ ratio: 1 });
  await page.getByRole("button", { name: "/C" }).click();
  await narrations(page, 3);

  // Opened again, the page takes itself to the end of the story (past more rows than the server
  // renders, so the app scrolls it too): that is not the player scrolling, and the line stays in view.
  const headers = { origin: new URL(page.url()).origin };
  for (const content of ["/A", "/B"]) {
    const turn = await page.request.post(`/api/games/${gameIdOf(page)}/messages`, { data: { content }, headers });
    expect(turn.ok()).toBe(true);
    await turn.body();
  }
  await page.reload();
  // The virtualiser took over (its two spacers), then its scroll and the header's 200 ms slide had time to happen.
  await expect(page.getByRole("region", { name: "Conversazione" }).locator("ol > li[aria-hidden]")).toHaveCount(2);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)));
  expect(await header.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(64);
  await expect(header).toBeInViewport({ ratio: 1 });

  // The menu holds the story's actions; 'Mappa delle scelte' opens the map.
  const menu = page.getByRole("button", { name: "Menu della storia" });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(header).toBeInViewport();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Mappa delle scelte", "Memoria", "Condividi", "Esporta", "Gioca insieme", "Stile"]) {
    await expect(page.getByRole("button", { name }).first()).toBeVisible();
  }
  await expect(header.getByText(/^Progresso della storia: \d+%$/)).toBeVisible();
  await page.screenshot({ path: "e2e-artifacts/screenshots/phone-game-menu.png" });
  await page.getByRole("button", { name: "Mappa delle scelte" }).click();
  await expect(page.getByRole("dialog", { name: "Mappa delle scelte" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Mappa delle scelte" })).toBeHidden();
  // Escape in the menu, then a tap on the story, close it.
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: "Mappa delle scelte" })).toBeHidden();
  await menu.click();
  await expect(page.getByRole("button", { name: "Memoria" })).toBeVisible();
  await page.mouse.click(5, 500);
  await expect(page.getByRole("button", { name: "Memoria" })).toBeHidden();

  // Scrolling down the story hides the line; scrolling up brings it back.
  const top = () => header.evaluate((element) => element.getBoundingClientRect().top);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.mouse.move(195, 400);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => top().then((y) => y + box.height)).toBeLessThanOrEqual(0);
  await expect(header).not.toBeInViewport();
  await page.mouse.wheel(0, -200);
  await expect.poll(top).toBeGreaterThanOrEqual(64);
  await expect(header).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: "e2e-artifacts/screenshots/phone-game-header.png" });
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await page.screenshot({ path: "e2e-artifacts/screenshots/phone-game.png" });

  // On a desktop the header is the whole card again, its actions in view, the choices in a row.
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect(page.getByRole("button", { name: "Menu della storia" })).toBeHidden();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(page.getByRole("button", { name: "Mappa delle scelte" })).toBeVisible();
  await expect(header.getByRole("progressbar")).toBeVisible();
  await page.screenshot({ path: "e2e-artifacts/screenshots/phone-game-desktop-top.png" });
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  const [da, db] = [(await page.getByRole("button", { name: "/A" }).boundingBox())!, (await page.getByRole("button", { name: "/B" }).boundingBox())!];
  expect(db.y).toBe(da.y);
  await page.screenshot({ path: "e2e-artifacts/screenshots/phone-game-desktop.png" });

  // Back on another page the footer is there again.
  await page.goto("/generi");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});
