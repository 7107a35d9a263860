/**
 * The player's saved templates in a real Chromium (issue 13 Saved templates): a player saves two
 * templates, finds them newest first under 'Salvati' on /scopri (kept in the address across a
 * reload) and under 'I miei preferiti' on /profilo, un-saves one on its page and it leaves both
 * lists without a reload (the cached list is invalidated), plays the other with 'Gioca', and
 * sees the empty state once nothing is saved. Visitors are not offered the filter. axe finds no
 * serious or critical violation; phone and desktop screenshots of both lists.
 */

import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { conversation, createTemplateViaApi, expectAccessible, screenshots, signedInPlayer, TEMPLATE_OPENING } from "./fixtures";

/** Titles of the cards in the 'Salvati' list of /scopri, in order. */
const savedOnDiscover = (page: Page) => page.getByRole("list", { name: "Template salvati" }).getByRole("heading", { level: 2 });
/** Titles in 'I miei preferiti' on /profilo, in order. */
const savedOnProfile = (page: Page) => page.getByRole("list", { name: "I miei preferiti" }).getByRole("heading", { level: 3 });

test("a player saves two templates, finds them newest first on /scopri 'Salvati' and /profilo, un-saves one and plays the other", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const first = `Il pozzo dei desideri ${suffix}`;
  const second = `La città sommersa ${suffix}`;
  // One admin request context per template: createTemplateViaApi signs in each time.
  const [firstId, secondId] = await Promise.all(
    [first, second].map(async (title) => {
      const request = await playwright.request.newContext({ baseURL });
      const id = await createTemplateViaApi(request, baseURL!, title);
      await request.dispose();
      return id;
    }),
  );

  await signedInPlayer(page);
  await page.goto(`/scopri/x/${firstId}`);
  // The cookie banner would cover the lists in the screenshots.
  await page.getByRole("button", { name: "Rifiuta" }).click();
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByRole("button", { name: "Salvato" })).toHaveAttribute("aria-pressed", "true");

  // 'Salvati' on /scopri (reached inside the app): the one saved so far, and the address says so.
  await page.getByRole("link", { name: "Tutti i template" }).click();
  const filter = page.getByRole("group", { name: "Filtra le storie" });
  await expect(filter.getByRole("button", { name: "Tutte" })).toHaveAttribute("aria-pressed", "true");
  await filter.getByRole("button", { name: "Salvati" }).click();
  await expect(page).toHaveURL(/\/scopri\?filtro=salvati$/);
  await expect(savedOnDiscover(page)).toHaveText([first]);

  // Saving a second one inside the app refreshes the cached list: newest saved first.
  await filter.getByRole("button", { name: "Tutte" }).click();
  await expect(page).toHaveURL(/\/scopri$/);
  await page.getByRole("list", { name: "Template" }).getByRole("link", { name: second, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByRole("button", { name: "Salvato" })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/scopri\?filtro=salvati$/);
  await expect(savedOnDiscover(page)).toHaveText([second, first]);

  // The filter survives a reload; each card still leads to its template with 'Gioca'.
  await page.reload();
  await expect(filter.getByRole("button", { name: "Salvati" })).toHaveAttribute("aria-pressed", "true");
  await expect(savedOnDiscover(page)).toHaveText([second, first]);
  await expect(page.getByRole("link", { name: `Gioca: ${first}` })).toHaveAttribute("href", new RegExp(`/${firstId}$`));
  await expectAccessible(page);
  await screenshots(page, "saved-templates-discover");

  // 'I miei preferiti' on /profilo: the same two, newest first, each with its genre.
  await page.goto("/profilo");
  const favorites = page.getByRole("list", { name: "I miei preferiti" });
  await expect(savedOnProfile(page)).toHaveText([second, first]);
  await expect(favorites.getByRole("listitem").first()).toContainText("Avventura");
  await expectAccessible(page);
  await screenshots(page, "saved-templates-profile");

  // Un-saving on the template page drops it from the list without a reload.
  await favorites.getByRole("link", { name: second, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${secondId}$`));
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  await page.getByRole("button", { name: "Salvato" }).click();
  await expect(page.getByRole("button", { name: "Salva", exact: true })).toHaveAttribute("aria-pressed", "false");
  await page.goBack();
  await expect(page).toHaveURL(/\/profilo$/);
  await expect(savedOnProfile(page)).toHaveText([first]);
  await page.goto("/scopri?filtro=salvati");
  await expect(savedOnDiscover(page)).toHaveText([first]);

  // 'Gioca' from the profile starts the template like its page's 'Gioca Ora': a new game, the opening first.
  await page.goto("/profilo");
  await page.getByRole("button", { name: `Gioca: ${first}` }).click();
  await expect(page).toHaveURL(/\/gioco\/avventura\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();
  await expect(conversation(page).first()).toContainText(TEMPLATE_OPENING.slice(0, 50));

  // Nothing saved: both lists explain it and point to /scopri.
  await page.goto(`/scopri/x/${firstId}`);
  await page.getByRole("button", { name: "Salvato" }).click();
  await expect(page.getByRole("button", { name: "Salva", exact: true })).toHaveAttribute("aria-pressed", "false");
  await page.goto("/scopri?filtro=salvati");
  await expect(page.getByText("Non hai ancora salvato nessuna storia.")).toBeVisible();
  await page.getByRole("link", { name: "Esplora le storie" }).click();
  await expect(page).toHaveURL(/\/scopri$/);
  await expect(page.getByRole("list", { name: "Template" })).toBeVisible();
  await page.goto("/profilo");
  await expect(page.getByText("Non hai ancora salvato nessuna storia.")).toBeVisible();

  // A visitor is not offered 'Salvati', and the address alone shows every template.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/scopri?filtro=salvati");
  await expect(visitorPage.getByRole("list", { name: "Template" })).toBeVisible();
  await expect(visitorPage.getByRole("group", { name: "Filtra le storie" })).toHaveCount(0);
  await visitor.close();
});
