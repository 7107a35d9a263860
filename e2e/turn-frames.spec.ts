/**
 * A turn never freezes the page (issue 39 "A turn that never freezes"): a newcomer plays many turns
 * to their end with the offline storyteller (the buttons and free text, as the report),
 * at 1280 × 860 and at 390 × 844, while the page records the gap between its animation frames.
 * Every narration must end on screen ('Stop' gives way to 'Invia') and no frame may take over a
 * second: the report's freeze stopped requestAnimationFrame for more than 60 s at the end of a
 * free-text narration.
 */

import { expect, type Page, test } from "@playwright/test";
import { conversation, signedInPlayer } from "./fixtures";

/** Longest gap (ms) allowed between two animation frames. */
const FRAME_LIMIT_MS = 1_000;
/** What the player sends, turn after turn: the report's sequence, then more of the same. */
const TURNS = ["/inizia", "/A", "Apro lentamente la porta della cappella", "/B", "Cerco una candela sull'altare e la accendo", "/C", "Chiamo a voce alta il custode", "/A"];

/** Records the longest gap between animation frames since the last reset, in window.__frames. */
async function watchFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames = { last: 0, longest: 0 };
    (window as unknown as { __frames: typeof frames }).__frames = frames;
    const tick = (now: number) => {
      if (frames.last) frames.longest = Math.max(frames.longest, now - frames.last);
      frames.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The longest frame gap since the previous call (ms), and resets it. */
async function longestFrame(page: Page): Promise<number> {
  return await page.evaluate(() => {
    const frames = (window as unknown as { __frames: { last: number; longest: number } }).__frames;
    const longest = Math.max(frames.longest, performance.now() - frames.last);
    frames.longest = 0;
    return longest;
  });
}

/** The data-index of the story's last row on the page (rows are virtualised: only those near the view are there), -1 before the first turn. */
async function lastRowIndex(page: Page): Promise<number> {
  const rows = page.locator("section[aria-label=Conversazione] li[data-index]");
  return (await rows.count()) === 0 ? -1 : Number(await rows.last().getAttribute("data-index"));
}

/** Sends one turn (a button or free text) and waits for its narration to end on screen. */
async function playTurn(page: Page, content: string): Promise<void> {
  const before = await lastRowIndex(page);
  if (content.startsWith("/")) {
    await page.getByRole("button", { name: content }).first().click();
  } else {
    const box = page.getByRole("textbox", { name: "Scrivi la tua azione" });
    await box.fill(content);
    await box.press("Enter");
  }
  // The narration ends on screen: the player's message and the narration are the last two rows,
  // the narration with its three choices, and 'Stop' is gone.
  await expect.poll(() => lastRowIndex(page), { timeout: 30_000 }).toBe(before + 2);
  await expect(conversation(page).last()).toContainText("C)", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Invia" })).toBeVisible();
}

for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
  test(`${TURNS.length} turns at ${size.width} px end on screen with no frame over a second`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await watchFrames(page);
    await signedInPlayer(page);
    await page.goto("/generi");
    await page.getByRole("button", { name: /Horror/ }).click();
    await page.getByRole("button", { name: "Inizia la Storia" }).click();
    await expect(page.getByRole("button", { name: "/inizia" })).toBeEnabled();
    await longestFrame(page);
    for (const [index, content] of TURNS.entries()) {
      await playTurn(page, content);
      expect(await longestFrame(page), `the longest frame of turn ${index + 1} ('${content}')`).toBeLessThan(FRAME_LIMIT_MS);
    }
  });
}
