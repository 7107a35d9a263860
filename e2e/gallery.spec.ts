/**
 * Scene images in a real Chromium (issue 3): a premium player visualises a scene and sees it in
 * the chat with 'Creata da', finds it in the gallery, opens its page and downloads a PNG; a
 * base-plan player is refused; a visitor sees the call to action. axe on /galleria and the image
 * page; the page's HTML carries Open Graph tags for shared links.
 */

import { expect, type Page, test } from "@playwright/test";
import { conversation, createImageViaApi, expectAccessible, screenshots, setMessagesLeft, setPlan, signedInPlayer } from "./fixtures";

/** Starts a Fantasy game and waits for the first narration. */
async function startFantasyGame(page: Page) {
  await page.goto("/gioco/fantasy/new");
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
}

test("a premium player visualises a scene, finds it in the gallery and downloads it", async ({ page }) => {
  const email = await signedInPlayer(page);
  setPlan(email, "premium");
  await page.goto("/generi");
  await page.getByRole("button", { name: "Accetta" }).click();
  await startFantasyGame(page);

  const visualize = page.getByRole("button", { name: /^\/visualizza \(2 token\)/ });
  await expect(visualize).toHaveAccessibleName("/visualizza (2 token). Immagini rimaste questo mese: 10");
  await visualize.click();
  const picture = page.getByRole("img", { name: /^Immagine della scena: / });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  // Loaded, as its WebP rendition rather than the 1280 px original (issue 12).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/renditions\/.+-(480|960)\.webp$/);
  await expect(page.getByText("Creata da Utente anonimo")).toBeVisible();
  await expect(page.getByText("Offline", { exact: true })).toBeVisible();
  await expect(visualize).toHaveAccessibleName("/visualizza (2 token). Immagini rimaste questo mese: 9");
  // 1 message for /inizia + 2 for the picture: 30 − 3.
  await expect(page.getByLabel("Token rimanenti per oggi: 27")).toBeVisible();
  const title = (await picture.getAttribute("alt"))!.replace("Immagine della scena: ", "");
  await expectAccessible(page);
  await screenshots(page, "game-scene-image");

  // It stays after a reload.
  await page.reload();
  await expect(page.getByRole("img", { name: `Immagine della scena: ${title}` })).toBeVisible();

  // In the gallery, newest first, with its title and Italian date; its page opens from there.
  await page.goto("/galleria");
  await expect(page.getByRole("heading", { level: 1, name: "Galleria" })).toBeVisible();
  const card = page.getByRole("link", { name: new RegExp(title) }).first();
  await expect(card).toBeVisible();
  await expect(card.locator("time")).toHaveText(/^\d{1,2} (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre) \d{4}$/);
  await expectAccessible(page);
  await screenshots(page, "gallery");
  await card.click();
  await expect(page).toHaveURL(/\/galleria\/[0-9a-f-]{36}\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Storie.ai`).first()).toBeVisible();
  await expect(page.getByText("Utente anonimo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Accedi" })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "image-page");

  const imageId = /\/galleria\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Scarica" }).click()]);
  expect(download.suggestedFilename()).toBe(`immagine-${imageId}.png`);
  const file = await download.path();
  const bytes = await import("node:fs").then((fs) => fs.readFileSync(file!));
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");

  // Shared links: /galleria/{id} redirects to the canonical address, whose HTML has Open Graph tags.
  const canonical = new URL(page.url()).pathname;
  const short = await page.request.get(`/galleria/${imageId}`, { maxRedirects: 0 });
  expect(short.status()).toBe(301);
  expect(short.headers().location).toBe(canonical);
  const html = await (await page.request.get(canonical)).text();
  expect(html).toContain(`<meta property="og:image" content="http://127.0.0.1:${process.env.E2E_PORT ?? 3199}/media/images/`);
  expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
  const old = await page.request.get(`/gallery/${imageId}`, { maxRedirects: 0 });
  expect(old.headers().location).toBe(`/galleria/${imageId}`);

  // 'Torna alla galleria'.
  await page.getByRole("link", { name: "Torna alla galleria" }).first().click();
  await expect(page).toHaveURL(/\/galleria$/);
});

test("a base-plan player is refused with the upgrade explained", async ({ page }) => {
  await signedInPlayer(page);
  await page.getByRole("button", { name: "Accetta" }).click();
  await startFantasyGame(page);
  const visualize = page.getByRole("button", { name: /^\/visualizza \(2 token\)/ });
  await expect(visualize).toHaveAccessibleName(/Nessuna immagine disponibile/);
  await visualize.click();
  await expect(page.getByText("Token visualizzazione insufficienti")).toBeVisible();
  await expect(page.getByText("Non hai abbastanza token per generare un'immagine.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Vedi i piani" })).toBeVisible();
  await screenshots(page, "game-visualize-refused");
  await expect(page.getByRole("img", { name: /^Immagine della scena/ })).toHaveCount(0);
  await expect(page.getByLabel("Token rimanenti per oggi: 14")).toBeVisible();
});

