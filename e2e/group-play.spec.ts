/**
 * 'Gioca insieme' (issue 24, ADR 0019) in a real Chromium, two players in two browser contexts:
 * the host invites from the game page ('Gioca insieme': link and QR code), a friend opens the
 * link, chooses a character and joins; they play three turns 'a turno' and three by 'voto', each
 * seeing the other's messages (labelled with the author's nickname) and every narration live; the
 * friend reloads in the middle of the last narration and sees its end. A friend who deletes the
 * account leaves the host's open page with the whole story, live, their words under 'Giocatore
 * eliminato' (issue 36 finding 0). Runs its own built server (extra-server.ts) with a narrator slow
 * enough to reload mid-way (as live-narration.spec.ts).
 */

import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { type ExtraServer, startExtraServer } from "./extra-server";
import { conversation, expectAccessible, PASSWORD, screenshots, watchProblems } from "./fixtures";
import { messageBox, narratedAfter, newPlayer, playersOf } from "./group-fixtures";

/**
 * ~140 words a narration: about 8 s to write one, long enough to reload in the middle even on a
 * loaded machine (at 4 s a slow reload sometimes came back after the narration had ended).
 */
const WORD_DELAY_MS = "60";

let server: ExtraServer;

test.beforeAll(async () => {
  server = await startExtraServer({ OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS });
});

test.afterAll(() => server.stop());

