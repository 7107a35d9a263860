/**
 * Two admins at once, and the admin texts no other test covers (issue 22 §9-§12), in a real
 * Chromium: two admins in two browser contexts edit the same genre prompt, the second gets the
 * 409 text and keeps their edit, both versions are in the audit log, and a prompt saved by one
 * reaches the other's open page live; a deactivated player is refused at sign-in and 'Ripristina'
 * lets them in again; the dashboard's and activity page's error and empty texts, the
 * 'Sincronizzazione Generi' notice, 'Non impostato', 'Nessun messaggio in questa chat.',
 * 'Ospite' for a guest's game and its player in 'Storico Chat' (issue 39), and the template
 * deletion question and toast.
 */

import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { createTemplateViaApi, expectAccessible, newEmail, screenshots, signInAdmin, signedInPlayer, PASSWORD } from "./fixtures";

const STALE = "Questo elemento è stato modificato da un altro amministratore: ricarica per vedere la versione attuale.";

/** The id of the account with this e-mail, read through the admin API. */
async function userId(admin: APIRequestContext, email: string): Promise<string> {
  const list = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  return ((await list.json()) as { items: { id: string; email: string }[] }).items.find((u) => u.email === email)!.id;
}

/** A second admin in its own browser context: a player the first admin promotes. */
async function secondAdmin(browser: Browser, first: Page, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedInPlayer(page);
  const id = await userId(first.request, email);
  expect((await first.request.put(`/api/admin/users/${id}`, { headers: { origin }, data: { email, role: "admin", plan: "admin" } })).status()).toBe(200);
  return { context, page, email };
}

/** The read-only card of a genre on /admin/genres. */
const card = (page: Page, genre: string) => page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { level: 2, name: genre, exact: true }) });

test("two admins save the same genre prompt: the second gets the 409 text, keeps their edit, and both versions are logged", async ({ page, browser, baseURL }) => {
  await signInAdmin(page);
  const colleague = await secondAdmin(browser, page, baseURL!);
  const other = colleague.page;
  for (const p of [page, other]) {
    await p.goto("/admin/genres");
    await p.getByRole("button", { name: "Modifica Fantasy" }).click();
  }
  await page.getByLabel("Prompt di sistema").fill("Versione della prima amministratrice.");
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Prompt aggiornato")).toBeVisible();

  await other.getByLabel("Prompt di sistema").fill("Versione del secondo amministratore.");
  await other.getByRole("button", { name: "Salva" }).click();
  await expect(other.getByRole("alert").filter({ hasText: STALE })).toBeVisible();
  // Nothing of the second admin's edit is lost: it stays in the form.
  await expect(other.getByLabel("Prompt di sistema")).toHaveValue("Versione del secondo amministratore.");
  await expectAccessible(other);
  await screenshots(other, "admin-genres-stale");

  // Both versions are in the audit log.
  const log = async (action: string) => ((await (await page.request.get(`/api/admin/audit?action=${action}`)).json()) as { items: { detail: string }[] }).items;
  expect((await log("admin.genre_prompt.update")).some((e) => e.detail.includes("Versione della prima amministratrice."))).toBe(true);
  expect((await log("admin.genre_prompt.update.conflict")).some((e) => e.detail.includes("Versione del secondo amministratore."))).toBe(true);

  // 'Mantieni la mia modifica', then 'Salva': the second admin's text replaces the first, knowingly.
  await other.getByRole("button", { name: "Mantieni la mia modifica" }).click();
  await other.getByRole("button", { name: "Salva" }).click();
  await expect(other.getByText("Prompt aggiornato")).toBeVisible();

  // A prompt saved by one admin reaches the other's open page without a reload (event bus).
  await page.reload();
  await page.getByRole("button", { name: "Modifica Giallo" }).click();
  await page.getByLabel("Prompt di sistema").fill("Il giallo, riscritto dalla prima amministratrice.");
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(card(other, "Giallo")).toContainText("Il giallo, riscritto dalla prima amministratrice.");
  await expect(card(other, "Fantasy")).toContainText("Versione del secondo amministratore.");
  await colleague.context.close();
});

test("an admin deactivates a player, who cannot sign in until 'Ripristina'", async ({ page, browser }) => {
  const context = await browser.newContext();
  const player = await context.newPage();
  const email = await signedInPlayer(player, newEmail("disattivato"));

  await signInAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Cerca per email").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("button", { name: `Disattiva ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disattiva" }).click();
  await expect(page.getByText("Utente disattivato")).toBeVisible();
  await expect(row).toContainText("Disattivato");
  await expectAccessible(page);
  await screenshots(page, "admin-users-deactivated");

  await player.context().clearCookies();
  await player.goto("/login");
  await player.getByLabel("Email").fill(email);
  await player.getByLabel("Password").fill(PASSWORD);
  await player.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(player.getByText("Questo account è stato disattivato da un amministratore: non è possibile accedere.")).toBeVisible();

  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Registro attività" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Utente disattivato", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-user-page");
  await page.getByRole("button", { name: "Ripristina" }).click();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Utente ripristinato")).toBeVisible();

  await player.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(player).toHaveURL(/\/generi$/);
  await context.close();
});

