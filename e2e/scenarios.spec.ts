/**
 * Scenarios by players in Chromium (issue 40 §1), captured at 390 and 1280 px: a player turns the
 * premise of 'Crea il tuo Gioco' into a draft with 'Pubblica come scenario' and publishes it; a
 * visitor finds it in 'Scopri' with the author's name and opens the creator page; another player
 * remixes it and the copy credits the original, which counts the remix; a moderator's removal
 * takes it out of 'Scopri' and its page shows the notice.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInAdmin, signedInPlayer } from "./fixtures";

async function capture(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/scenarios-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

test.setTimeout(240_000);

test("publish a scenario, find it in Scopri with its creator page, remix it, and a moderator removes it", async ({ browser }) => {
  const nickname = `Narratrice${Date.now().toString(36)}`;
  const title = `Il faro ${Date.now().toString(36)}`;
  const author = await newPage(browser);
  await signedInPlayer(author);
  const named = await author.request.put("/api/profile", { data: { nickname, firstName: "", lastName: "" }, headers: origin(author) });
  expect(named.status()).toBe(200);

  // 'Crea il tuo Gioco' → 'Pubblica come scenario': a private draft, then 'Pubblica'.
  await author.goto("/crea-gioco");
  await author.getByLabel("Titolo").fill(title);
  await author.getByLabel("Genere").selectOption("Avventura");
  await author.getByLabel("Premessa").fill("Una barca vuota approda ogni notte allo scoglio del faro, e la lanterna si accende da sola.");
  await author.getByRole("button", { name: "Pubblica come scenario" }).click();
  await expect(author.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(author.getByText("Bozza privata: la vedi solo tu.")).toBeVisible();
  await capture(author, "draft");
  const scenarioPath = new URL(author.url()).pathname;
  const scenarioId = scenarioPath.split("/").at(-1)!;
  await author.getByRole("button", { name: "Pubblica", exact: true }).click();
  await expect(author.getByText("Scenario pubblicato!")).toBeVisible();
  await expect(author.getByRole("button", { name: "Remix" })).toBeVisible();

  // A visitor finds it in 'Scopri' with the author's name, and opens the creator page.
  const visitor = await newPage(browser);
  await visitor.goto("/scopri");
  const card = visitor.getByRole("article").filter({ hasText: title });
  await expect(card).toBeVisible();
  await capture(visitor, "scopri");
  await card.getByRole("link", { name: nickname }).click();
  await expect(visitor).toHaveURL(new RegExp(`/autore/${nickname}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: nickname })).toBeVisible();
  await expect(visitor.getByText("1 scenario pubblicato")).toBeVisible();
  await capture(visitor, "creator");

  // Another player remixes it: the copy is their draft and credits the original.
  const remixer = await newPage(browser);
  await signedInPlayer(remixer);
  await remixer.goto(scenarioPath);
  await remixer.getByRole("button", { name: "Remix" }).click();
  await expect(remixer.getByText("Bozza privata: la vedi solo tu.")).toBeVisible();
  const credit = remixer.getByText("Basato su");
  await expect(credit).toContainText(`«${title}» di ${nickname}`);
  await capture(remixer, "remix");
  await credit.getByRole("link", { name: `«${title}»` }).click();
  await expect(remixer.getByText("1 remix")).toBeVisible();

  // A report and a moderator's removal: out of 'Scopri', its page shows the notice.
  const reported = await visitor.request.post("/api/reports", {
    data: { kind: "template", contentId: scenarioId, reason: "odio_molestie", explanation: "", email: "", goodFaith: true },
    headers: origin(visitor),
  });
  expect(reported.status()).toBe(201);
  const admin = await newPage(browser);
  await signInAdmin(admin);
  await admin.goto("/generi");
  const decided = await admin.request.post(`/api/moderation/items/template/${scenarioId}/decision`, {
    data: { action: "remove", groundType: "termini", ground: "Regole della community", facts: "Contenuto non ammesso." },
    headers: origin(admin),
  });
  expect(decided.status()).toBe(200);
  await visitor.goto("/scopri");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  await visitor.goto(scenarioPath);
  await expect(visitor.getByRole("heading", { level: 1, name: "Contenuto rimosso" })).toBeVisible();
  await capture(visitor, "removed");
});
