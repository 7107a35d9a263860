/** What the group stories' e2e specs share: their players, the end of a turn, the message box and the players' list. */

import { type Browser, expect, type Page } from "@playwright/test";
import type { ExtraServer } from "./extra-server";

/** A new player of `server` in a browser context of their own, signed up, cookies refused, with `nickname` on their profile. */
export async function newPlayer(browser: Browser, server: ExtraServer, nickname: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await server.signUp(page);
  await page.getByRole("button", { name: "Rifiuta" }).click();
  const saved = await page.request.put("/api/profile", { data: { nickname, firstName: "", lastName: "" }, headers: { origin: server.base } });
  expect(saved.ok()).toBe(true);
  return page;
}

/**
 * Waits until the story on `page` ends with the player's message `playerText` and the narration
 * answering it, written to its end (its three lettered choices). The story is virtualised: only
 * its latest rows are on the page, so the end is read rather than the rows counted.
 */
export async function narratedAfter(page: Page, playerText: string): Promise<void> {
  const end = () =>
    page.getByRole("region", { name: "Conversazione" }).evaluate((region) => {
      const [player, narration] = [...region.querySelectorAll("li:not([aria-hidden])")].slice(-2);
      const finished = narration && narration.getAttribute("aria-busy") !== "true" && /C\)/.test(narration.textContent ?? "");
      return finished ? (player?.querySelector("p")?.textContent ?? null) : null;
    });
  await expect.poll(end, { timeout: 30_000 }).toBe(playerText);
}
/** The game page's message box. */
export const messageBox = (page: Page) => page.getByLabel("Scrivi la tua azione");
/** The players listed on a group story's page. */
export const playersOf = (page: Page) => page.getByRole("list", { name: "Elenco dei giocatori" }).getByRole("listitem");
