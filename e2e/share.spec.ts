/**
 * The public reading page of a shared story (issue 13, "A public reading page") in a real
 * Chromium with the offline narrator and illustrator: a premium player plays two turns and a
 * scene image, shares the story with 'Condividi' (listed in the gallery); a visitor in another
 * browser context reads it with JavaScript off (the text, the choice, the figure and the call to
 * action are in the server's HTML), and with JavaScript on runs axe and takes phone and desktop
 * screenshots; the story is in 'Storie condivise'. The owner revokes the link and the visitor gets
 * 'Storia non trovata' (404). Shared again, an admin removes it from /admin/shares and the owner's
 * dialog says it was removed.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, narrations, screenshots, setPlan, signedInPlayer } from "./fixtures";

/** Opens 'Condividi' on the game page. */
async function openShare(page: Page) {
  await page.getByRole("button", { name: "Condividi", exact: true }).click();
  return page.getByRole("dialog", { name: "Condividi la storia" });
}

/** Quotes and apostrophes as plain characters, spaces collapsed (the page sets Italian typography). */
const plain = (text: string) => text.replace(/[’‘']/g, "'").replace(/[«»“”"]/g, '"').replace(/\s+/g, " ").trim();

/** A fresh browser context with no session, optionally with JavaScript off. */
async function visitorPage(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, locale: "it-IT", javaScriptEnabled });
  return context.newPage();
}

test("a player shares a story, a visitor reads it, the owner revokes it, an admin takes it down", async ({ page, browser, baseURL }) => {
  const email = await signedInPlayer(page);
  setPlan(email, "premium");

  await page.goto("/gioco/fantasy/new");
  await page.getByRole("button", { name: "Accetta" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  await page.getByRole("button", { name: /^\/visualizza/ }).click();
  const picture = page.getByRole("img", { name: /^Immagine della scena: / });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const pictureTitle = (await picture.getAttribute("alt"))!.replace("Immagine della scena: ", "");
  await page.getByRole("button", { name: "/A" }).click();
  await narrations(page, 2);
  // The first words of the opening narration, as stored.
  const gameId = new URL(page.url()).pathname.split("/").at(-1)!;
  const game = (await (await page.request.get(`/api/games/${gameId}`)).json()) as { messages: { role: string; content: string; image: unknown }[] };
  const firstNarration = game.messages.find((m) => m.role === "assistant")!.content;
  const opening = plain(firstNarration.split("\n")[0]!).split(" ").slice(0, 6).join(" ");

  // 'Condividi': listed in the gallery, then the link.
  let dialog = await openShare(page);
  await dialog.getByLabel("Mostra nella galleria").check();
  await dialog.getByRole("button", { name: "Crea link" }).click();
  const linkField = dialog.getByLabel("Link della storia");
  await expect(linkField).toHaveValue(/\/storia\/[A-Za-z0-9_-]{22}\/nuova-avventura-fantasy-\d{4}$/);
  const link = await linkField.inputValue();
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  // A visitor without JavaScript reads the whole story from the server's HTML.
  const reader = await visitorPage(browser, baseURL!, false);
  const response = await reader.goto(link);
  expect(response?.status()).toBe(200);
  await expect(reader.locator("html")).toHaveAttribute("lang", "it");
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(/^Nuova Avventura Fantasy #\d{4}$/);
  const story = reader.locator("article");
  expect(plain(await story.innerText())).toContain(opening);
  await expect(story.locator("em").first()).not.toBeEmpty();
  await expect(story.getByRole("figure").getByRole("img", { name: pictureTitle })).toHaveAttribute("loading", "lazy");
  await expect(story.locator("figcaption")).toHaveText(pictureTitle);
  await expect(reader.getByRole("link", { name: "Gioca anche tu" })).toHaveAttribute("href", "/gioco/fantasy/new");
  await expect(reader.getByText(email)).toHaveCount(0);
  await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/.+/);
  await reader.context().close();

  // With JavaScript on: axe, screenshots, and the story in 'Storie condivise'.
  const visitor = await visitorPage(browser, baseURL!);
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("main")).toBeVisible();
  await expectAccessible(visitor);
  await screenshots(visitor, "share-reading-page");
  await visitor.goto("/galleria?vista=storie");
  const card = visitor.getByRole("link", { name: /Nuova Avventura Fantasy/ });
  await expect(card).toHaveAttribute("href", new URL(link).pathname);
  await expect(visitor.getByRole("link", { name: "Storie condivise" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(visitor);
  await screenshots(visitor, "share-gallery");

  // The owner stops sharing: the link is dead for the visitor.
  dialog = await openShare(page);
  await dialog.getByRole("button", { name: "Smetti di condividere" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Smetti di condividere" }).click();
  await expect(dialog.getByRole("button", { name: "Crea link" })).toBeVisible();
  const dead = await visitor.goto(link);
  expect(dead?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Storia non trovata" })).toBeVisible();
  await expectAccessible(visitor);

  // Shared again (a new link), then an admin takes it down from /admin/shares.
  await dialog.getByRole("button", { name: "Crea link" }).click();
  const second = await dialog.getByLabel("Link della storia").inputValue();
  expect(second).not.toBe(link);
  await page.keyboard.press("Escape");
  const adminPage = await visitorPage(browser, baseURL!);
  const signIn = await adminPage.request.post("/api/auth/sign-in/email", { data: ADMIN });
  expect(signIn.ok()).toBe(true);
  await adminPage.goto("/admin/shares");
  const row = adminPage.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expectAccessible(adminPage);
  await row.getByRole("button", { name: /^Rimuovi/ }).click();
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Rimuovi" }).click();
  await expect(row).toContainText("Rimossa il");
  expect((await visitor.goto(second))?.status()).toBe(404);
  dialog = await openShare(page);
  await expect(dialog.getByRole("alert")).toContainText("rimossa da un amministratore");

  await adminPage.context().close();
  await visitor.context().close();
});
