/**
 * Issue 5 in a real Chromium: the profile (edit, export, delete a game, delete the account with
 * its password — issue 36 finding 17 —, a guest's with the word ELIMINA), live notifications
 * between an admin and a player in two browser contexts, and the pricing page.
 */

import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, PASSWORD, screenshots, signedInPlayer } from "./fixtures";

async function createGame(page: Page, genre: string): Promise<string> {
  const res = await page.request.post("/api/games", { data: { genre }, headers: { origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("a player edits the profile, exports the data, deletes a game and then the account", async ({ page }) => {
  const email = await signedInPlayer(page);
  await createGame(page, "horror");
  await createGame(page, "western");
  await page.goto("/profilo");
  await expect(page.getByRole("heading", { name: "Il mio profilo", level: 1 })).toBeVisible();
  await expect(page.getByText("Utente", { exact: true })).toBeVisible();
  await expect(page.getByText("Storie Totali")).toBeVisible();
  const totals = page.getByText("Storie Totali").locator("xpath=following-sibling::p");
  await expect(totals).toHaveText("2");
  await expect(page.getByText("Token Disponibili").locator("xpath=following-sibling::p")).toHaveText("15");
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByText(/Ultimo accesso .* fa/).first()).toBeVisible();

  // Edit: read-only until 'Modifica', saved with 'Salva'.
  await expect(page.getByLabel("Nickname")).toHaveAttribute("readonly", "");
  await page.getByRole("button", { name: "Modifica" }).click();
  const nickname = `Lupo${Date.now() % 100000}`;
  await page.getByLabel("Nickname").fill(nickname);
  await page.getByLabel("Nome", { exact: true }).fill("Mario");
  await page.getByLabel("Cognome").fill("Rossi");
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Profilo aggiornato")).toBeVisible();
  await expect(page.getByRole("button", { name: "Modifica" })).toBeVisible();
  // The games' times the server wrote stay once the page has hydrated (time-ago.tsx keeps them).
  await expect(page.getByText(/Ultimo accesso .* fa/)).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "profile");
  await page.reload();
  await expect(page.getByLabel("Nickname")).toHaveValue(nickname);
  await expect(page.getByLabel("Cognome")).toHaveValue("Rossi");

  // Export: the file is downloaded and parses.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("i_miei_dati_storieai.json");
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(email);
  expect(exported.tables.profiles[0]).toMatchObject({ nickname, first_name: "Mario", last_name: "Rossi" });
  expect(exported.tables.saved_games).toHaveLength(2);
  await expect(page.getByText("Esportazione completata")).toBeVisible();

  // Delete a game after confirming.
  const westernRow = page.getByRole("listitem").filter({ hasText: "Nuova Avventura Western" });
  await westernRow.getByRole("button", { name: /^Elimina / }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Gioco eliminato")).toBeVisible();
  await expect(westernRow).toHaveCount(0);
  await expect(totals).toHaveText("1");
  await expect(page.getByRole("link", { name: /^Continua Nuova Avventura Horror/ })).toHaveAttribute("href", /^\/gioco\/horror\/[0-9a-f-]{36}$/);

  // Delete the account with its password (issue 36 finding 17): signed out, and signing in fails.
  await page.getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Eliminare definitivamente l'account?" });
  await dialog.getByLabel("Password attuale").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page.getByText("Account eliminato")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes first; the sign-in page replaces this one once its code is there (ADR 0020).
  await expect(page.getByRole("heading", { name: "Benvenuto", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).last().click();
  await expect(page.getByText("Email o password non validi. Riprova.")).toBeVisible();
});

test("deleting the account asks the password: refused without it or with a wrong one, at 390 and 1280 px", async ({ page }) => {
  await signedInPlayer(page);
  await page.goto("/profilo");
  await page.getByRole("button", { name: "Accetta" }).click();
  await page.getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Eliminare definitivamente l'account?" });
  const password = dialog.getByLabel("Password attuale");
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(dialog.getByText("Inserisci la tua password per eliminare l'account.")).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill("non-e-questa");
  await password.press("Enter");
  await expect(dialog.getByText("Password non corretta.")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const part of [password, dialog.getByRole("button", { name: "Elimina definitivamente" }), dialog.getByRole("button", { name: "Annulla" })]) await expect(part).toBeInViewport();
    await page.screenshot({ path: `e2e-artifacts/screenshots/profile-delete-account-${width}.png` });
  }
  // 'Annulla' keeps the account; the password then erases it.
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Elimina account" }).click();
  await expect(password).toHaveValue("");
  await password.fill(PASSWORD);
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page.getByText("Account eliminato")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a guest, who has no password, deletes the account by typing ELIMINA", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Accetta" }).click();
  await page.getByRole("button", { name: "Tutorial" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  await page.goto("/profilo");
  await page.getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Eliminare definitivamente l'account?" });
  await expect(dialog.getByLabel("Password attuale")).toHaveCount(0);
  const word = dialog.getByLabel("Scrivi ELIMINA per confermare");
  await word.fill("elimina?");
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(dialog.getByText("Scrivi ELIMINA per confermare.")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(word).toBeInViewport();
  await word.fill("ELIMINA");
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page.getByText("Account eliminato")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("an admin publishes a notification and a player's bell changes live; the player marks it read", async ({ browser, page }) => {
  // The player, in their own browser context.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await signedInPlayer(player);
  await expect(player.getByRole("button", { name: "Notifiche", exact: true })).toBeVisible();

  // The admin.
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).last().click();
  await expect(page).toHaveURL(/\/generi$/);
  await expect(page.getByRole("link", { name: "Admin" }).first()).toBeVisible();
  await page.goto("/profilo");
  await expect(page.getByText("Amministratore", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  await expect(page.getByText("Token Disponibili").locator("xpath=following-sibling::p")).toHaveText("∞");
  await page.goto("/admin/notifications");
  await expect(page.getByRole("heading", { name: "Gestione Notifiche" })).toBeVisible();
  const title = `Nuovo genere ${Date.now() % 10000}`;
  await page.getByLabel("Titolo").fill(title);
  await page.getByLabel("Contenuto").fill("Da oggi puoi giocare anche storie Steampunk.");
  await page.getByLabel("URL (facoltativo)").fill("notaurl");
  await page.getByRole("button", { name: "Crea notifica" }).click();
  await expect(page.getByText("Inserisci un URL valido (http:// o https://).")).toBeVisible();
  await page.getByLabel("URL (facoltativo)").fill("https://example.com/steampunk");
  await page.getByRole("button", { name: "Crea notifica" }).click();
  await expect(page.getByText("Notifica creata con successo")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByText("Bozza")).toBeVisible();

  // Edit loads it into the form; 'Annulla' clears it.
  await item.getByRole("button", { name: `Modifica ${title}` }).click();
  await expect(page.getByLabel("Titolo")).toHaveValue(title);
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page.getByLabel("Titolo")).toHaveValue("");
  await expectAccessible(page);
  await screenshots(page, "admin-notifications");

  // A draft never reaches the player.
  await expect(player.getByRole("button", { name: "Notifiche", exact: true })).toBeVisible();
  await item.getByRole("button", { name: `Pubblica ${title}` }).click();
  await expect(page.getByText("Notifica pubblicata con successo")).toBeVisible();
  await expect(item.getByText("Pubblicata", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: `Pubblica ${title}` })).toHaveCount(0);

  // The player's bell changes without a reload.
  const bell = player.getByRole("button", { name: /^Notifiche \(\d+ non lett[ae]\)$/ });
  await expect(bell).toBeVisible({ timeout: 5000 });
  await expect(player.getByTestId("bell-badge")).toHaveText("1");
  // A page the server renders carries the count: the bell is right from the first paint.
  expect(await (await player.request.get("/profilo")).text()).toMatch(/<button[^>]*aria-label="Notifiche \(\d+ non lett[ae]\)"/);
  await bell.click();
  const popover = player.getByRole("dialog", { name: "Notifiche" });
  await expect(popover.getByRole("heading", { name: "Notifiche" })).toBeVisible();
  const entry = popover.getByRole("article", { name: `${title} (non letta)` });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole("link", { name: /Apri il link/ })).toHaveAttribute("target", "_blank");
  await expect(entry.locator("time")).toHaveText(/^\d{1,2} [a-z]{3}, \d{2}:\d{2}$/);
  await screenshots(player, "notification-popover");
  await entry.getByRole("button", { name: "Segna come letta" }).click();
  await expect(player.getByText("Notifica segnata come letta")).toBeVisible();
  await expect(popover.getByRole("article", { name: title, exact: true })).toBeVisible();
  await expect(player.getByRole("button", { name: "Notifiche", exact: true })).toBeVisible();
  await popover.getByRole("link", { name: "Vedi tutte" }).click();
  await expect(player).toHaveURL(/\/notifiche$/);
  await expect(player.getByRole("heading", { name: "Notifiche", level: 1 })).toBeVisible();
  // The page's own entry: the popover's copy may still be fading out after 'Vedi tutte'.
  await expect(player.getByRole("main").getByRole("article", { name: title, exact: true })).toBeVisible();
  await expectAccessible(player);
  await screenshots(player, "notifications");
  await playerContext.close();
});

test("pricing shows three plans from the plans table; paid plans answer with the info toast", async ({ page }) => {
  await page.goto("/prezzi");
  await expect(page.getByRole("heading", { name: "Scegli il tuo piano", level: 1 })).toBeVisible();
  const plans = page.getByRole("list", { name: "Piani" }).locator(":scope > li");
  await expect(plans).toHaveCount(3);
  await expect(plans.nth(0)).toContainText("Gratis");
  await expect(plans.nth(0)).toContainText("15 token al giorno");
  await expect(plans.nth(0)).toContainText("Non incluso: /visualizza");
  await expect(plans.nth(0).getByRole("link", { name: "Inizia gratis" })).toHaveAttribute("href", "/login");
  await expect(plans.nth(1)).toContainText("Più popolare");
  await expect(plans.nth(1)).toContainText("9,99 €/mese");
  await expect(plans.nth(1)).toContainText("30 token al giorno");
  await expect(plans.nth(1)).toContainText("10 /visualizza al mese");
  await expect(plans.nth(2)).toContainText("19,99 €/mese");
  await expect(plans.nth(2)).toContainText("100 token al giorno");
  await expect(plans.nth(2)).toContainText("25 /visualizza al mese");
  await expect(page.getByText("Presto Disponibile")).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "pricing");
  await page.getByRole("button", { name: "Scegli Premium" }).click();
  await expect(page.getByText("Questa funzionalità sarà disponibile a breve!")).toBeVisible();
  await page.getByRole("button", { name: "Scegli Pro" }).click();
  await expect(page.getByText("Questa funzionalità sarà disponibile a breve!").first()).toBeVisible();

  await signedInPlayer(page);
  await page.goto("/prezzi");
  await expect(page.getByRole("link", { name: "Gioca gratis" })).toHaveAttribute("href", "/generi");
});