test("with one message left '/visualizza' is disabled and says why (issue 22 §5)", async ({ page }) => {
  const email = await signedInPlayer(page);
  setPlan(email, "premium");
  await page.getByRole("button", { name: "Accetta" }).click();
  await startFantasyGame(page);
  setMessagesLeft(email, 1);
  await page.reload();
  await expect(page.getByLabel("Token rimanenti per oggi: 1")).toBeVisible();
  const visualize = page.getByRole("button", { name: /^\/visualizza \(2 token\)/ });
  await expect(visualize).toBeDisabled();
  await expect(visualize).toHaveAccessibleDescription("Limite messaggi raggiunto per /visualizza: servono 2 messaggi, oggi te ne resta 1.");
  await expect(page.getByText("servono 2 messaggi, oggi te ne resta 1.")).toBeVisible();
  // Typed, it cannot be sent either; a choice still can (it costs one message).
  await page.getByLabel("Scrivi la tua azione").fill("/visualizza");
  await expect(page.getByRole("button", { name: "Invia" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
  await expectAccessible(page);
});

test("a visitor sees the gallery, an image page with the call to action, and 'Immagine non trovata'", async ({ page }) => {
  // A picture of its own, made through the API by a premium player who then signs out.
  const image = await createImageViaApi(page, await signedInPlayer(page));
  await page.context().clearCookies();
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image" && new URL(request.url()).pathname.startsWith("/media/")) pictures.push(new URL(request.url()).pathname);
  });

  await page.goto("/gallery");
  await expect(page).toHaveURL(/\/galleria$/);
  await page.getByRole("button", { name: "Accetta" }).click();
  // Found by its address too: titles come from a small pool, another test's picture may share this one's.
  const card = page.getByRole("link", { name: new RegExp(image.title) }).and(page.locator(`a[href^="/galleria/${image.id}"]`));
  await expect(card).toBeVisible();
  // The grid shows a WebP rendition, never the full-size original (issue 12).
  const thumbnail = card.getByRole("img");
  await expect(thumbnail).toHaveJSProperty("complete", true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/renditions\/.+-(480|960)\.webp$/);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/galleria/${image.id}/`));
  await expect(page.getByRole("heading", { level: 1, name: image.title })).toBeVisible();
  const cta = page.getByRole("region", { name: "Crea anche tu le immagini delle tue storie" });
  await expect(cta.getByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/login");
  await expect(cta.getByRole("link", { name: "Registrati" })).toHaveAttribute("href", "/login");
  await expectAccessible(page);
  await screenshots(page, "image-page-visitor");
  expect(pictures.length).toBeGreaterThan(0);
  expect(pictures.filter((p) => !p.startsWith("/media/renditions/")), "full-size pictures downloaded").toEqual([]);

  await page.goto("/galleria/00000000-0000-4000-8000-000000000000/nessuna");
  await expect(page.getByRole("heading", { name: "Immagine non trovata" })).toBeVisible();
  await expectAccessible(page);
});
