/**
 * Issue 36 finding 0 over real HTTP, on SQLite and (TEST_DATABASE_URL) PostgreSQL: a player who
 * goes for good never takes another player's story with them. The reproduction (host
 * '/inizia', friend joins and plays, host plays, friend plays: 4 narrations; the friend deletes
 * the account with 'Elimina account') and its variants (the friend had already left; an admin
 * deactivates the friend, then the 30-day sweep erases them; an idle guest is swept; the HOST
 * deletes the account): every narration and message stays, the tip is valid, the departed
 * player's messages show 'Giocatore eliminato', the players are counted right, the host plays on,
 * the EPUB is whole, the host's page is told live, and no row names the person any more.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEACTIVATION_DAYS } from "../../domain/accounts/deactivation";
import { sweepDeactivatedAccounts } from "../../domain/accounts/deactivation-sweep";
import { GUEST_INACTIVE_DAYS, sweepInactiveGuests } from "../../domain/accounts/guest-sweep";
import { DIALECTS, newGame, openLive, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { readZip } from "../book/book-testing";

const ADMIN_EMAIL = "admin-partenze@example.com";
const ADMIN_PASSWORD = "password-admin-partenze";
const DAY = 24 * 60 * 60 * 1000;
/** How the story shows a player whose account is gone. */
const ERASED_PLAYER = { nickname: "Giocatore eliminato", color: expect.any(String) };

/** A signed-in player: a registered one (registerPlayer) or a guest (no password). */
type Player = { client: TestClient; id: string; password?: string };

