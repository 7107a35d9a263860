/**
 * 'Storico Chat' shows the whole story tree (issue 22 §8; ADR 0008): after 'Annulla' or
 * 'Rigenera' a player cannot hide what was written from the admin. Real HTTP, SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../platform/clock";
import { appendMessage } from "../../domain/story/story-tree";
import { DIALECTS, newGame, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { groupPlay } from "../../testing/group-play";

const ADMIN_EMAIL = "admin-storico@example.com";
const ADMIN_PASSWORD = "password-admin-storico";

describe.each(DIALECTS)("admin chat history on %s", (dialect) => {
  let server: TestServer;
  const { group, send } = groupPlay(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("lists every branch, parents first and siblings oldest first, and marks the branch being played", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const player = await registerPlayer(server);
    const gameId = (await newGame(player.client))!;
    const db = server.deps.db;
    const add = (content: string, role: "user" | "assistant", parentId?: string | null) =>
      db.transaction().execute((trx) =>
        appendMessage(trx, { game_id: gameId, user_id: role === "user" ? player.id : null, role, content, image_url: null, created_at: nowIso() }, { parentId }),
      );
    const start = await add("/inizia", "user", null);
    const opening = await add("Sei sulla soglia del castello.", "assistant");
    const hidden = await add("Entro e brucio la biblioteca.", "user");
    await add("Le fiamme salgono.", "assistant");
    // 'Annulla': the player goes on from the opening; the first branch leaves the current path.
    const other = await add("Busso alla porta.", "user", opening.id);
    const reply = await add("Un servitore apre.", "assistant");

    const history = await admin.json("GET", `/api/admin/games/${gameId}/messages`);
    expect(history.status).toBe(200);
    expect(history.body.messages.map((m: any) => [m.content, m.parentId, m.current])).toEqual([
      ["/inizia", null, true],
      ["Sei sulla soglia del castello.", start.id, true],
      ["Entro e brucio la biblioteca.", opening.id, false],
      ["Busso alla porta.", opening.id, true],
      ["Le fiamme salgono.", hidden.id, false],
      ["Un servitore apre.", other.id, true],
    ]);
    expect(reply.id).toBe(history.body.messages.at(-1).id);
  });

  it("a game without messages has an empty history; a template or a missing game is 404", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    expect((await admin.json("GET", `/api/admin/games/${gameId}/messages`)).body.messages).toEqual([]);
    expect((await admin.json("GET", "/api/admin/games/nessuna/messages")).status).toBe(404);
  });

  it("'Partite Utenti' filters by the player's e-mail or nickname", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await server.deps.db.updateTable("profiles").set({ nickname: "VolpeArgentata" }).where("id", "=", player.id).execute();
    for (const player_ of [player.email.toUpperCase(), "volpeargent"]) {
      const page = await admin.json("GET", `/api/admin/games?page=1&pageSize=10&player=${encodeURIComponent(player_)}`);
      expect(page.body).toMatchObject({ total: 1, items: [{ id: gameId }] });
    }
    expect((await admin.json("GET", "/api/admin/games?page=1&pageSize=10&player=%25%25nessuno")).body.total).toBe(0);
  });

  it("names each player of a group story by nickname, and a guest's game 'Ospite' (issue 39)", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { host, gameId, players } = await group(1);
    const db = server.deps.db;
    await db.updateTable("profiles").set({ nickname: "Ada" }).where("id", "=", host.id).execute();
    await db.updateTable("profiles").set({ nickname: "Bruno" }).where("id", "=", players[0]!.id).execute();
    expect((await send(host, gameId, "/inizia")).status).toBe(200);
    expect((await send(players[0]!, gameId, "Apro la porta")).status).toBe(200);
    const history = await admin.json("GET", `/api/admin/games/${gameId}/messages`);
    expect(history.body.messages.map((m: any) => [m.role, m.author])).toEqual([
      ["user", "Ada"],
      ["assistant", null],
      ["user", "Bruno"],
      ["assistant", null],
    ]);

    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const guestGame = await newGame(guest);
    const page = await admin.json("GET", "/api/admin/games?page=1&pageSize=100");
    expect(page.body.items.find((g: any) => g.id === guestGame).userName).toBe("Ospite");
  });
});
