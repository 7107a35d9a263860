/**
 * The admin console in a real Chromium (issue 6 Tests): the guard sends a player to / with
 * 'Accesso negato'; an admin changes a player's plan and the player's token counter shows the
 * new limit; reads a player's chat history; creates a user who sets a password from the e-mail;
 * records an order; edits the Horror prompt and the next turn's request to a fake OpenAI-compatible
 * provider carries it (a second server bundle pointed at the fake provider); 'Registro attività'
 * shows a player's repeated denied calls once with their count and filters them, the user list
 * shows guests behind its filter, the guard keeps an admin on the page when the check fails to
 * run (issue 9); axe finds no serious or critical violation on any admin page.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { type Browser, expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";
import { type FakeOpenAI, startFakeOpenAI } from "../src/server/testing/fake-openai";
import { ADMIN, confirmationPath, conversation, expectAccessible, newEmail, screenshots, signInAdmin, signedInPlayer } from "./fixtures";

/** A signed-in player in a separate browser context, with a started Horror game. */
async function playerWithGame(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedInPlayer(page);
  await page.goto("/gioco/horror/new");
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  return { context, page, email };
}

test("a player typing /admin is sent to / with 'Accesso negato'", async ({ page }) => {
  await signedInPlayer(page);
  await page.goto("/admin");
  await expect(page.getByText("Accesso negato")).toBeVisible();
  await expect(page.getByText("Non hai i permessi per accedere a questa pagina")).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("'Registro attività' counts a player's denied calls on one entry and filters by who, action and day", async ({ page, browser }) => {
  const intruder = await signedInPlayer(page);
  for (let i = 0; i < 3; i++) expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  await page.context().clearCookies();
  await signInAdmin(page);
  // A visitor tries the 'Tutorial': a guest account the user list shows behind its filter.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto("/");
  await guest.getByRole("button", { name: /Tutorial/ }).first().click();
  await expect(guest).toHaveURL(/\/gioco\/fantasy\//);
  await guestContext.close();

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Menu amministrazione" }).getByRole("link", { name: "Registro attività" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Registro attività" })).toBeVisible();
  await page.getByLabel("Chi (email)").fill(intruder);
  const entries = page.getByRole("list", { name: "Eventi" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Accesso negato");
  await expect(entries.first()).toContainText("×3");
  await expect(entries.first()).toContainText("GET /api/admin/users");
  await page.getByLabel("Azione", { exact: true }).selectOption({ label: "Utente eliminato definitivamente" });
  await expect(page.getByText("Nessun evento registrato con questi filtri.")).toBeVisible();
  await page.getByLabel("Azione", { exact: true }).selectOption({ label: "Accesso negato" });
  await expect(entries).toHaveCount(1);
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Rome" });
  await page.getByLabel("Dal", { exact: true }).fill(tomorrow);
  await expect(page.getByText("Nessun evento registrato con questi filtri.")).toBeVisible();
  await page.getByLabel("Dal", { exact: true }).fill("");
  await page.getByLabel("Chi (email)").fill("");
  await expect(entries.first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-audit");

  await page.goto("/admin/users");
  await page.getByLabel("Mostra", { exact: true }).selectOption({ label: "Ospiti (Tutorial)" });
  const guestRow = page.getByRole("row").filter({ hasText: "Ospite" }).first();
  await expect(guestRow.getByTitle(/@ospiti\.storie\.invalid$/)).toContainText("temp-");
  await expect(guestRow.getByRole("button", { name: /^Modifica/ })).toBeDisabled();
  await expect(page.getByRole("row").filter({ hasText: intruder })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "admin-users-guests");
});

test("the admin guard keeps an admin on the page when the check fails to run, and retries", async ({ page }) => {
  await signInAdmin(page);
  await page.route("**/api/moderation/access", (route) => route.abort("internetdisconnected"));
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Errore di autorizzazione" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.unroute("**/api/moderation/access");
  await page.route("**/api/moderation/access", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
  await page.getByRole("button", { name: "Riprova" }).click();
  await expect(page.getByRole("heading", { name: "Verifica di sicurezza fallita" })).toBeVisible();
  await expectAccessible(page);
  await page.unroute("**/api/moderation/access");
  await page.getByRole("button", { name: "Riprova" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ordini Subscription" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test("an admin changes a player's plan and the player's counter shows the new limit", async ({ page, browser }) => {
  const player = await playerWithGame(browser);
  await expect(player.page.getByLabel("Token rimanenti per oggi: 15")).toBeVisible();

  await signInAdmin(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Gestione Utenti" })).toBeVisible();
  await page.getByLabel("Cerca per email").fill(player.email);
  const row = page.getByRole("row").filter({ hasText: player.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("15 / 15");
  await expect(page.getByRole("row").filter({ hasText: ADMIN.email })).toHaveCount(0);
  await row.getByRole("button", { name: `Modifica ${player.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Modifica Utente" });
  await expect(dialog.getByLabel("Email")).toHaveValue(player.email);
  await dialog.getByLabel("Piano").selectOption("premium");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Utente aggiornato")).toBeVisible();
  await expect(row).toContainText("30 / 30");
  await expect(row).toContainText("Premium");

  await player.page.reload();
  await expect(player.page.getByLabel("Token rimanenti per oggi: 30")).toBeVisible();
  await player.context.close();
});

test("an admin reads a player's chat history", async ({ page, browser }) => {
  const player = await playerWithGame(browser);
  await player.page.getByRole("button", { name: "/inizia" }).click();
  await expect(conversation(player.page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
  const title = (await player.page.getByRole("heading", { level: 1 }).innerText()).trim();
  await player.context.close();

  await signInAdmin(page);
  await page.goto("/admin/games");
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Partite Utenti" })).toBeVisible();
  await expect(page.getByText(/^Mostrando 1 - \d+ di \d+ partite$/)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: player.email });
  await expect(row).toContainText(title);
  await expect(row).toContainText("Horror");
  await expectAccessible(page);
  await screenshots(page, "admin-activity");
  await row.getByRole("button", { name: /Storico Chat/ }).click();
  const dialog = page.getByRole("dialog", { name: "Storico Chat" });
  await expect(dialog.getByText("/inizia", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "admin-chat-history");
});

test("an admin creates a user, who sets a password from the e-mail and signs in", async ({ page, browser }) => {
  const email = newEmail("nuovo");
  await signInAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Nuovo Utente" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuovo Utente" });
  await dialog.getByRole("button", { name: "Crea Utente" }).click();
  await expect(dialog.getByText("Inserisci un'email valida.")).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Piano").selectOption("pro");
  await dialog.getByRole("button", { name: "Crea Utente" }).click();
  await expect(page.getByText("Utente creato")).toBeVisible();
  await page.getByLabel("Cerca per email").fill(email);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("100 / 100");
  await expectAccessible(page);
  await screenshots(page, "admin-users");

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(await confirmationPath(email));
  await expect(newcomer).toHaveURL(/\/reimposta-password\?token=/);
  await expect(newcomer.getByRole("heading", { name: "Imposta la password" })).toBeVisible();
  await newcomer.getByLabel("Nuova password").fill("corta");
  await newcomer.getByRole("button", { name: "Imposta password" }).click();
  await expect(newcomer.getByText("La password deve contenere almeno 8 caratteri.")).toBeVisible();
  await newcomer.getByLabel("Nuova password").fill("password-nuova-1");
  await newcomer.getByLabel("Conferma password").fill("password-nuova-1");
  await expectAccessible(newcomer);
  await newcomer.getByRole("button", { name: "Imposta password" }).click();
  // The new password signs the newcomer in (issue 10).
  await expect(newcomer).toHaveURL(/\/generi$/);
  expect((await newcomer.request.get("/api/me")).status()).toBe(200);
  await context.close();
});

test("dashboard, orders and genre pages work and are accessible", async ({ page }) => {
  const buyer = await signedInPlayer(page);
  await page.goto("/admin");
  await expect(page.getByText("Accesso negato")).toBeVisible();
  await page.context().clearCookies();
  await signInAdmin(page);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Provider AI attivi")).toBeVisible();
  // The e2e server has no AI provider: narrator and illustrator are the built-in offline ones.
  await expect(page.getByRole("listitem").filter({ hasText: /^Narratore/ })).toContainText("Offline (integrato)");
  await expect(page.getByRole("listitem").filter({ hasText: /^Immagini/ })).toContainText("Offline (integrato)");
  await expect(page.getByRole("listitem").filter({ hasText: "Accesso negato" }).filter({ hasText: buyer }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-dashboard");

  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Ordini Subscription" })).toBeVisible();
  await expect(page.getByText("Gestione degli ordini di abbonamento")).toBeVisible();
  await page.getByRole("button", { name: "Registra ordine" }).click();
  const dialog = page.getByRole("dialog", { name: "Registra ordine" });
  await dialog.getByLabel("Email dell'utente").fill(buyer);
  await dialog.getByLabel("Importo (€)").fill("9.99");
  await dialog.getByRole("button", { name: "Registra" }).click();
  await expect(page.getByText("Ordine registrato")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: buyer });
  await expect(row).toContainText("Premium");
  await expect(row).toContainText("€ 9,99");
  await expect(row).toContainText("Completato");
  await expect(row).toContainText(/fa$/);
  await expect(row.getByRole("cell").first()).toHaveText(/^[0-9a-f]{8}…$/);
  await expectAccessible(page);
  await screenshots(page, "admin-orders");

  await page.goto("/admin/users");
  await page.getByLabel("Cerca per email").fill(buyer);
  await expect(page.getByRole("row").filter({ hasText: buyer })).toContainText("30 / 30");

  await page.goto("/admin/genres");
  await expect(page.getByRole("heading", { level: 1, name: "Gestione Prompt per Generi" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(14);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Modifica Giallo" }).click();
  await page.getByLabel("Prompt di sistema").fill("");
  await page.getByLabel("Token massimi").fill("5");
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Il prompt di sistema è obbligatorio.")).toBeVisible();
  await expect(page.getByText("I token massimi devono essere un numero intero compreso tra 10 e 8192.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "admin-genres-edit");
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page.getByRole("button", { name: "Modifica Giallo" })).toBeVisible();
});

test.describe("with a fake AI provider", () => {
  let fake: FakeOpenAI;
  let server: ChildProcess;
  let base: string;
  const dataDir = `${E2E_DATA_DIR}-fake-ai`;

  test.beforeAll(async () => {
    fake = await startFakeOpenAI();
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = spawn("node", ["dist-server/index.js"], {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        PUBLIC_URL: "",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        AI_BASE_URL: fake.url,
        AI_MODEL: "fake-model",
        AUTH_RATE_LIMIT: "off",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // NODE_ENV is production here: the admin signs in with the password alone (as in playwright.config.ts).
        REQUIRE_ADMIN_2FA: "off",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    base = await new Promise<string>((resolve, reject) => {
      let out = "";
      server.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const url = /in ascolto su (http:\/\/[^\s"]+)/.exec(out)?.[1];
        if (url) resolve(url);
      });
      server.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
  });
  test.afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await fake.close();
  });

  test("an admin edits the Horror prompt and the next turn's request carries it", async ({ page }) => {
    await signInAdmin(page, base);
    await page.goto(`${base}/admin`);
    await expect(page.getByRole("listitem").filter({ hasText: "Narratore" })).toContainText("fake-model");

    await page.goto(`${base}/admin/genres`);
    await page.getByRole("button", { name: "Modifica Horror" }).click();
    const prompt = "Sei il custode di una villa infestata sul lago: PROMPT-E2E-HORROR.";
    await page.getByLabel("Prompt di sistema").fill(prompt);
    await page.getByLabel("Argomenti vietati").fill("ragni giganti, , clown");
    await page.getByRole("button", { name: "Salva" }).click();
    await expect(page.getByText("Prompt aggiornato")).toBeVisible();
    await expect(page.getByText(prompt)).toBeVisible();
    await expect(page.getByText("ragni giganti, clown")).toBeVisible();

    await page.goto(`${base}/gioco/horror/new`);
    await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "/inizia" }).click();
    await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
    const system = fake.requests.at(-1).messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toContain(prompt);
    expect(system.content).toContain("ragni giganti");
    expect(system.content).toContain("clown");
  });
});
