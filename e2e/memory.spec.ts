/**
 * The narrator's memory (issue 11 §1) in a real Chromium with the offline narrator: after a few
 * turns the 'Memoria' panel lists the facts the narrator found; the player adds, pins, unpins and
 * deletes one, edits 'La storia finora' (kept after a reload) and reads 'Cosa ricorda il
 * narratore' with its token counts. An admin gives a template 'Schede del mondo' (one read on its
 * keywords, one 'Sempre attiva' with its 'Ordine', one not 'Attiva': issue 40 §2) and a prompt
 * budget; they are kept, and a game from that template shows the cards and the budget. axe with the panel open;
 * screenshots at phone and desktop size.
 */

import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, narrations, screenshots, signedInPlayer, signInAdmin } from "./fixtures";

/** Opens the 'Memoria' panel on one of its tabs. */
async function openMemory(page: Page, tab: string) {
  await page.getByRole("button", { name: "Memoria", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Memoria" });
  await panel.getByRole("tab", { name: tab }).click();
  return panel;
}

test("a player reads and edits what the narrator remembers", async ({ page }) => {
  await signedInPlayer(page);
  await page.getByRole("button", { name: /Fantasy/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  for (let turn = 2; turn <= 4; turn++) {
    await page.getByRole("button", { name: "/A" }).click();
    await narrations(page, turn);
  }

  // 'Ricordi': the narrator's facts are there.
  const panel = await openMemory(page, "Ricordi");
  const facts = panel.getByRole("list", { name: "Ricordi" }).getByRole("listitem");
  await expect(facts.first()).toBeVisible();
  await expect(panel.getByText("Dal narratore").first()).toBeVisible();

  // A new fact: the schema's messages first, then added and pinned (pinned facts come first).
  await panel.getByRole("button", { name: "Aggiungi un ricordo" }).click();
  const form = panel.getByRole("form", { name: "Nuovo ricordo" });
  await form.getByRole("button", { name: "Aggiungi" }).click();
  await expect(form.getByText("Il nome del ricordo non può essere vuoto.")).toBeVisible();
  await expect(form.getByText("Il testo del ricordo non può essere vuoto.")).toBeVisible();
  await form.getByLabel("Tipo").selectOption("alleato");
  await form.getByLabel("Nome").fill("Mirella la cartografa");
  await form.getByLabel("Che cosa ricordare").fill("Mia sorella: disegna le mappe dei passaggi segreti.");
  await form.getByLabel(/Fissa questo ricordo/).check();
  await form.getByRole("button", { name: "Aggiungi" }).click();
  await expect(form).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Aggiungi un ricordo" })).toBeFocused();
  const mine = facts.filter({ hasText: "Mirella la cartografa" });
  await expect(facts.first()).toContainText("Mirella la cartografa");
  await expect(mine).toContainText("Alleato");
  await expect(mine).toContainText("Aggiunto da te");
  await expect(mine.getByRole("button", { name: "Sblocca" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  await screenshots(page, "memory-facts");

  // Unpin, pin again, edit, and delete a narrator's fact after the confirmation.
  await mine.getByRole("button", { name: "Sblocca" }).click();
  await expect(mine.getByRole("button", { name: "Fissa" })).toHaveAttribute("aria-pressed", "false");
  await mine.getByRole("button", { name: "Fissa" }).click();
  await expect(mine.getByRole("button", { name: "Sblocca" })).toHaveAttribute("aria-pressed", "true");
  await mine.getByRole("button", { name: "Modifica" }).click();
  const edit = panel.getByRole("form", { name: "Modifica il ricordo Mirella la cartografa" });
  await edit.getByLabel("Nome").fill("Mirella, mia sorella");
  await edit.getByRole("button", { name: "Salva" }).click();
  await expect(facts.first()).toContainText("Mirella, mia sorella");
  await expect(facts.first().getByRole("button", { name: "Modifica" })).toBeFocused();
  const count = await facts.count();
  const doomed = facts.filter({ hasText: "Dal narratore" }).first();
  const doomedTitle = await doomed.getByRole("heading").innerText();
  await doomed.getByRole("button", { name: "Elimina" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(facts).toHaveCount(count - 1);
  await expect(panel.getByRole("button", { name: "Aggiungi un ricordo" })).toBeFocused();
  await expect(panel.getByRole("heading", { name: doomedTitle, exact: true })).toHaveCount(0);

  // 'La storia finora': the player's recap is kept after a reload.
  await panel.getByRole("tab", { name: "La storia finora" }).click();
  await panel.getByRole("button", { name: "Modifica" }).click();
  const recap = panel.getByLabel("Il riassunto della storia");
  await recap.fill("x".repeat(4001));
  await expect(recap).toHaveValue("x".repeat(4000));
  await recap.fill("L'eroe ha lasciato il villaggio con Mirella. <b>Nessun tag</b> diventa HTML.");
  await panel.getByRole("button", { name: "Salva" }).click();
  await expect(panel.getByText("L'eroe ha lasciato il villaggio con Mirella. <b>Nessun tag</b> diventa HTML.")).toBeVisible();
  await expect(panel.getByText("Modificato da te")).toBeVisible();
  await page.reload();
  await narrations(page, 4);
  const again = await openMemory(page, "La storia finora");
  await expect(again.getByText("L'eroe ha lasciato il villaggio con Mirella.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "memory-recap");

  // 'Cosa ricorda il narratore': the sections with their tokens, within the budget.
  await again.getByRole("tab", { name: "Cosa ricorda il narratore" }).click();
  const sections = again.getByRole("list", { name: "Parti del prompt" }).getByRole("listitem");
  await expect(sections.filter({ hasText: "Turni recenti" })).toContainText(/\d+ token/);
  await expect(sections.filter({ hasText: "La storia finora" })).toContainText(/\d+ token/);
  await expect(again.getByText(/\d+ token su 6000 token/)).toBeVisible();
  // Players do not see the system prompt's text: its title has no toggle.
  await expect(sections.filter({ hasText: "Istruzioni del narratore" }).getByRole("button")).toHaveCount(0);
  const recent = sections.filter({ hasText: "Turni recenti" }).getByRole("button");
  await expect(recent).toHaveAttribute("aria-expanded", "false");
  await recent.click();
  await expect(recent).toHaveAttribute("aria-expanded", "true");
  await expect(again.getByLabel("Testo di Turni recenti")).toContainText("Scelgo l'opzione A");
  await expectAccessible(page);
  await screenshots(page, "memory-prompt");

  // Closed with Escape, the focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(again).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Memoria", exact: true })).toBeFocused();
});

test("an admin gives a template story cards and a prompt budget; its games carry them", async ({ page }) => {
  const title = `La torre di sale ${randomUUID().slice(0, 6)}`;
  await signInAdmin(page);

  // The genre prompt editor has the budget with the other AI settings.
  await page.goto("/admin/genres");
  await page.getByRole("button", { name: "Modifica Fantasy" }).click();
  const genreForm = page.getByRole("form", { name: "Modifica prompt Fantasy" });
  const genreBudget = genreForm.getByLabel("Budget del prompt (token)");
  await expect(genreBudget).toHaveValue("6000");
  await genreBudget.fill("50");
  await genreForm.getByRole("button", { name: "Salva" }).click();
  await expect(genreForm.getByText("Il budget del prompt deve essere un numero intero compreso tra 1000 e 32000 token.")).toBeVisible();
  await screenshots(page, "memory-genre-budget");
  await genreForm.getByRole("button", { name: "Annulla" }).click();

  await page.goto("/admin/templates");
  await page.getByRole("button", { name: "Crea Template" }).click();
  const dialog = page.getByRole("dialog", { name: "Crea Template" });
  await dialog.getByLabel("Titolo", { exact: true }).fill(title);
  await dialog.getByLabel("Descrizione", { exact: true }).fill("Una torre costruita con il sale del mare antico.");
  await dialog.getByLabel("Prompt iniziale della storia", { exact: true }).fill("Il vento porta sabbia e sale contro la porta della torre.");
  await dialog.getByRole("button", { name: "Configurazione AI Avanzata" }).click();
  await dialog.getByLabel("Budget del prompt (token)").fill("4000");

  // An empty card is refused with the schema's messages.
  await dialog.getByRole("button", { name: "Aggiungi una scheda" }).click();
  const card = dialog.getByRole("listitem", { name: "Scheda 1" });
  await dialog.getByRole("button", { name: "Salva Template" }).click();
  await expect(card.getByText("Il titolo della voce non può essere vuoto.")).toBeVisible();
  await expect(card.getByText("Aggiungi almeno una parola chiave.")).toBeVisible();
  await card.getByLabel("Titolo della scheda").fill("Il Custode del Sale");
  await card.getByLabel("Testo della scheda").fill("Un vecchio cieco che sente il sale parlare; protegge la torre.");
  await card.getByLabel("Parole chiave").fill("custode, torre, sale");
  // A new card is on, read on its keywords, at order 100 (issue 40 §2).
  await expect(card.getByRole("checkbox", { name: "Attiva", exact: true })).toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Sempre attiva" })).not.toBeChecked();
  await expect(card.getByLabel("Ordine")).toHaveValue("100");
  // A second card always on, with no keyword, first in order; a third one switched off.
  await dialog.getByRole("button", { name: "Aggiungi una scheda" }).click();
  const always = dialog.getByRole("listitem", { name: "Scheda 2" });
  await always.getByLabel("Titolo della scheda").fill("La marea");
  await always.getByLabel("Testo della scheda").fill("Ogni sei ore il mare sale fino alla porta della torre.");
  await always.getByRole("checkbox", { name: "Sempre attiva" }).check();
  await always.getByLabel("Ordine").fill("1.5");
  await dialog.getByRole("button", { name: "Aggiungi una scheda" }).click();
  const off = dialog.getByRole("listitem", { name: "Scheda 3" });
  await off.getByLabel("Titolo della scheda").fill("Il faro spento");
  await off.getByLabel("Testo della scheda").fill("Un faro che nessuno accende più.");
  await off.getByLabel("Parole chiave").fill("faro");
  await off.getByRole("checkbox", { name: "Attiva", exact: true }).uncheck();
  await dialog.getByRole("button", { name: "Salva Template" }).click();
  await expect(always.getByText("L'ordine della voce deve essere un numero intero.")).toBeVisible();
  await always.getByLabel("Ordine").fill("5");
  // A fourth card, removed again.
  await dialog.getByRole("button", { name: "Aggiungi una scheda" }).click();
  await dialog.getByRole("button", { name: "Rimuovi la scheda 4" }).click();
  await expect(dialog.getByRole("listitem", { name: "Scheda 4" })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "memory-template-cards");
  await dialog.getByRole("button", { name: "Salva Template" }).click();
  await expect(page.getByText("Successo!")).toBeVisible();

  // Kept: the dialog of the saved template shows them.
  await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /Modifica/ }).click();
  const saved = page.getByRole("dialog", { name: "Modifica Template" });
  const [first, second, third] = [1, 2, 3].map((n) => saved.getByRole("listitem", { name: `Scheda ${n}` }));
  await expect(first!.getByLabel("Parole chiave")).toHaveValue("custode, torre, sale");
  await expect(first!.getByLabel("Ordine")).toHaveValue("100");
  await expect(second!.getByRole("checkbox", { name: "Sempre attiva" })).toBeChecked();
  await expect(second!.getByRole("checkbox", { name: "Attiva", exact: true })).toBeChecked();
  await expect(second!.getByLabel("Ordine")).toHaveValue("5");
  await expect(third!.getByRole("checkbox", { name: "Attiva", exact: true })).not.toBeChecked();
  await expect(third!.getByRole("checkbox", { name: "Sempre attiva" })).not.toBeChecked();
  await saved.getByRole("button", { name: "Annulla" }).click();

  // A game from the template has the card and the budget.
  await page.goto("/scopri");
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("button", { name: "Gioca Ora" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const panel = await openMemory(page, "Schede del mondo");
  await expect(panel.getByRole("heading", { name: "Il Custode del Sale" })).toBeVisible();
  await expect(panel.getByText("Parole chiave: custode, torre, sale")).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: "La marea" })).toContainText("Sempre attiva");
  await expect(panel.getByRole("listitem").filter({ hasText: "Il faro spento" })).toContainText("Disattivata: il narratore non la legge.");
  await panel.getByRole("tab", { name: "Cosa ricorda il narratore" }).click();
  await expect(panel.getByText(/token su 4000 token/)).toBeVisible();
  // Admins read the system prompt too.
  await expect(panel.getByRole("listitem").filter({ hasText: "Istruzioni del narratore" }).getByRole("button")).toHaveCount(1);
  await expectAccessible(page);
});