test("dashboard and activity: the error and empty texts, 'Nessun messaggio in questa chat.' and 'Ospite'", async ({ page, browser, baseURL }) => {
  const headers = { origin: baseURL! };
  await signInAdmin(page);
  await page.route("**/api/admin/stats", (route) => route.fulfill({ status: 500, json: { error: { code: "GENERIC", message: "Errore interno" } } }));
  await page.goto("/admin");
  await expect(page.getByText("Impossibile recuperare le statistiche")).toBeVisible();
  await page.unroute("**/api/admin/stats");

  // A player with a game and no message yet.
  const context = await browser.newContext();
  const playerPage = await context.newPage();
  const email = await signedInPlayer(playerPage);
  expect((await playerPage.request.post("/api/games", { headers, data: { genre: "horror" } })).status()).toBe(201);
  // A guest ('Tutorial') has neither name nor e-mail: 'Ospite' (issue 39). Its game is played, so it is listed first.
  const guest = await browser.newContext();
  expect((await guest.request.post("/api/auth/sign-in/anonymous", { headers, data: {} })).status()).toBe(200);
  const guestGame = (await (await guest.request.post("/api/games", { headers, data: { genre: "fantasy" } })).json()) as { id: string };
  expect((await guest.request.post(`/api/games/${guestGame.id}/messages`, { headers, data: { content: "/inizia" } })).status()).toBe(200);

  await page.goto("/admin/activity");
  // The first row under the header: the game played last, the guest's.
  const guestRow = page.getByRole("row").nth(1);
  await expect(guestRow).toContainText("Ospite");
  await guestRow.getByRole("button", { name: /Storico Chat/ }).click();
  // The player's message under who wrote it, never a bare 'Utente'.
  const history = page.getByRole("dialog", { name: "Storico Chat" });
  await expect(history.getByRole("listitem").filter({ hasText: "/inizia" })).toContainText("Ospite");
  await page.keyboard.press("Escape");
  await page.getByLabel("Giocatore: email o nickname").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText("Mostrando 1 - 1 di 1 partite")).toBeVisible();
  await row.getByRole("button", { name: /Storico Chat/ }).click();
  await expect(page.getByRole("dialog", { name: "Storico Chat" }).getByText("Nessun messaggio in questa chat.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByLabel("Giocatore: email o nickname").fill("nessun-giocatore-cosi@example.com");
  await expect(page.getByText("Nessuna partita trovata.")).toBeVisible();
  await screenshots(page, "admin-activity-filter");

  await page.route("**/api/admin/games?*", (route) => route.fulfill({ status: 500, json: { error: { code: "GENERIC", message: "Errore interno" } } }));
  await page.reload();
  await expect(page.getByText("Errore nel caricamento delle partite: Errore interno")).toBeVisible();
  await context.close();
  await guest.close();
});

test("genres: the 'Sincronizzazione Generi' notice and 'Non impostato'; templates: the deletion question and its toast", async ({ page, baseURL, playwright }) => {
  await signInAdmin(page);
  // A genre of the code without a stored prompt: the notice shows while the page synchronises.
  let sync: () => void = () => undefined;
  const synced = new Promise<void>((resolve) => (sync = resolve));
  await page.route("**/api/admin/genres/sync", async (route) => {
    await synced;
    await route.continue();
  });
  await page.route("**/api/admin/genres", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { prompts: unknown[]; missing: string[] };
    await route.fulfill({ response, json: { ...body, missing: ["Cyberpunk"] } });
  });
  await page.goto("/admin/genres");
  await expect(page.getByRole("status").filter({ hasText: "Sincronizzazione Generi" })).toContainText("Trovati 1 generi nuovi nel codice. Sincronizzazione con il database in corso...");
  sync();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  // A genre with no special instructions: 'Non impostato'.
  const storico = ((await (await page.request.get("/api/admin/genres")).json()) as { prompts: { id: string; genre: string }[] }).prompts.find((p) => p.genre === "Storico")!;
  expect((await page.request.put(`/api/admin/genres/${storico.id}`, { headers: { origin: baseURL! }, data: { ...storico, special_instructions: "" } })).status()).toBe(200);
  await page.reload();
  await expect(card(page, "Storico")).toContainText("Non impostato");

  const request = await playwright.request.newContext({ baseURL });
  const title = `Da eliminare ${Date.now()}`;
  await createTemplateViaApi(request, baseURL!, title);
  await request.dispose();
  await page.goto("/admin/templates");
  await page.getByLabel("Cerca per titolo").fill(title);
  await page.getByRole("button", { name: `Elimina ${title}` }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("Sei sicuro di voler eliminare questo template? L'azione è irreversibile.");
  await question.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Template eliminato con successo.")).toBeVisible();
  await expect(page.getByText("Nessun template trovato.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Elimina ${title}` })).toHaveCount(0);
});
