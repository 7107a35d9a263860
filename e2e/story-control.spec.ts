/**
 * The player owns the story (issue 11 §2) in a real Chromium with the offline narrator: play,
 * 'Rigenera' and swipe between versions, 'Annulla' and 'Ripristina', 'Modifica' of a narration
 * (kept after a reload), 'Salva e rinarra' of a player's message (a new branch), 'Riprendi da qui',
 * and 'Mappa delle scelte' switching to an older branch. axe on the game page with the actions,
 * the editor and the map open; screenshots at phone and desktop size. A long story opens at its
 * latest page and loads the older turns above; a 5,000-message story opens at its end with only
 * the rows near the view in the page (issue 11 §5).
 */

import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "../src/server/platform/db/sqlite-driver";
import { E2E_DATA_DIR } from "../playwright.config";
import { conversation, expectAccessible, narrations, screenshots, signedInPlayer, signInAdmin } from "./fixtures";

const lastItem = (page: Page) => conversation(page).last();
/** The opening paragraph of the latest narration (its text without the actions below it). */
const lastOpening = (page: Page) => lastItem(page).getByRole("paragraph").first().innerText();

test("a player regenerates, swipes, undoes, edits, re-narrates and resumes from an earlier narration", async ({ page }) => {
  await signedInPlayer(page);
  await page.getByRole("button", { name: /Horror/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  const box = page.getByLabel("Scrivi la tua azione");
  await box.fill("Apro la porta della cantina");
  await box.press("Enter");
  await narrations(page, 2);

  // 'Rigenera': a second version, then back to the first.
  const first = await lastOpening(page);
  await lastItem(page).getByRole("button", { name: "Rigenera" }).click();
  await expect(lastItem(page).getByLabel("Versione 2 di 2")).toBeVisible({ timeout: 30_000 });
  await narrations(page, 2);
  expect(await lastOpening(page)).not.toEqual(first);
  await lastItem(page).getByRole("button", { name: "Versione precedente" }).click();
  await expect(lastItem(page).getByLabel("Versione 1 di 2")).toBeVisible();
  expect(await lastOpening(page)).toEqual(first);
  await expectAccessible(page);
  await screenshots(page, "game-versions");

  // 'Annulla' takes the turn back; 'Ripristina' in the toast brings it back.
  await lastItem(page).getByRole("button", { name: "Annulla" }).click();
  await expect(page.getByText("Apro la porta della cantina", { exact: true })).toHaveCount(0);
  await narrations(page, 1);
  await page.getByRole("button", { name: "Ripristina" }).click();
  await expect(page.getByText("Apro la porta della cantina", { exact: true })).toBeVisible();
  await narrations(page, 2);

  // 'Modifica' of the first narration, kept after a reload.
  const firstNarration = conversation(page).filter({ hasText: "C)" }).first();
  await firstNarration.getByRole("button", { name: "Modifica" }).click();
  const editor = page.getByLabel("Modifica la narrazione");
  await editor.fill("");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByText("Il testo non può essere vuoto.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "game-edit");
  await editor.fill("La cantina è buia e odora di muffa.\n\n1. Scendo\n2. Chiamo aiuto\n3. Torno su");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByText("La cantina è buia e odora di muffa.")).toBeVisible();
  await expect(page.getByText("(modificato)")).toBeVisible();
  await page.reload();
  await narrations(page, 2);
  await expect(page.getByText("La cantina è buia e odora di muffa.")).toBeVisible();

  // 'Salva e rinarra' of the player's message: a new branch with a new narration.
  const mine = conversation(page)
    .filter({ has: page.getByRole("group", { name: "Azioni sul tuo messaggio" }) })
    .filter({ hasText: "Apro la porta della cantina" });
  await mine.getByRole("button", { name: "Modifica" }).click();
  await page.getByLabel("Modifica il tuo messaggio").fill("Chiudo la porta e resto in ascolto");
  await page.getByRole("button", { name: "Salva e rinarra" }).click();
  await expect(page.getByText("Apro la porta della cantina", { exact: true })).toHaveCount(0);
  // Checked once the new narration is done: while the server accepts the message its bubble is pending.
  await narrations(page, 2);
  await expect(page.getByText("Chiudo la porta e resto in ascolto", { exact: true })).toBeVisible();

  // 'Riprendi da qui' on the first narration: the next message starts from there.
  await conversation(page).filter({ hasText: "C)" }).first().getByRole("button", { name: "Riprendi da qui" }).click();
  await expect(page.getByText("Chiudo la porta e resto in ascolto", { exact: true })).toHaveCount(0);
  await narrations(page, 1);
  await box.fill("Salgo invece in soffitta");
  await box.press("Enter");
  await narrations(page, 2);
  await expect(page.getByText("Salgo invece in soffitta", { exact: true })).toBeVisible();
  await page.reload();
  await narrations(page, 2);
  await expect(page.getByText("Salgo invece in soffitta", { exact: true })).toBeVisible();

  // 'Mappa delle scelte': every branch is there; choosing an older one switches the story to it.
  await page.getByRole("button", { name: "Mappa delle scelte" }).click();
  const map = page.getByRole("dialog", { name: "Mappa delle scelte" });
  await expect(map.getByText("La tua storia si divide in")).toBeVisible();
  await expect(map.getByRole("button", { name: /^Tu: Salgo invece in soffitta/ })).toBeVisible();
  await expect(map.locator("[aria-current=step]")).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, "game-map");
  // Closed with Escape, the keyboard focus goes back to the button that opened it.
  const mapButton = page.getByRole("button", { name: "Mappa delle scelte" });
  await page.keyboard.press("Escape");
  await expect(map).toHaveCount(0);
  await expect(mapButton).toBeFocused();
  await mapButton.click();
  await map.getByRole("button", { name: /^Tu: Chiudo la porta e resto in ascolto/ }).click();
  await expect(map).toHaveCount(0);
  await expect(page.getByText("Chiudo la porta e resto in ascolto", { exact: true })).toBeVisible();
  await expect(page.getByText("Salgo invece in soffitta", { exact: true })).toHaveCount(0);
});

test("a long story opens at its latest turns and the older ones load above, in order", async ({ page }) => {
  test.setTimeout(180_000);
  // An admin plays: 26 turns are more than a day's messages on the base plan.
  await signInAdmin(page);
  await page.goto("/generi");
  await page.getByRole("button", { name: /Horror/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  for (let turn = 2; turn <= 26; turn++) {
    await page.getByRole("button", { name: "/A" }).click();
    await expect(page.getByRole("button", { name: "/A" })).toBeEnabled({ timeout: 30_000 });
  }
  await page.reload();
  // 52 messages: the page opens with the latest 50 at the end of the story, virtualised: only
  // the rows near the view are in the page. The server's page holds the last rows; the app's
  // virtualiser (its spacer stands for the rows above) takes over before the player scrolls.
  await expect(page.locator("section[aria-label=Conversazione] ol > li[aria-hidden]").first()).toBeAttached();
  await expect(conversation(page).filter({ hasText: "C)" }).last()).toBeInViewport();
  expect(await conversation(page).count()).toBeLessThan(30);
  // At the top of the page, the first two load on request.
  await page.evaluate(() => window.scrollTo(0, 0));
  const older = page.getByRole("button", { name: "Mostra i turni precedenti" });
  await expect(older).toBeVisible();
  await expect(page.getByText("/inizia", { exact: true })).toHaveCount(0);
  // The rows at the top are measured as they enter: read the position once they are.
  await virtualiserSettled(page);
  // What the player reads stays in place while the older turns appear above it.
  const reading = await conversation(page).nth(2).elementHandle();
  const readingTop = (await reading!.boundingBox())!.y;
  await older.click();
  await expect(page.getByText("/inizia", { exact: true })).toBeVisible();
  // The page scrolls by the new rows' estimate at once, then corrects by their measured height
  // over the next frames: on a busy machine a single read can land between the two.
  await expect.poll(async () => Math.abs((await reading!.boundingBox())!.y - readingTop), { timeout: 2_000 }).toBeLessThan(40);
  await expect(older).toHaveCount(0);
  await expect(conversation(page).first()).toContainText("Benvenuto");
  // In order: the greeting, '/inizia', its narration, then the turn that was first before.
  await page.evaluate(() => window.scrollTo(0, 0));
  const rows = conversation(page);
  await expect(rows.nth(1)).toContainText("/inizia");
  await expect(rows.nth(2)).toContainText("C)");
  await expect(rows.nth(3)).toContainText("Tu");
});

/**
 * Writes a story of `count` messages on one path (player's message, narration, …) straight into
 * the e2e server's SQLite file, as years of play would leave it, and makes its end the tip.
 */
function fillStory(gameId: string, userId: string, count: number) {
  const db = new Database(path.join(E2E_DATA_DIR, "storie.sqlite"));
  try {
    const insert = db.prepare(
      "insert into chat_messages (id, game_id, user_id, role, content, image_url, created_at, parent_id, depth) values (?, ?, ?, ?, ?, null, ?, ?, ?)",
    );
    let parent: string | null = null;
    db.transaction(() => {
      for (let depth = 0; depth < count; depth++) {
        const id = randomUUID();
        const player = depth % 2 === 0;
        const content = depth === 0 ? "/inizia" : player ? `Provo la strada numero ${depth}` : `Turno ${depth}. La nebbia sale dal porto.\n\nA) Segui il guardiano\nB) Esplora il molo\nC) Torna alla locanda`;
        insert.run(id, gameId, userId, player ? "user" : "assistant", content, new Date(Date.UTC(2026, 0, 1) + depth * 1000).toISOString(), parent, depth);
        parent = id;
      }
      db.prepare("update saved_games set tip_message_id = ? where id = ?").run(parent, gameId);
    })();
  } finally {
    db.close();
  }
}

/** Waits until the virtualiser has its rows (its spacers are in the list) and has measured them (20 frames later). */
async function virtualiserSettled(page: Page): Promise<void> {
  await expect(page.getByRole("region", { name: "Conversazione" }).locator("li[aria-hidden]").first()).toBeAttached();
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let frames = 0;
        const next = () => (++frames === 20 ? done() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
}

test("a 5,000-message story opens at its latest turn with only the rows near the view in the page", async ({ page }) => {
  await signedInPlayer(page);
  const me = await (await page.request.get("/api/me")).json();
  const created = await page.request.post("/api/games", { data: { genre: "horror" }, headers: { origin: new URL(page.url()).origin } });
  expect(created.status()).toBe(201);
  const game = (await created.json()) as { id: string };
  fillStory(game.id, me.user.id, 5000);

  // On a phone-class CPU the app takes over after the page has scrolled to the end, and the
  // rows are measured after that: the latest turn must stay on screen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto(`/gioco/horror/${game.id}`);
  await virtualiserSettled(page);
  await expect(page.getByText("Turno 4999.", { exact: false })).toBeInViewport();
  await expect(page.getByLabel("Scrivi la tua azione")).toBeInViewport();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(await conversation(page).count()).toBeLessThan(30);
  // Typing does not wait for the story: the box takes every key.
  const box = page.getByLabel("Scrivi la tua azione");
  await box.pressSequentially("Apro la porta della cantina");
  await expect(box).toHaveValue("Apro la porta della cantina");
  await screenshots(page, "game-long-story", { fullPage: false });
  // Scrolled up after typing, the older turns load above by themselves; the page still holds
  // only the rows near the view.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText("Turno 4949.", { exact: false })).toBeAttached();
  expect(await conversation(page).count()).toBeLessThan(30);
});

test("a reader who scrolls up before the app runs stays on what they were reading when it takes over", async ({ page }) => {
  await signedInPlayer(page);
  const me = await (await page.request.get("/api/me")).json();
  const created = await page.request.post("/api/games", { data: { genre: "horror" }, headers: { origin: new URL(page.url()).origin } });
  const game = (await created.json()) as { id: string };
  fillStory(game.id, me.user.id, 40);
  // The app's scripts wait until the reader has scrolled (a slow phone).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/gioco/horror/${game.id}`, { waitUntil: "commit" });
  await expect(page.getByText("Turno 39.", { exact: false })).toBeInViewport();
  const atEnd = await page.evaluate(() => window.scrollY);
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -450);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(atEnd - 300);
  // The row at the top of the screen, and where it is.
  const reading = () =>
    page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>("[data-index]")];
      const row = rows.find((element) => element.getBoundingClientRect().bottom > 100)!;
      return { index: row.dataset.index, top: Math.round(row.getBoundingClientRect().top) };
    });
  const before = await reading();
  release();
  await virtualiserSettled(page);
  const after = await page.evaluate((index) => Math.round(document.querySelector(`[data-index="${index}"]`)!.getBoundingClientRect().top), before.index!);
  expect(Math.abs(after - before.top)).toBeLessThanOrEqual(1);
});
