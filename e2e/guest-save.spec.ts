/**
 * 'Salva le tue storie' (issue 22 §1) in Chromium: a 'Tutorial' guest plays two turns, is invited
 * to register, is warned before 'Esci', registers from the header, confirms the e-mail in the same
 * browser and finds the story in /profilo with its turns, under the new account.
 */

import { expect, test } from "@playwright/test";
import { confirmationPath, conversation, expectAccessible, narrations, newEmail, PASSWORD, screenshots } from "./fixtures";

test("a guest plays two turns, registers from the header, confirms the e-mail and finds the story in /profilo", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Accetta" }).click();
  await page.getByRole("button", { name: "Tutorial" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  const gameUrl = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  const invite = page.getByText("Ti piace questa storia? Stai giocando come ospite: registrati per non perderla.");
  await expect(invite).toHaveCount(0);
  await page.getByRole("button", { name: "/A" }).click();
  await narrations(page, 2);
  await expect(invite).toBeVisible();
  const story = await conversation(page).allInnerTexts();
  await expectAccessible(page);
  await screenshots(page, "guest-save-invite");

  // 'Esci' as a guest warns first; 'Annulla' keeps the guest signed in.
  await page.getByRole("button", { name: "Esci" }).click();
  const warning = page.getByRole("alertdialog", { name: "Uscire dall'account ospite?" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("se esci non potrai più riaprire le tue storie e le tue immagini, che verranno cancellate dopo 30 giorni");
  await expectAccessible(page);
  await warning.getByRole("button", { name: "Annulla" }).click();
  await expect(warning).toHaveCount(0);
  await expect(page).toHaveURL(gameUrl);

  // From the header: the registration form, as 'Salva le tue storie'.
  await page.getByRole("banner").getByRole("link", { name: "Salva le tue storie" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Salva le tue storie" })).toBeVisible();
  const email = newEmail("ospite");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Accetto la Privacy Policy").check();
  await page.getByLabel("Ho almeno 14 anni").check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Registrati" }).last().click();
  await expect(page.getByText("Registrazione quasi completata!")).toBeVisible();

  // The confirmation link, opened in this browser, signs the new account in and brings the story along.
  await page.goto(await confirmationPath(email));
  await expect(page).toHaveURL(/\/profilo$/);
  await expect(page.getByRole("heading", { name: "Stai giocando come ospite" })).toHaveCount(0);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByRole("link", { name: /^Continua Nuova Avventura Fantasy/ }).click();
  await expect(page).toHaveURL(gameUrl);
  await narrations(page, 2);
  await expect(conversation(page)).toHaveText(story, { useInnerText: true });
  await expect(page.getByRole("link", { name: "Salva le tue storie" })).toHaveCount(0);
});
