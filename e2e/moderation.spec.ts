/**
 * Trust and safety in Chromium (issue 23): a visitor reports a gallery image with a reason; a
 * moderator sees it in 'Segnalazioni' (and only that part of the console) and removes it with a
 * reason; the image leaves the gallery and its page answers 410 with the Italian notice; the
 * author reads the statement of reasons from the bell and contests it; an admin (a different
 * moderator) decides the appeal and the image is back. A moderator's own picture, once reported,
 * shows in their queue as someone else's to decide (issue 36 finding 5). Pages are captured at
 * 390 and 1280 px.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import { createImageViaApi, expectAccessible, signInAdmin, signedInPlayer } from "./fixtures";

/** Screenshots at phone (390 px) and desktop (1280 px) width, as test artifacts. */
async function capture(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/moderation-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** A new player made moderator by the admin; both signed in, each in a browser of their own. */
async function moderatorAndAdmin(browser: Browser): Promise<{ moderator: Page; moderatorEmail: string; admin: Page }> {
  const moderator = await newPage(browser);
  const moderatorEmail = await signedInPlayer(moderator);
  const moderatorId = (await (await moderator.request.get("/api/me")).json()).user.id;
  const admin = await newPage(browser);
  await signInAdmin(admin);
  await admin.goto("/generi");
  const promoted = await admin.request.put(`/api/admin/users/${moderatorId}`, {
    data: { email: moderatorEmail, role: "moderator", plan: "base" },
    headers: { origin: new URL(admin.url()).origin },
  });
  expect(promoted.status()).toBe(200);
  return { moderator, moderatorEmail, admin };
}

test("a visitor's report, a moderator's removal, the author's appeal and an admin's reversal", async ({ browser }) => {
  // The author makes a picture: it is in the gallery.
  const author = await newPage(browser);
  const authorEmail = await signedInPlayer(author);
  const image = await createImageViaApi(author, authorEmail);

  // A visitor reports it from its page.
  const visitor = await newPage(browser);
  await visitor.goto(`/galleria/${image.id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: image.title })).toBeVisible();
  await visitor.getByRole("link", { name: "Segnala" }).click();
  await expect(visitor.getByRole("heading", { name: `Segnala «${image.title}»` })).toBeVisible();
  await visitor.getByRole("button", { name: "Invia la segnalazione" }).click();
  await expect(visitor.getByText("Scegli il motivo della segnalazione.")).toBeVisible();
  await expect(visitor.getByText("Devi dichiarare che la segnalazione è fatta in buona fede.")).toBeVisible();
  await visitor.getByLabel("Violenza o incitamento").check();
  await visitor.getByLabel(/Spiega il problema/).fill("La scena mostra una violenza gratuita verso una persona.");
  await visitor.getByLabel("Email").fill("testimone-e2e@example.com");
  await visitor.getByLabel(/Dichiaro in buona fede/).check();
  await expectAccessible(visitor);
  await capture(visitor, "report-form");
  await visitor.getByRole("button", { name: "Invia la segnalazione" }).click();
  await expect(visitor.getByRole("heading", { name: "Segnalazione ricevuta" })).toBeVisible();
  await expect(visitor.getByText(/Ti abbiamo inviato una conferma per email/)).toBeVisible();
  await capture(visitor, "report-received");

  // A moderator: the console shows only 'Segnalazioni'.
  const { moderator, admin } = await moderatorAndAdmin(browser);
  await moderator.goto("/generi");
  await moderator.getByRole("link", { name: "Segnalazioni" }).first().click();
  await expect(moderator).toHaveURL(/\/admin\/reports$/);
  const adminMenu = moderator.getByRole("navigation", { name: "Menu amministrazione" });
  await expect(adminMenu.getByRole("link")).toHaveText(["Segnalazioni"]);
  await moderator.goto("/admin/users");
  await expect(moderator).toHaveURL(/\/admin\/reports$/);
  // Titles come from a small pool, so another test's picture may share this one's: the report is found by its link.
  const imageLink = `a[href^="/galleria/${image.id}"]`;
  const item = moderator.getByRole("listitem").filter({ has: moderator.locator(imageLink) });
  await expect(item.getByText("La scena mostra una violenza gratuita verso una persona.")).toBeVisible();
  await expect(item.getByRole("img", { name: image.title })).toBeVisible();
  await expect(item.getByText("testimone-e2e@example.com")).toHaveCount(0);
  await item.getByLabel("Contenuto rimosso").check();
  await item.getByLabel("Base della decisione").selectOption("termini");
  await item.getByLabel("Norma o regola violata").fill("Regole della community: violenza gratuita");
  await item.getByLabel(/Fatti e circostanze/).fill("L'immagine mostra una persona ferita in modo esplicito e gratuito.");
  await expectAccessible(moderator);
  await capture(moderator, "queue");
  await item.getByRole("button", { name: "Registra la decisione" }).click();
  await expect(moderator.getByText("Decisione registrata")).toBeVisible();
  await expect(moderator.locator(imageLink)).toHaveCount(0);

  // Gone from the gallery; its page answers 410 with the notice.
  await visitor.goto("/galleria");
  await expect(visitor.getByRole("heading", { level: 1, name: "Galleria" })).toBeVisible();
  await expect(visitor.locator(imageLink)).toHaveCount(0);
  const response = await visitor.goto(`/galleria/${image.id}`);
  expect(response?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "Contenuto rimosso" })).toBeVisible();
  await expect(visitor.getByText(/rimosso dai moderatori/)).toBeVisible();
  await capture(visitor, "removed");

  // The author reads the statement of reasons from the bell and contests it.
  await author.goto("/generi");
  await author.getByRole("button", { name: /^Notifiche/ }).click();
  const popover = author.getByRole("dialog", { name: "Notifiche" });
  await expect(popover.getByRole("heading", { name: "Decisione di moderazione" })).toBeVisible();
  await popover.getByRole("link", { name: "Leggi la decisione" }).click();
  await expect(author.getByRole("heading", { name: `«${image.title}»` })).toBeVisible();
  await expect(author.getByRole("main").getByText("Regole della community: violenza gratuita")).toBeVisible();
  await expect(author.getByRole("main").getByText("L'immagine mostra una persona ferita in modo esplicito e gratuito.")).toBeVisible();
  await expect(author.getByText("testimone-e2e@example.com")).toHaveCount(0);
  await author.getByLabel("Perché non sei d'accordo").fill("È una scena di un western, nessuna persona reale è coinvolta.");
  await expectAccessible(author);
  await capture(author, "decision");
  await author.getByRole("button", { name: "Contesta la decisione" }).click();
  await expect(author.getByRole("heading", { name: "Il tuo ricorso" })).toBeVisible();
  await expect(author.getByText("In esame da parte di un moderatore diverso")).toBeVisible();

  // The moderator who decided cannot decide the appeal; an admin does.
  await moderator.reload();
  await expect(moderator.getByText("Hai preso tu questa decisione: il ricorso deve deciderlo un altro moderatore.")).toBeVisible();
  await admin.goto("/admin/reports");
  const appeal = admin.getByRole("listitem").filter({ hasText: "È una scena di un western, nessuna persona reale è coinvolta." });
  await appeal.getByLabel(/Accogli/).check();
  await appeal.getByLabel(/Motivazione/).fill("Si tratta di una scena di finzione coerente con il genere western.");
  await capture(admin, "appeal");
  await appeal.getByRole("button", { name: "Decidi il ricorso" }).click();
  await expect(admin.getByText("Ricorso deciso")).toBeVisible();

  // The image is back, and the author is told.
  expect((await visitor.goto(`/galleria/${image.id}`))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1, name: image.title })).toBeVisible();
  await author.reload();
  await expect(author.getByText("Accolto: la decisione è stata annullata")).toBeVisible();
});

test("a moderator's own picture waits in 'Segnalazioni' for someone else (issue 36 finding 5)", async ({ browser }) => {
  const { moderator, moderatorEmail, admin } = await moderatorAndAdmin(browser);
  const origin = { origin: new URL(admin.url()).origin };
  const image = await createImageViaApi(moderator, moderatorEmail);
  const visitor = await newPage(browser);
  const reported = await visitor.request.post("/api/reports", {
    data: { kind: "image", contentId: image.id, reason: "violenza", explanation: "", email: "", goodFaith: true },
    headers: origin,
  });
  expect(reported.status()).toBe(201);

  const imageLink = `a[href^="/galleria/${image.id}"]`;
  await moderator.goto("/admin/reports");
  const own = moderator.getByRole("listitem").filter({ has: moderator.locator(imageLink) });
  await expect(own.getByText("Hai scritto tu questo contenuto: le segnalazioni deve deciderle un altro moderatore.")).toBeVisible();
  await expect(own.getByRole("button", { name: "Registra la decisione" })).toHaveCount(0);
  await expectAccessible(moderator);
  await capture(moderator, "own-content");

  await admin.goto("/admin/reports");
  const theirs = admin.getByRole("listitem").filter({ has: admin.locator(imageLink) });
  await expect(theirs.getByRole("button", { name: "Registra la decisione" })).toBeVisible();
});
