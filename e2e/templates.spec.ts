/**
 * Story templates in a real Chromium (issue 4 Tests): an admin creates a template with
 * 'generate all empty fields' and a cover, and it appears in /scopri; a player opens it, likes
 * and saves it, plays it and sees the opening as the first message, then the narration; a visitor
 * pressing 'Mi piace' lands on /login; /crea-gioco creates and opens a game. axe finds no
 * serious or critical violation on /scopri, the template page, /crea-gioco and the admin page.
 */

import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { conversation, createTemplateViaApi, expectAccessible, screenshots, signedInPlayer, signInAdmin } from "./fixtures";

test("an admin creates a template with AI help and a cover; a player likes, saves and plays it", async ({ page, browser }) => {
  const suffix = randomUUID().slice(0, 6);
  const title = `il faro di àlbera ${suffix}`;
  const properTitle = `Il faro di àlbera ${suffix}`;

  await signInAdmin(page);
  await page.goto("/admin/templates");
  await expect(page.getByRole("heading", { level: 1, name: "Gestione Template" })).toBeVisible();
  await page.getByRole("button", { name: "Crea Template" }).click();
  const dialog = page.getByRole("dialog", { name: "Crea Template" });
  await expect(dialog).toBeVisible();

  // Saving an empty form shows the §5 messages.
  await dialog.getByRole("button", { name: "Salva Template" }).click();
  await expect(dialog.getByText("Il titolo deve avere almeno 3 caratteri.")).toBeVisible();
  await expect(dialog.getByText("Il contenuto iniziale deve avere almeno 20 caratteri.")).toBeVisible();

  // 'Improve' on an empty field is refused, then cleans the title (offline helper).
  await dialog.getByRole("button", { name: "Migliora la descrizione con AI" }).click();
  await expect(page.getByText("Campo vuoto")).toBeVisible();
  await dialog.getByLabel("Titolo", { exact: true }).fill(title);
  await dialog.getByRole("button", { name: "Migliora il titolo con AI" }).click();
  await expect(page.getByText("Testo migliorato!")).toBeVisible();
  await expect(dialog.getByLabel("Titolo", { exact: true })).toHaveValue(properTitle);

  // Generate all empty fields: the description written by hand stays.
  await dialog.getByLabel("Genere", { exact: true }).selectOption("Giallo");
  await dialog.getByLabel("Descrizione", { exact: true }).fill("Un guardiano scomparso e una lanterna che si accende da sola.");
  await dialog.getByRole("button", { name: "Genera campi vuoti con AI" }).click();
  await expect(page.getByText("Contenuti generati!")).toBeVisible();
  await expect(page.getByText("5 campi compilati.")).toBeVisible();
  await expect(dialog.getByLabel("Descrizione", { exact: true })).toHaveValue("Un guardiano scomparso e una lanterna che si accende da sola.");
  const opening = await dialog.getByLabel("Prompt iniziale della storia", { exact: true }).inputValue();
  expect(opening.length).toBeGreaterThanOrEqual(20);
  await expect(dialog.getByRole("button", { name: "Configurazione AI Avanzata" })).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByLabel("Prompt di sistema", { exact: true })).toHaveValue(/giallo/);

  // Cover from the offline illustrator, stored in our media.
  await dialog.getByRole("button", { name: "Genera copertina con AI" }).click();
  await expect(page.getByText("Immagine generata!")).toBeVisible();
  await expect(dialog.getByLabel("URL immagine di copertina", { exact: true })).toHaveValue(/^\/media\/covers\/.+\.png$/);
  await expect(dialog.getByRole("img", { name: "Anteprima della copertina" })).toBeVisible();
  await expect.poll(() => dialog.getByRole("img", { name: "Anteprima della copertina" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshots(page, "admin-template-dialog");

  await dialog.getByRole("button", { name: "Salva Template" }).click();
  await expect(page.getByText("Successo!")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: properTitle });
  await expect(row).toContainText("Giallo");
  await expectAccessible(page);
  await screenshots(page, "admin-templates");

  // A player finds it in /scopri.
  const context = await browser.newContext();
  const player = await context.newPage();
  await signedInPlayer(player);
  await player.goto("/scopri");
  await expect(player.getByRole("heading", { level: 1, name: "Scopri le storie" })).toBeVisible();
  const card = player.getByRole("listitem").filter({ hasText: properTitle });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: `Copertina di ${properTitle}` })).toBeVisible();
  await expectAccessible(player);
  await screenshots(player, "discover");

  await card.getByRole("link", { name: properTitle, exact: true }).click();
  await expect(player).toHaveURL(new RegExp(`/scopri/il-faro-di-albera-${suffix}/[0-9a-f-]{36}$`));
  const templateUrl = player.url();
  await expect(player.getByRole("heading", { level: 1, name: properTitle })).toBeVisible();
  await expect(player.getByText(opening.slice(0, 40))).toBeVisible();
  await expect(player.getByText("0 mi piace")).toBeVisible();

  await player.getByRole("button", { name: "Mi piace" }).click();
  await expect(player.getByRole("button", { name: "Mh.. no" })).toHaveAttribute("aria-pressed", "true");
  await expect(player.getByText("1 mi piace")).toBeVisible();
  await player.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(player.getByText("Preferiti aggiornati!")).toBeVisible();
  await expect(player.getByRole("button", { name: "Salvato" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(player);
  await screenshots(player, "template-page");

  // Both stay after a reload; a wrong slug leads to the canonical address.
  await player.goto(templateUrl.replace(`il-faro-di-albera-${suffix}`, "titolo-sbagliato"));
  await expect(player).toHaveURL(templateUrl);
  await expect(player.getByRole("button", { name: "Mh.. no" })).toBeVisible();
  await expect(player.getByRole("button", { name: "Salvato" })).toBeVisible();

  // Playing: the opening is the first message, then the narrator continues.
  await player.getByRole("button", { name: "Gioca Ora" }).click();
  await expect(player).toHaveURL(/\/gioco\/giallo\/[0-9a-f-]{36}$/);
  await expect(player.getByRole("heading", { name: properTitle })).toBeVisible();
  await expect(conversation(player).first()).toContainText(opening.slice(0, 60));
  await player.getByRole("button", { name: "/inizia" }).click();
  await expect(conversation(player).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
  await expect(conversation(player).first()).toContainText(opening.slice(0, 60));
  await screenshots(player, "template-game");

  // The admin table counts the play and the like.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: properTitle })).toContainText(/Giallo\s*1\s*1/);
  await context.close();
});

test("a visitor sees a template, and pressing 'Mi piace' or 'Gioca Ora' leads to /login", async ({ page, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const title = `La nave fantasma ${randomUUID().slice(0, 6)}`;
  const id = await createTemplateViaApi(request, baseURL!, title);
  await request.dispose();

  await page.goto(`/scopri/x/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/scopri/la-nave-fantasma-[0-9a-f]{6}/${id}$`));
  await expect(page.getByRole("img", { name: `Copertina di ${title} non disponibile` })).toBeVisible();
  await page.getByRole("button", { name: "Accetta" }).click();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Mi piace" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fscopri%2F/);
  await expect(page.getByText("Accesso richiesto")).toBeVisible();

  await page.goto(`/scopri/x/${id}`);
  await page.getByRole("button", { name: "Gioca Ora" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fscopri%2F/);

  await page.goto("/scopri/x/00000000-0000-0000-0000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Template non trovato." })).toBeVisible();
});

test("/crea-gioco: a visitor is sent to /login, a player generates the premise and plays", async ({ page }) => {
  await page.goto("/crea-gioco");
  await expect(page.getByRole("heading", { level: 1, name: "Crea il tuo Gioco" })).toBeVisible();
  await page.getByRole("button", { name: "Accetta" }).click();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Crea e gioca" }).click();
  await expect(page.getByText("Il titolo deve avere almeno 3 caratteri.")).toBeVisible();
  await expect(page.getByText("La premessa deve avere almeno 20 caratteri.")).toBeVisible();
  await page.getByLabel("Titolo").fill("Neon sotto la pioggia");
  await page.getByLabel("Premessa").fill("Sei un corriere di dati che ha appena perso il carico più prezioso.");
  await page.getByRole("button", { name: "Crea e gioca" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcrea-gioco$/);

  await signedInPlayer(page);
  await page.goto("/crea-gioco");
  await page.getByLabel("Titolo").fill("Neon sotto la pioggia");
  await page.getByLabel("Genere").selectOption("Cyberpunk");
  await page.getByLabel("Stile di risposta").selectOption("umoristico");
  // The button says what it costs (issue 22 §5).
  await page.getByRole("button", { name: "Genera con AI (1 token)" }).click();
  await expect(page.getByText("Contenuti generati!")).toBeVisible();
  const premise = await page.getByLabel("Premessa").inputValue();
  expect(premise.length).toBeGreaterThanOrEqual(20);
  await expect(page.getByLabel("Stile di risposta")).toHaveValue("umoristico");
  await expect(page.getByLabel("Ritmo della storia")).not.toHaveValue("");
  // Every field is filled now: nothing more to generate, so nothing to pay for.
  await page.getByLabel("Stile di interazione").selectOption("guidato");
  await expect(page.getByRole("button", { name: "Genera con AI (1 token)" })).toBeDisabled();
  await expect(page.getByText("Tutti i campi sono già compilati: non c'è niente da generare.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "create-game");

  await page.getByRole("button", { name: "Crea e gioca" }).click();
  await expect(page).toHaveURL(/\/gioco\/cyberpunk\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Neon sotto la pioggia" })).toBeVisible();
  await expect(conversation(page).first()).toContainText(premise.slice(0, 60));
  await page.getByRole("button", { name: "/inizia" }).click();
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
});
