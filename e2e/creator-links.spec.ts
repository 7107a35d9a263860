/**
 * Links to the creator page in Chromium (issue 40 §1: '/autore/{nickname} … linked from every
 * scenario, shared story and gallery picture by that author'), at 390 and 1280 px: a player with
 * a nickname and a published scenario shares a story and makes a scene picture; a visitor clicks
 * the author's name on the story's reading page, in 'Storie condivise', in the gallery and on the
 * picture's page, and lands on the creator page each time. The link is in the server's HTML too.
 * A player known by a first name only gets no link.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import { createImageViaApi, expectAccessible, signedInPlayer } from "./fixtures";

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Saves the page at phone (390 px) and desktop (1280 px) width as test artifacts. */
async function capture(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/creator-links-${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** A started game of the page's player, shared and listed with the nickname shown. Output: the link's path and id. */
async function sharedStory(page: Page): Promise<{ path: string; id: string }> {
  const headers = origin(page);
  const game = await (await page.request.post("/api/games", { data: { genre: "horror" }, headers })).json();
  expect((await page.request.post(`/api/games/${game.id}/messages`, { data: { content: "/inizia" }, headers })).ok()).toBe(true);
  const shared = await page.request.put(`/api/games/${game.id}/share`, { data: { showNickname: true, listed: true }, headers });
  expect(shared.status()).toBe(201);
  return shared.json();
}

/** A visitor's page (no session) at `width`, the cookie banner accepted. */
async function visitorAt(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "it-IT", viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/galleria");
  await page.getByRole("button", { name: "Accetta" }).click();
  return page;
}

test.setTimeout(240_000);

test("from a shared story and a gallery picture, the author's name leads to the creator page", async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const nickname = `Élise${stamp}`;
  const path = `/autore/${encodeURIComponent(nickname)}`;
  const email = await signedInPlayer(page);
  expect((await page.request.put("/api/profile", { data: { nickname, firstName: "Elisa", lastName: "" }, headers: origin(page) })).status()).toBe(200);
  const draft = await page.request.post("/api/scenarios", {
    data: { title: `La casa delle maree ${stamp}`, genre: "Avventura", description: "Una casa che il mare sommerge ogni notte.", first_message: "L'acqua si ritira dalle scale.", story_cards: [] },
    headers: origin(page),
  });
  expect(draft.status()).toBe(201);
  expect((await page.request.post(`/api/scenarios/${(await draft.json()).id}/publish`, { headers: origin(page) })).status()).toBe(200);
  const image = await createImageViaApi(page, email);
  const story = await sharedStory(page);

  // The server's HTML already holds the links (before any script).
  for (const address of [story.path, "/galleria", `/galleria/${image.id}`]) {
    const html = await (await page.request.get(address)).text();
    expect(html, address).toContain(`href="${path}"`);
  }

  for (const width of [390, 1280]) {
    const visitor = await visitorAt(browser, baseURL!, width);
    const landsOnCreatorPage = async () => {
      await expect(visitor).toHaveURL(new RegExp(`${path}$`));
      await expect(visitor.getByRole("heading", { level: 1, name: nickname })).toBeVisible();
    };

    // The shared story's reading page (a server page): 'di {nickname}' in the byline.
    await visitor.goto(story.path);
    const byline = visitor.getByRole("article").getByRole("link", { name: nickname, exact: true });
    await expect(byline).toHaveAttribute("href", path);
    if (width === 390) await capture(visitor, "reading-page");
    await byline.click();
    await landsOnCreatorPage();

    // 'Storie condivise': the author's link sits above the card's link to the story.
    await visitor.goto("/galleria?vista=storie");
    const card = visitor.getByRole("listitem").filter({ has: visitor.locator(`a[href="${story.path}"]`) });
    await expect(card.getByRole("link", { name: nickname, exact: true })).toBeVisible();
    if (width === 390) {
      await expectAccessible(visitor);
      await capture(visitor, "shared-stories");
    }
    await card.getByRole("link", { name: nickname, exact: true }).click();
    await landsOnCreatorPage();
    // The rest of the card still opens the story (the story link's area covers the date: a click there, where the mouse would be).
    await visitor.goto("/galleria?vista=storie");
    await card.locator("time").click({ force: true });
    await expect(visitor).toHaveURL(new RegExp(`${story.path}$`));

    // The gallery: the picture's card names its author under it.
    await visitor.goto("/galleria");
    const picture = visitor.getByRole("listitem").filter({ has: visitor.locator(`a[href^="/galleria/${image.id}"]`) });
    await expect(picture).toContainText(`di ${nickname}`);
    if (width === 390) {
      await expectAccessible(visitor);
      await capture(visitor, "gallery");
    }
    await picture.getByRole("link", { name: nickname, exact: true }).click();
    await landsOnCreatorPage();

    // The picture's page: 'Creata da {nickname}'.
    await visitor.goto(`/galleria/${image.id}`);
    await expect(visitor.getByRole("heading", { level: 1, name: image.title })).toBeVisible();
    if (width === 390) {
      await expectAccessible(visitor);
      await capture(visitor, "image-page");
    }
    await visitor.getByRole("main").getByRole("link", { name: nickname, exact: true }).click();
    await landsOnCreatorPage();
    await visitor.context().close();
  }
});

test("a player known by a first name only: the name is plain text, no link", async ({ page, browser, baseURL }) => {
  const email = await signedInPlayer(page);
  expect((await page.request.put("/api/profile", { data: { nickname: "", firstName: "Giovanna", lastName: "" }, headers: origin(page) })).status()).toBe(200);
  const image = await createImageViaApi(page, email);
  const visitor = await visitorAt(browser, baseURL!, 1280);
  await visitor.goto(`/galleria/${image.id}`);
  await expect(visitor.getByText("Creata da Giovanna")).toBeVisible();
  await expect(visitor.getByRole("main").getByRole("link", { name: "Giovanna" })).toHaveCount(0);
  await expect(visitor.locator('main a[href^="/autore/"]')).toHaveCount(0);
  await visitor.context().close();
});
