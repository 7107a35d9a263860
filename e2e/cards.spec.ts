/**
 * Character cards in a real Chromium at 390 px and 1280 px (issue 40 §3): a player imports a
 * Character Card V2 JSON with 'Importa una scheda personaggio' on /crea-gioco, lands on the new
 * private draft's page (its HTML-looking texts shown as text), finds 'Esporta scheda' (JSON and
 * PNG) there, plays it, and the story opens with the card's first_mes with {{user}} replaced by
 * their nickname and {{char}} by the character's name. Screenshots of both pages at both widths.
 * A card with alternate_greetings: the draft's page offers 'Scegli l'inizio' (and no 'Mi piace',
 * 'Salva' or 'Segnala' on a private draft); the story opens with the chosen greeting.
 */

import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { conversation, expectAccessible, signedInPlayer } from "./fixtures";

const CARD = (name: string) => ({
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name,
    description: "Una cartografa di isole che non esistono ancora. <b>Non è grassetto</b>",
    personality: "Curiosa.",
    scenario: "Un porto di nebbia.",
    first_mes: "Benvenuto, {{user}}! Sono {{char}} e la nebbia si apre solo per te.",
    mes_example: "",
    creator_notes: "",
    system_prompt: "",
    post_history_instructions: "",
    alternate_greetings: [],
    tags: ["avventura"],
    creator: "e2e",
    character_version: "1",
    extensions: {},
    character_book: {
      extensions: {},
      entries: [
        { keys: ["faro"], content: "Il faro si accende da solo.", enabled: true, insertion_order: 2, extensions: {}, name: "Il faro" },
        { keys: [], content: "Nel porto piove all'indietro.", enabled: true, insertion_order: 1, extensions: {}, constant: true, name: "Il clima" },
      ],
    },
  },
});

for (const width of [390, 1280]) {
  test(`at ${width} px a player imports a V2 card, finds the export links and plays it: the opening is first_mes with {{user}} replaced`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const suffix = randomUUID().slice(0, 4);
    const nickname = `Lupo${suffix}`;
    const name = `Aria ${suffix}`;
    await signedInPlayer(page);
    expect((await page.request.put("/api/profile", { headers: { origin: baseURL! }, data: { nickname, firstName: "", lastName: "" } })).ok()).toBe(true);

    await page.goto("/crea-gioco");
    await page.getByRole("button", { name: "Rifiuta" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Importa una scheda personaggio" }).click();
    await (await chooser).setFiles({ name: "aria.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(CARD(name))) });

    await expect(page).toHaveURL(/\/scopri\/aria-[a-z0-9]+\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The description's markup is shown as text, never as HTML.
    await expect(page.getByText("Non è grassetto</b>", { exact: false })).toBeVisible();
    await expect(page.locator("article b")).toHaveCount(0);
    const json = page.getByRole("link", { name: "Esporta scheda (JSON)" });
    await expect(json).toBeVisible();
    await expect(page.getByRole("link", { name: "Esporta scheda (PNG)" })).toBeVisible();
    const exported = await page.request.get((await json.getAttribute("href"))!);
    expect(exported.status()).toBe(200);
    expect(await exported.json()).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", data: { name, first_mes: CARD(name).data.first_mes } });
    await expectAccessible(page);
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-draft-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Gioca Ora" }).click();
    await expect(conversation(page).first()).toContainText(`Benvenuto, ${nickname}! Sono ${name} e la nebbia si apre solo per te.`);
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-game-${width}.png` });

    // Issue 40 §2: the world cards, and which are in the next prompt and why.
    // At 390 px the story's actions are in the header's menu (issue 39).
    if (width < 768) await page.getByRole("button", { name: "Menu della storia" }).click();
    await page.getByRole("button", { name: "Memoria", exact: true }).first().click();
    const panel = page.getByRole("dialog", { name: "Memoria" });
    await panel.getByRole("tab", { name: "Schede del mondo" }).click();
    await expect(panel.getByText("Sempre attiva")).toBeVisible();
    await expect(panel.getByText("Parole chiave: faro")).toBeVisible();
    await panel.getByRole("tab", { name: "Cosa ricorda il narratore" }).click();
    await expect(panel.getByRole("list", { name: "Schede nel prompt" }).getByRole("listitem")).toHaveText(["Il clima — sempre attiva"]);
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-memory-${width}.png` });
  });
}

const GREETINGS = [
  "{{user}}, ti svegli su una nave senza equipaggio mentre {{char}} ti osserva dall'albero maestro: la rotta segna un'isola che nessuno ha mai visto.",
  "La mappa brucia tra le mani di {{char}}, {{user}}: restano solo due parole, «torna indietro», scritte con un inchiostro che sa di sale. Il vento cambia e la nave punta a nord da sola.",
];

for (const width of [390, 1280]) {
  test(`at ${width} px a card's alternative opening is chosen on its draft's page and the story opens with it`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const suffix = randomUUID().slice(0, 4);
    const nickname = `Volpe${suffix}`;
    const name = `Nera ${suffix}`;
    await signedInPlayer(page);
    const headers = { origin: baseURL! };
    expect((await page.request.put("/api/profile", { headers, data: { nickname, firstName: "", lastName: "" } })).ok()).toBe(true);
    const card = CARD(name);
    const imported = await page.request.post("/api/templates/import", { headers, data: { ...card, data: { ...card.data, alternate_greetings: GREETINGS } } });
    expect(imported.status()).toBe(201);
    const { id } = (await imported.json()) as { id: string };

    await page.goto(`/scopri/x/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // A private draft: 'Pubblica' and play, nothing to like, save or report.
    await expect(page.getByRole("button", { name: "Pubblica" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Gioca Ora" })).toBeVisible();
    for (const label of ["Mi piace", "Salva", "Segnala"]) await expect(page.getByText(label, { exact: true })).toHaveCount(0);

    const choice = page.getByRole("group", { name: "Scegli l'inizio" });
    await expect(choice.getByRole("radio")).toHaveCount(3);
    await expect(choice.getByRole("radio", { name: /Inizio principale/ })).toBeChecked();
    // Each option shows the first ~140 characters, the macros as the story will tell them.
    const second = choice.getByRole("radio", { name: /Inizio alternativo 2/ });
    await expect(choice.getByText("la nave punta a nord")).toHaveCount(0);
    await expect(choice.getByText(`La mappa brucia tra le mani di ${name}, ${nickname}: `, { exact: false })).toBeVisible();
    await expect(choice.getByText("{{", { exact: false })).toHaveCount(0);
    await second.check();
    await expect(second).toBeChecked();
    // The whole chosen opening is quoted under 'L'inizio della storia'.
    await expect(page.locator("blockquote")).toContainText("la nave punta a nord da sola");
    await expectAccessible(page);
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-openings-${width}.png`, fullPage: true });

    await page.getByRole("button", { name: "Gioca Ora" }).click();
    await expect(conversation(page).first()).toContainText(
      `La mappa brucia tra le mani di ${name}, ${nickname}: restano solo due parole, «torna indietro», scritte con un inchiostro che sa di sale. Il vento cambia e la nave punta a nord da sola.`,
    );
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-openings-game-${width}.png` });
  });
}

test("/crea-gioco shows 'Importa una scheda personaggio' under the form", async ({ page }) => {
  await signedInPlayer(page);
  await page.goto("/crea-gioco");
  await page.getByRole("button", { name: "Rifiuta" }).click();
  await expect(page.getByRole("heading", { name: "Hai già un personaggio?" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e-artifacts/screenshots/cards-import-${width}.png`, fullPage: true });
  }
});
