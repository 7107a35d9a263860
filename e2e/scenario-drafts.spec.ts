/**
 * 'Modifica bozza' in Chromium (issue 40 §1), captured at 390 and 1280 px: a player makes a draft
 * with 'Pubblica come scenario', opens the editor on its page, adds an alternative opening, a world
 * card and an uploaded cover, saves ('Bozza salvata'), reloads and finds them, then publishes it.
 * A bad edit shows the schema's Italian message and saves nothing.
 */

import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, signedInPlayer } from "./fixtures";

async function capture(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/scenario-drafts-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const ALTERNATIVE = "Il guardiano del faro ti apre la porta prima ancora che tu bussi, con una lanterna spenta in mano.";

test.setTimeout(180_000);

for (const width of [390, 1280]) {
  test(`edit a draft at ${width} px: an alternative opening, a world card and a cover, saved, reloaded, published`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `La torre ${width}-${Date.now().toString(36)}`;
    await signedInPlayer(page);
    await page.goto("/crea-gioco");
    await page.getByLabel("Titolo").fill(title);
    await page.getByLabel("Genere").selectOption("Fantasy");
    await page.getByLabel("Premessa").fill("Una torre emerge dal mare solo nelle notti di luna piena, e qualcuno dentro accende una luce.");
    await page.getByRole("button", { name: "Pubblica come scenario" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.getByRole("button", { name: "Modifica bozza" }).click();
    const editor = page.getByRole("form", { name: "Modifica della bozza" });
    await expect(editor.getByLabel("Titolo")).toHaveValue(title);

    // A bad edit: the schema's Italian message, nothing sent.
    await editor.getByLabel("Apertura", { exact: true }).fill("breve");
    await editor.getByRole("button", { name: "Salva bozza" }).click();
    await expect(editor.getByText("L'apertura deve avere almeno 20 caratteri.")).toBeVisible();
    await editor.getByLabel("Apertura", { exact: true }).fill("La marea si ritira e la porta della torre, coperta di alghe, si apre davanti a te.");

    await editor.getByRole("button", { name: "Aggiungi un'apertura" }).click();
    await editor.getByRole("textbox", { name: "Apertura alternativa 1" }).fill(ALTERNATIVE);
    await editor.getByRole("button", { name: "Aggiungi una scheda" }).click();
    const card = editor.getByRole("listitem", { name: "Scheda 1" });
    await card.getByLabel("Titolo della scheda").fill("La custode");
    await card.getByLabel("Parole chiave").fill("custode, gabbiani");
    await card.getByLabel("Testo della scheda").fill("Una donna che parla con i gabbiani e conosce ogni scala della torre.");
    await card.getByLabel("Sempre attiva").check();
    await card.getByLabel("Ordine").fill("5");

    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#2b4a6f" } }).png().toBuffer();
    await editor.getByLabel("Carica un'immagine").setInputFiles({ name: "copertina.png", mimeType: "image/png", buffer: png });
    await expect(editor.getByRole("img", { name: `Anteprima della copertina di ${title}` })).toBeVisible();
    await expectAccessible(page);
    await capture(page, "editor");

    await editor.getByRole("button", { name: "Salva bozza" }).click();
    await expect(page.getByText("Bozza salvata")).toBeVisible();
    await expect(page.getByRole("img", { name: `Copertina di ${title}` })).toHaveAttribute("src", /^\/media\/covers\/.+\.webp$/);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("img", { name: `Copertina di ${title}` })).toHaveAttribute("src", /^\/media\/covers\/.+\.webp$/);
    // The page offers both openings ('Scegli l'inizio') and quotes the chosen one, the first.
    const choice = page.getByRole("group", { name: "Scegli l'inizio" });
    await expect(choice.getByRole("radio")).toHaveCount(2);
    await expect(choice.getByText(ALTERNATIVE.slice(0, 60), { exact: false })).toBeVisible();
    await expect(page.locator("blockquote")).toContainText("La marea si ritira");
    await page.getByRole("button", { name: "Modifica bozza" }).click();
    const reopened = page.getByRole("form", { name: "Modifica della bozza" });
    await expect(reopened.getByRole("textbox", { name: "Apertura alternativa 1" })).toHaveValue(ALTERNATIVE);
    const saved = reopened.getByRole("listitem", { name: "Scheda 1" });
    await expect(saved.getByLabel("Titolo della scheda")).toHaveValue("La custode");
    await expect(saved.getByLabel("Parole chiave")).toHaveValue("custode, gabbiani");
    await expect(saved.getByLabel("Sempre attiva")).toBeChecked();
    await expect(saved.getByLabel("Attiva", { exact: true })).toBeChecked();
    await expect(saved.getByLabel("Ordine")).toHaveValue("5");
    await capture(page, "reloaded");
    await reopened.getByRole("button", { name: "Annulla" }).click();

    await page.getByRole("button", { name: "Pubblica", exact: true }).click();
    await expect(page.getByText("Scenario pubblicato!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Modifica bozza" })).toHaveCount(0);
  });
}