/** The host's 'Gioca insieme' dialog: chooses 'A turno' or 'Voto' (with its countdown) and saves. */
async function chooseMode(host: Page, mode: "A turno" | "Voto", seconds?: number) {
  await host.getByRole("button", { name: "Gioca insieme" }).click();
  const dialog = host.getByRole("dialog", { name: "Gioca insieme" });
  await dialog.getByRole("radio", { name: new RegExp(`^${mode}`) }).check();
  if (seconds) await dialog.getByLabel("Durata del voto (secondi)").fill(String(seconds));
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(host.getByText("Modalità salvata")).toBeVisible();
  await host.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test("two friends play one story: invited by link, three turns 'a turno', three by 'voto', live on both pages, a reload mid-narration", async ({ browser }) => {
  test.setTimeout(240_000);
  const suffix = randomUUID().slice(0, 6);
  const hostNick = `Ada_${suffix}`;
  const friendNick = `Bruno_${suffix}`;
  const host = await newPlayer(browser, server, hostNick);
  const friend = await newPlayer(browser, server, friendNick);

  // The host starts a story of their own.
  await host.getByRole("button", { name: /Fantasy/ }).click();
  await host.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(host).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  const game = { id: host.url().split("/").at(-1)! };
  await host.getByRole("button", { name: "/inizia" }).click();
  await narratedAfter(host, "/inizia");
  const title = (await host.getByRole("heading", { level: 1 }).innerText()).trim();

  // 'Gioca insieme': a link shown once, with its QR code, listed among the active invitations.
  await host.getByRole("button", { name: "Gioca insieme" }).click();
  const dialog = host.getByRole("dialog", { name: "Gioca insieme" });
  await dialog.getByRole("button", { name: "Crea invito" }).click();
  await expect(dialog.getByRole("img", { name: "Codice QR dell'invito" })).toBeVisible();
  const link = await dialog.getByLabel("Link dell'invito").inputValue();
  expect(link).toMatch(/\/invito\/[^/]+$/);
  await expect(dialog.getByRole("list", { name: "Inviti attivi" }).getByRole("listitem")).toHaveCount(1);
  await screenshots(host, "group-invite", { fullPage: false });
  await host.keyboard.press("Escape");

  // The friend opens the link: the story, its host and its players; then a character and in.
  await friend.goto(link);
  await expect(friend.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(friend.getByText(`${hostNick} ti invita a giocare insieme`)).toBeVisible();
  await expect(friend.getByText("1 giocatore su 4")).toBeVisible();
  await friend.getByRole("button", { name: "Entra nella storia" }).click();
  await expect(friend.getByText("Scrivi il nome del tuo personaggio.")).toBeVisible();
  await screenshots(friend, "group-invitation-page");
  await friend.getByLabel("Nome del tuo personaggio").fill("Nerea la ladra");
  await friend.getByLabel("Il tuo personaggio in una riga (facoltativo)").fill("Non sa mentire");
  await friend.getByRole("button", { name: "Entra nella storia" }).click();
  await expect(friend).toHaveURL(new RegExp(`/gioco/fantasy/${game.id}$`));
  // The host, on the story's page, is told live (issue 39).
  await expect(host.getByText(`${friendNick} si è unito alla storia`)).toBeVisible();
  await narratedAfter(friend, "/inizia");
  // The host's message from before the group carries the host's nickname too.
  await expect(conversation(friend).filter({ has: friend.getByText("/inizia", { exact: true }) })).toContainText(hostNick);

  // Both see both players, live on the host's page.
  for (const page of [host, friend]) {
    await expect(playersOf(page)).toHaveCount(2);
    await expect(playersOf(page).filter({ hasText: friendNick })).toContainText("Nerea la ladra");
  }

  // Three turns 'a turno': the players take turns; the other waits with the reason and sees it all live.
  await chooseMode(host, "A turno");
  const actors: Page[] = [];
  for (let turn = 1; turn <= 3; turn++) {
    await expect.poll(async () => Number(await messageBox(host).isEnabled()) + Number(await messageBox(friend).isEnabled())).toBe(1);
    const [actor, other] = (await messageBox(host).isEnabled()) ? [host, friend] : [friend, host];
    const actorNick = actor === host ? hostNick : friendNick;
    actors.push(actor);
    await expect(other.getByText(`Non è il tuo turno: tocca a ${actorNick}.`)).toBeVisible();
    if (turn === 1) {
      await screenshots(other, "group-turns", { fullPage: false });
      await expectAccessible(other);
    }
    await messageBox(actor).pressSequentially(`Turno ${turn}: apro la porta`, { delay: 20 });
    await expect(playersOf(other).filter({ hasText: actorNick })).toContainText("sta scrivendo…");
    await messageBox(actor).press("Enter");
    // The other player sees the message with its author's nickname (the narration after it may quote it).
    await expect(conversation(other).filter({ hasText: `Turno ${turn}: apro la porta` }).first()).toContainText(actorNick);
    for (const page of [host, friend]) await narratedAfter(page, `Turno ${turn}: apro la porta`);
  }
  expect(actors[0]).not.toBe(actors[1]);
  expect(actors[2]).toBe(actors[0]);

  // A side note ('fuori scena') reaches the other player and never the story.
  await friend.getByText("Fuori scena (0)").click();
  await friend.getByLabel("Nota fuori scena").fill("Torno subito!");
  await friend.getByRole("button", { name: "Invia nota" }).click();
  await host.getByText("Fuori scena (1)").click();
  await expect(host.getByRole("list", { name: "Note fuori scena" })).toContainText("Torno subito!");
  await expect(conversation(host).filter({ hasText: "Torno subito!" })).toHaveCount(0);

  // Three turns by 'voto': nobody writes in the story; each round closes when both have voted.
  await chooseMode(host, "Voto", 120);
  const ballots = [
    { host: "A", friend: "A", chosen: "A" },
    { host: "B", friend: "Scappiamo dalla finestra", chosen: "B" },
    { host: "C", friend: "C", chosen: "C" },
  ];
  for (const [index, ballot] of ballots.entries()) {
    for (const page of [host, friend]) {
      await expect(messageBox(page)).toBeDisabled();
      await expect(page.getByText("In questa storia si decide con il voto")).toBeVisible();
      await expect(page.getByRole("region", { name: "Voto del gruppo" }).getByRole("button", { name: /^A/ })).toBeEnabled();
    }
    await host.getByRole("region", { name: "Voto del gruppo" }).getByRole("button", { name: new RegExp(`^${ballot.host}`) }).click();
    await expect(host.getByText(`Hai votato: ${ballot.host}.`)).toBeVisible();
    if (index === 0) {
      await screenshots(friend, "group-vote", { fullPage: false });
      await expectAccessible(friend);
    }
    await expect(playersOf(friend).filter({ hasText: hostNick })).toContainText("ha votato");
    const friendVote = friend.getByRole("region", { name: "Voto del gruppo" });
    if (ballot.friend.length === 1) await friendVote.getByRole("button", { name: new RegExp(`^${ballot.friend}`) }).click();
    else {
      await friendVote.getByLabel("Oppure proponi un'azione").fill(ballot.friend);
      await friendVote.getByRole("button", { name: "Proponi" }).click();
    }
    if (index < 2) {
      for (const page of [host, friend]) {
        await narratedAfter(page, ballot.chosen);
        // A tie goes to the host's vote; the result is shown and announced on both pages.
        const result = `Voto chiuso: il gruppo ha scelto «${ballot.chosen}».`;
        await expect(page.getByText(result).first()).toBeVisible();
        await expect(page.locator('[aria-live="polite"]').filter({ hasText: result })).toHaveCount(1);
      }
    }
  }

  // The friend reloads in the middle of the last narration and sees it go on to its end.
  const writing = conversation(friend).and(friend.locator('[aria-busy="true"]'));
  await expect.poll(async () => (await writing.innerText().catch(() => "")).split(/\s+/).length, { timeout: 20_000 }).toBeGreaterThan(12);
  const before = (await writing.innerText()).trim();
  const problems = watchProblems(friend);
  await friend.reload();
  await expect(writing).toBeVisible();
  await expect.poll(async () => (await writing.innerText().catch(() => "")).trim().length).toBeGreaterThan(before.length);
  for (const page of [host, friend]) await narratedAfter(page, "C");
  await expect(writing).toHaveCount(0);
  const last = (await conversation(friend).last().innerText()).trim();
  expect(last.startsWith(before.slice(0, 40))).toBe(true);
  // The group's page, rendered by the server with its players and the vote, hydrates without an error.
  expect(problems).toEqual([]);
});

test("a visitor with an invitation is offered to sign in and come back, or joins as a guest invited to register; the host skips a turn; the guest leaves and the story is solo again", async ({ browser }) => {
  const hostNick = `Host_${randomUUID().slice(0, 6)}`;
  const host = await newPlayer(browser, server, hostNick);
  const headers = { origin: server.base };
  const game = (await (await host.request.post("/api/games", { data: { genre: "giallo" }, headers })).json()) as { id: string };
  // The story has begun (a player who leaves a story with no turn keeps no copy).
  expect((await host.request.post(`/api/games/${game.id}/messages`, { data: { content: "/inizia" }, headers })).ok()).toBe(true);
  const invitation = await host.request.post(`/api/games/${game.id}/invitations`, { headers });
  expect(invitation.status()).toBe(201);
  const { url } = (await invitation.json()) as { url: string };

  const visitor = await (await browser.newContext({ baseURL: server.base })).newPage();
  await visitor.goto(url);
  await expect(visitor.getByText("Per giocare serve un account")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Accedi o registrati" })).toHaveAttribute("href", `/login?${new URLSearchParams({ next: url })}`);
  await visitor.getByRole("button", { name: "Entra come ospite" }).click();
  await expect(visitor.getByText("Stai giocando come ospite: registrati per non perdere questa storia.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Salva le tue storie" }).first()).toBeVisible();
  await visitor.getByLabel("Nome del tuo personaggio").fill("Il commissario");
  await visitor.getByRole("button", { name: "Entra nella storia" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/gioco/giallo/${game.id}$`));
  await expect(playersOf(visitor)).toHaveCount(2);

  // The first join makes the story 'a turno' with the host first; the host skips their own turn.
  await host.goto(`/gioco/giallo/${game.id}`);
  await expect(visitor.getByText(`Non è il tuo turno: tocca a ${hostNick}.`)).toBeVisible();
  // Both pages are open on the story: nobody is 'assente', on either page.
  for (const page of [host, visitor]) await expect(playersOf(page).filter({ hasText: "assente" })).toHaveCount(0);
  await host.getByRole("button", { name: `Salta il turno di ${hostNick}` }).click();
  await expect(messageBox(visitor)).toBeEnabled();
  await expect(host.getByText(/^Non è il tuo turno: tocca a /)).toBeVisible();
  await expect(messageBox(host)).toBeDisabled();

  // The guest changes their character: the host sees it at once.
  await visitor.getByRole("button", { name: "Modifica il tuo personaggio" }).click();
  const dialog = visitor.getByRole("dialog", { name: "Il tuo personaggio" });
  await expect(dialog.getByLabel("Nome del tuo personaggio")).toHaveValue("Il commissario");
  await dialog.getByLabel("Nome del tuo personaggio").fill("");
  await dialog.getByRole("button", { name: "Salva personaggio" }).click();
  await expect(dialog.getByText("Scrivi il nome del tuo personaggio.")).toBeVisible();
  await dialog.getByLabel("Nome del tuo personaggio").fill("La commissaria");
  await dialog.getByLabel("Il tuo personaggio in una riga (facoltativo)").fill("Non dimentica un volto");
  await dialog.getByRole("button", { name: "Salva personaggio" }).click();
  await expect(dialog).toBeHidden();
  await expect(playersOf(host).filter({ hasText: "La commissaria — Non dimentica un volto" })).toHaveCount(1);

  // 'Esci dalla storia': asked first, then the story is gone for the guest.
  await visitor.getByRole("button", { name: "Esci dalla storia" }).click();
  await visitor.getByRole("alertdialog").getByRole("button", { name: "Esci dalla storia" }).click();
  await expect(visitor).toHaveURL(/\/profilo$/);
  await expect(visitor.getByText("Sei uscito dalla storia")).toBeVisible();
  expect((await visitor.request.get(`/api/games/${game.id}`)).status()).toBe(404);
  // Alone again, the host's story is solo: told live (issue 39), no players' list, the message box open.
  await expect(host.getByText(/^.+ ha lasciato la storia$/)).toBeVisible();
  await expect(host.getByText("Gli amici hanno lasciato la storia: ora è di nuovo solo tua.", { exact: false })).toBeVisible();
  await expect(host.getByRole("heading", { name: /^Giocatori/ })).toHaveCount(0);
  await expect(messageBox(host)).toBeEnabled();

  // The guest kept a read-only copy: 'Sola lettura' in their games, reread without a message box.
  const copy = visitor.getByRole("listitem").filter({ has: visitor.getByText("Sola lettura", { exact: true }) });
  await expect(copy).toHaveCount(1);
  await screenshots(visitor, "group-copy-profile");
  await copy.getByRole("link", { name: /^Rileggi / }).click();
  await expect(visitor).toHaveURL(/\/gioco\/giallo\/[0-9a-f-]{36}$/);
  expect(visitor.url()).not.toContain(game.id);
  await expect(visitor.getByRole("note")).toHaveText(/^Questa è la tua copia di sola lettura/);
  await expect(messageBox(visitor)).toHaveCount(0);
  await expect(conversation(visitor).filter({ hasText: "C)" })).toHaveCount(1);
  await expect(visitor.getByRole("button", { name: "Gioca insieme" })).toHaveCount(0);
  // Its memory is there to read, without the controls that would change it.
  await visitor.getByRole("button", { name: "Memoria" }).click();
  const memory = visitor.getByRole("dialog", { name: "Memoria" });
  await expect(memory.getByText("Ciò che il narratore ricorda di questa storia.")).toBeVisible();
  await expect(memory.getByRole("button", { name: "Modifica" })).toHaveCount(0);
  await memory.getByRole("tab", { name: "Ricordi" }).click();
  await expect(memory.getByRole("button", { name: "Aggiungi un ricordo" })).toHaveCount(0);
  await visitor.keyboard.press("Escape");
  await expect(memory).toBeHidden();
  await expectAccessible(visitor);
  await screenshots(visitor, "group-copy-story", { fullPage: false });
});

test("a friend who deletes their account: the host's open page keeps the whole story live, their messages as 'Giocatore eliminato', and the host plays on", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 6);
  const friendNick = `Bruno_${suffix}`;
  const host = await newPlayer(browser, server, `Ada_${suffix}`);
  const friend = await newPlayer(browser, server, friendNick);
  const headers = { origin: server.base };
  const game = (await (await host.request.post("/api/games", { data: { genre: "fantasy" }, headers })).json()) as { id: string };
  const { url } = (await (await host.request.post(`/api/games/${game.id}/invitations`, { headers })).json()) as { url: string };
  expect((await friend.request.post(`/api/invitations/${url.split("/").at(-1)}/join`, { data: { characterName: "Nerea", characterLine: "" }, headers })).ok()).toBe(true);

  // Both have the story open: the turn passes from the host to the friend.
  for (const page of [host, friend]) await page.goto(`/gioco/fantasy/${game.id}`);
  await expect(playersOf(host).filter({ hasText: "assente" })).toHaveCount(0);
  await host.getByRole("button", { name: "/inizia" }).click();
  await narratedAfter(host, "/inizia");
  await expect(messageBox(friend)).toBeEnabled();
  await messageBox(friend).pressSequentially("Apro la porta");
  await messageBox(friend).press("Enter");
  await narratedAfter(host, "Apro la porta");
  const theirs = conversation(host).filter({ hasText: "Apro la porta" }).first();
  await expect(theirs).toContainText(friendNick);
  await expect(playersOf(host)).toHaveCount(2);

  // 'Elimina account' (the password too, for a route that asks it).
  expect((await friend.request.delete("/api/profile", { data: { password: PASSWORD }, headers })).ok()).toBe(true);
  // Without a reload: the group is gone, the story whole, the friend's words without their name.
  await expect(host.getByRole("heading", { name: /^Giocatori/ })).toHaveCount(0);
  await expect(theirs).toContainText("Giocatore eliminato");
  await expect(theirs).not.toContainText(friendNick);
  await expect(conversation(host).filter({ hasText: "C)" })).toHaveCount(2);
  await messageBox(host).fill("Proseguo da solo");
  await messageBox(host).press("Enter");
  await narratedAfter(host, "Proseguo da solo");
});