describe.each(DIALECTS)("a player's departure on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(() => server.close());

  async function play(player: Player, gameId: string, content: string) {
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await readEvents(response)).at(-1)?.event).toBe("done");
  }

  const gameOf = async (player: Player, gameId: string) => (await player.client.json("GET", `/api/games/${gameId}`)).body;

  async function join(host: Player, gameId: string, players: Player[]) {
    const created = await host.client.json("POST", `/api/games/${gameId}/invitations`);
    const token = (created.body.url as string).split("/").at(-1)!;
    for (const [i, player] of players.entries()) {
      expect((await player.client.json("POST", `/api/invitations/${token}/join`, { characterName: `Eroe ${i + 1}`, characterLine: "" })).status).toBe(200);
    }
  }

  /**
   * The reproduction: `friend` joins the host's new story; host '/inizia', friend, host,
   * friend (`turns` turns of the four, 4 narrations by default), and a side note of the friend.
   * Output: the host, the story and what the host's page showed before the friend went.
   */
  async function playedTogether(friend: Player, turns = 4) {
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    await join(host, gameId, [friend]);
    const actions: [Player, string][] = [[host, "/inizia"], [friend, "Apro la porta"], [host, "Accendo la torcia"], [friend, "Scendo in cantina"]];
    for (const [player, content] of actions.slice(0, turns)) await play(player, gameId, content);
    expect((await friend.client.json("POST", `/api/games/${gameId}/notes`, { text: "Arrivo subito" })).status).toBe(201);
    return { host, gameId, before: await gameOf(host, gameId) };
  }

  /** Deletes the player's own account ('Elimina account'); the password too, for a route that asks it. */
  async function erase(player: Player) {
    expect((await player.client.json("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
  }

  /** Erases `player` while `watcher` has the site open: their page is told that the group of `gameId` changed. */
  async function eraseWatched(player: Player, watcher: Player, gameId: string) {
    const live = await openLive(watcher.client);
    try {
      await erase(player);
      await live.next((e) => e.event === "group.changed" && e.data.gameId === gameId);
    } finally {
      live.close();
    }
  }

  /**
   * The story as `viewer` sees it after `gone` went: the same messages in the same order, the tip
   * on its last one, `theirs` (the departed player's texts) under 'Giocatore eliminato', the same
   * progress, an EPUB holding every player's text; and no row of the story names `gone`.
   */
  async function expectWhole(viewer: Player, gameId: string, before: any, gone: string, theirs: string[]) {
    const after = await gameOf(viewer, gameId);
    const shape = (m: any) => ({ id: m.id, role: m.role, content: m.content });
    expect(after.messages.map(shape)).toEqual(before.messages.map(shape));
    expect(after.messages.filter((m: any) => theirs.includes(m.content)).map((m: any) => m.author)).toEqual(theirs.map(() => ERASED_PLAYER));
    expect(after.progress).toBe(before.progress);
    const db = server.deps.db;
    expect((await db.selectFrom("saved_games").select("tip_message_id").where("id", "=", gameId).executeTakeFirstOrThrow()).tip_message_id).toBe(after.messages.at(-1).id);
    const epub = await viewer.client.request("GET", `/api/games/${gameId}/export?format=epub`);
    expect(epub.status).toBe(200);
    const text = (await readZip(Buffer.from(await epub.arrayBuffer()))).map((e) => e.data.toString("utf8")).join("\n");
    for (const m of before.messages.filter((m: any) => m.role === "user" && !m.content.startsWith("/"))) expect(text).toContain(m.content);
    for (const [table, column] of [["chat_messages", "user_id"], ["chat_messages", "author_id"], ["game_players", "user_id"], ["side_notes", "user_id"], ["turn_votes", "user_id"]] as const) {
      expect(await db.selectFrom(table).select("game_id").where(column, "=", gone).where("game_id", "=", gameId).execute(), `${table}.${column}`).toEqual([]);
    }
  }

  it("a friend who deletes their account leaves the host's story whole; the host's page is told, and the host plays on alone", async () => {
    const friend = await registerPlayer(server);
    const { host, gameId, before } = await playedTogether(friend);
    expect(before.messages.filter((m: any) => m.role === "assistant")).toHaveLength(4);
    await eraseWatched(friend, host, gameId);
    await expectWhole(host, gameId, before, friend.id, ["Apro la porta", "Scendo in cantina"]);
    // One player left: the story is the host's alone again ('Giocatori' is gone with the group).
    expect((await gameOf(host, gameId)).group).toBeNull();
    await play(host, gameId, "Continuo da solo");
    expect((await gameOf(host, gameId)).messages.at(-2)).toMatchObject({ role: "user", content: "Continuo da solo" });
    expect((await host.client.json("GET", "/api/profile/games")).body.map((g: any) => g.id)).toContain(gameId);
  });

  it("a friend who had left, then deletes their account, leaves the host's story whole too; their copy goes with them", async () => {
    const friend = await registerPlayer(server);
    const { host, gameId, before } = await playedTogether(friend);
    expect((await friend.client.json("DELETE", `/api/games/${gameId}/players/${friend.id}`)).status).toBe(204);
    await erase(friend);
    await expectWhole(host, gameId, before, friend.id, ["Apro la porta", "Scendo in cantina"]);
    expect(await server.deps.db.selectFrom("saved_games").select("id").where("copied_from", "=", gameId).execute()).toEqual([]);
    await play(host, gameId, "Continuo da solo");
  });

  it("a HOST who deletes their account hands the story to the next player, whole, with 'Giocatori (2)'", async () => {
    const host = await registerPlayer(server);
    const [a, b] = [await registerPlayer(server), await registerPlayer(server)];
    const gameId = await newGame(host.client);
    await join(host, gameId, [a, b]);
    await play(host, gameId, "/inizia");
    await play(a, gameId, "Apro la porta");
    await play(b, gameId, "Scendo in cantina");
    const before = await gameOf(a, gameId);
    await eraseWatched(host, b, gameId);
    await expectWhole(a, gameId, before, host.id, ["/inizia"]);
    const group = (await gameOf(b, gameId)).group;
    expect(group).toMatchObject({ hostId: a.id, turnUserId: a.id });
    expect(group.players.map((p: any) => p.userId)).toEqual([a.id, b.id]);
    expect((await a.client.json("GET", "/api/profile/games")).body.find((g: any) => g.id === gameId)).toMatchObject({ hosted: true });
    await play(a, gameId, "Prendo il comando");
  });

  it("deactivation: the friend keeps the seat for the 30 days but never holds up the story; the sweep then erases them like a deletion", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const friend = await registerPlayer(server);
    // Three turns: it is the friend's turn when they are deactivated.
    const { host, gameId, before } = await playedTogether(friend, 3);
    expect((await gameOf(host, gameId)).group.turnUserId).toBe(friend.id);
    expect((await admin.json("DELETE", `/api/admin/users/${friend.id}`)).status).toBe(200);

    const during = await gameOf(host, gameId);
    expect(during.messages).toEqual(before.messages);
    expect(during.group.players.map((p: any) => p.userId)).toEqual([host.id, friend.id]);
    expect(during.group.turnUserId).toBe(host.id);
    await play(host, gameId, "Vado avanti io");
    expect((await gameOf(host, gameId)).group.turnUserId).toBe(host.id);
    await play(host, gameId, "E ancora io");
    // 'Ripristina': the friend is back in their seat; deactivated again, the 30 days start over.
    expect((await admin.json("POST", `/api/admin/users/${friend.id}/restore`)).status).toBe(200);
    const back = await signIn(server, friend.email, friend.password);
    expect((await back.json("GET", `/api/games/${gameId}/group`)).body.players.map((p: any) => p.userId)).toEqual([host.id, friend.id]);
    expect((await admin.json("DELETE", `/api/admin/users/${friend.id}`)).status).toBe(200);

    const whole = await gameOf(host, gameId);
    expect(await sweepDeactivatedAccounts(server.deps, new Date(Date.now() + DEACTIVATION_DAYS * DAY + 60_000))).toBe(1);
    await expectWhole(host, gameId, whole, friend.id, ["Apro la porta"]);
    expect((await gameOf(host, gameId)).group).toBeNull();
  });

  it("the 30-day guest sweep takes an idle guest's seat, not the host's story", async () => {
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const guest: Player = { client, id: (await client.json("GET", "/api/me")).body.user.id };
    const { host, gameId, before } = await playedTogether(guest);
    // The guest has not been seen for more than 30 days.
    const long = new Date(Date.now() - (GUEST_INACTIVE_DAYS + 1) * DAY);
    const authDate = dialect === "postgres" ? long : long.toISOString();
    const db = server.deps.db;
    await db.updateTable("user").set({ createdAt: authDate, updatedAt: authDate }).where("id", "=", guest.id).execute();
    await db.updateTable("session").set({ createdAt: authDate, updatedAt: authDate }).where("userId", "=", guest.id).execute();
    await db.updateTable("chat_messages").set({ created_at: long.toISOString() }).where("user_id", "=", guest.id).execute();

    expect(await sweepInactiveGuests(server.deps)).toBe(1);
    await expectWhole(host, gameId, before, guest.id, ["Apro la porta", "Scendo in cantina"]);
    await play(host, gameId, "Continuo da solo");
  });
});
