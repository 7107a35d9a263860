/**
 * The daily erasure of inactive 'Tutorial' guests (issue 9 finding 3): a guest idle for 30 days
 * goes with everything it owns; a guest active within 30 days and every registered account stay.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { GUEST_INACTIVE_DAYS, sweepInactiveGuests } from "./guest-sweep";

const DAY = 24 * 60 * 60 * 1000;

/** Signs in a new guest, starts a game and plays its first turn. Output: {client, id, gameId}. */
async function playingGuest(server: TestServer) {
  const client = new TestClient(server.url);
  expect((await client.post("/api/auth/sign-in/anonymous")).status).toBe(200);
  const id = (await client.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
  return { client, id, ...(await playOneTurn(client)) };
}

async function playOneTurn(client: TestClient) {
  const game = await client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
  expect(game.status).toBe(201);
  const events = await readEvents(await client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }));
  expect(events.at(-1)?.event).toBe("done");
  return { gameId: game.body.id };
}

/** Moves every timestamp of the user's sessions, games and messages `days` days into the past. */
async function age(server: TestServer, userId: string, days: number) {
  const when = new Date(Date.now() - days * DAY);
  const iso = when.toISOString();
  const authDate = server.dialect === "postgres" ? when : iso;
  const db = server.deps.db;
  await db.updateTable("user").set({ createdAt: authDate, updatedAt: authDate }).where("id", "=", userId).execute();
  await db.updateTable("session").set({ createdAt: authDate, updatedAt: authDate }).where("userId", "=", userId).execute();
  const games = db.selectFrom("saved_games").select("id").where("user_id", "=", userId);
  await db.updateTable("chat_messages").set({ created_at: iso }).where("game_id", "in", games).execute();
  await db.updateTable("saved_games").set({ created_at: iso, updated_at: iso, last_played: iso }).where("user_id", "=", userId).execute();
}

/** The user's rows: {users, games, messages} (messages of the user's games, the narrator's included). */
async function countRows(server: TestServer, userId: string) {
  const db = server.deps.db;
  const games = db.selectFrom("saved_games").select("id").where("user_id", "=", userId);
  const [users, ownGames, messages] = await Promise.all([
    db.selectFrom("user").select("id").where("id", "=", userId).execute(),
    games.execute(),
    db.selectFrom("chat_messages").select("id").where("game_id", "in", games).execute(),
  ]);
  return { users: users.length, games: ownGames.length, messages: messages.length };
}

const PLAYED = { users: 1, games: 1, messages: 2 };

describe.each(DIALECTS)("guest sweep on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it(`erases guests idle for ${GUEST_INACTIVE_DAYS} days with their games, keeps recent guests and every registered account`, async () => {
    const idle = await playingGuest(server);
    const recent = await playingGuest(server);
    const player = await registerPlayer(server);
    await playOneTurn(player.client);
    await age(server, idle.id, GUEST_INACTIVE_DAYS + 1);
    await age(server, recent.id, GUEST_INACTIVE_DAYS - 1);
    await age(server, player.id, GUEST_INACTIVE_DAYS + 300);
    expect(await countRows(server, idle.id)).toEqual(PLAYED);

    expect(await sweepInactiveGuests(server.deps)).toBe(1);

    expect(await countRows(server, idle.id)).toEqual({ users: 0, games: 0, messages: 0 });
    expect(await server.deps.db.selectFrom("chat_messages").select("id").where("game_id", "=", idle.gameId).execute()).toEqual([]);
    expect((await idle.client.json("GET", "/api/me")).status).toBe(401);

    expect(await countRows(server, recent.id)).toEqual(PLAYED);
    expect((await recent.client.json("GET", "/api/me")).status).toBe(200);
    expect(await countRows(server, player.id)).toEqual(PLAYED);
    expect((await player.client.json("GET", "/api/me")).status).toBe(200);
    expect(await sweepInactiveGuests(server.deps)).toBe(0);
  });

  it("a guest created long ago but still playing is kept", async () => {
    const guest = await playingGuest(server);
    await age(server, guest.id, GUEST_INACTIVE_DAYS + 10);
    await playOneTurn(guest.client);
    await sweepInactiveGuests(server.deps);
    expect(await countRows(server, guest.id)).toEqual({ users: 1, games: 2, messages: 4 });
  });
});
