/**
 * 'Salva le tue storie' (issue 22 §1) over real HTTP, on SQLite and PostgreSQL: a 'Tutorial'
 * guest plays, likes and saves a template, then registers with e-mail and password in the same
 * browser; confirming the e-mail signs it in as the new account, which has everything the guest
 * had (the game and its turns, the like, the favourite, today's message count), and the guest
 * account is gone. Issue 36 finding 10: a guest who hosts a group story and sits in another
 * keeps, once registered, its seats, its turn, its vote and its notes, and both stories go on;
 * no row of any column of the account-rows list names the guest any more.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ROWS } from "../policies/account-rows";
import { DIALECTS, linkFromMail, newGame, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "admin-link@example.com", password: "password-admin-link" };

describe.each(DIALECTS)("a guest saving its stories on %s", (dialect) => {
  let server: TestServer;
  let templateId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const created = await admin.json<{ id: string }>("POST", "/api/admin/templates", {
      title: "La nave fantasma",
      description: "Una nave torna in porto ogni cento anni.",
      genre: "Avventura",
      initial_prompt: "La nebbia si apre e la nave attracca al molo.",
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  });
  afterAll(() => server.close());

  it("registers and keeps its game and turns, its like and favourite and its counters; the guest account is gone", async () => {
    const guest = new TestClient(server.url);
    expect((await guest.json("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(200);
    const guestMe = await guest.json<{ user: { id: string; isAnonymous: boolean } }>("GET", "/api/me");
    expect(guestMe.body.user.isAnonymous).toBe(true);
    const game = await guest.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    for (const content of ["/inizia", "/A"]) {
      const turn = await guest.request("POST", `/api/games/${game.body.id}/messages`, { content });
      expect(turn.status).toBe(200);
      await turn.text();
    }
    expect((await guest.json("POST", `/api/templates/${templateId}/like`, { value: true })).status).toBe(200);
    expect((await guest.json("POST", `/api/templates/${templateId}/favorite`, { value: true })).status).toBe(200);
    const before = await guest.json("GET", `/api/games/${game.body.id}`);

    // Registration from the guest's browser: the confirmation link signs the new account in there.
    const email = `salvata-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await guest.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/profilo" });
    expect(signUp.status).toBe(200);
    const link = new URL(linkFromMail(server, email));
    expect((await guest.get(link.pathname + link.search)).status).toBe(302);

    const me = await guest.json<{ user: { id: string; email: string; isAnonymous: boolean }; tokens: { messagesSent: number } }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ email, isAnonymous: false });
    expect(me.body.user.id).not.toBe(guestMe.body.user.id);
    expect(me.body.tokens.messagesSent).toBe(2);
    const games = await guest.json<{ id: string }[]>("GET", "/api/profile/games");
    expect(games.body.map((g) => g.id)).toEqual([game.body.id]);
    const after = await guest.json("GET", `/api/games/${game.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body.messages).toEqual(before.body.messages);
    expect(after.body.messages.filter((m: { role: string }) => m.role === "assistant")).toHaveLength(2);
    expect((await guest.json("GET", `/api/templates/${templateId}`)).body).toMatchObject({ liked: true, favorited: true, likes: 1 });

    // The guest account and its session are gone; nothing of it is left behind.
    expect(await server.deps.db.selectFrom("user").select("id").where("id", "=", guestMe.body.user.id).executeTakeFirst()).toBeUndefined();
    expect(await server.deps.db.selectFrom("saved_games").select("id").where("user_id", "=", guestMe.body.user.id).execute()).toEqual([]);
  });

  /** Sends a turn and reads its narration to the end. Output: the status (and the error code when refused). */
  async function turn(client: TestClient, gameId: string, content: string) {
    const response = await client.post(`/api/games/${gameId}/messages`, { content });
    if (response.status !== 200) return { status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code };
    await readEvents(response);
    return { status: 200 };
  }

  /** The joinable token of a new invitation to `gameId`, made by its host. */
  async function invitation(host: TestClient, gameId: string): Promise<string> {
    const created = await host.json<{ url: string }>("POST", `/api/games/${gameId}/invitations`);
    expect(created.status).toBe(201);
    return created.body.url.split("/").at(-1)!;
  }

  it("a guest who hosts a group story and sits in another keeps its seats, turn, vote and notes once registered", async () => {
    const guest = new TestClient(server.url);
    expect((await guest.json("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(200);
    const guestId = (await guest.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
    // The guest hosts a story a registered friend joined: it is the guest's turn ('a turno').
    const hosted = await newGame(guest);
    expect((await turn(guest, hosted, "/inizia")).status).toBe(200);
    const friend = await registerPlayer(server);
    expect((await friend.client.json("POST", `/api/invitations/${await invitation(guest, hosted)}/join`, { characterName: "Bruna", characterLine: "Una ladra gentile." })).status).toBe(200);
    expect((await guest.json("POST", `/api/games/${hosted}/notes`, { text: "Tocca a me, poi a te." })).status).toBe(201);
    // And sits in another player's story, where it voted ('voto').
    const other = await registerPlayer(server);
    const joined = await newGame(other.client);
    expect((await turn(other.client, joined, "/inizia")).status).toBe(200);
    expect((await guest.json("POST", `/api/invitations/${await invitation(other.client, joined)}/join`, { characterName: "Ospite", characterLine: "Viene da lontano." })).status).toBe(200);
    expect((await other.client.json("PUT", `/api/games/${joined}/group`, { mode: "vote", voteSeconds: 300 })).status).toBe(200);
    expect((await guest.json("POST", `/api/games/${joined}/votes`, { choice: "B" })).status).toBe(200);

    const email = `gruppo-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await guest.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/profilo" });
    expect(signUp.status).toBe(200);
    const link = new URL(linkFromMail(server, email));
    expect((await guest.get(link.pathname + link.search)).status).toBe(302);
    const accountId = (await guest.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
    expect(accountId).not.toBe(guestId);

    // The hosted story: still the host, still its turn, its seat and note are the account's.
    const group = await guest.json("GET", `/api/games/${hosted}/group`);
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ hostId: accountId, turnUserId: accountId, notes: [{ userId: accountId, text: "Tocca a me, poi a te." }] });
    expect(group.body.players.map((p: { userId: string }) => p.userId)).toEqual([accountId, friend.id]);
    expect((await turn(friend.client, hosted, "/A")).code).toBe("NOT_YOUR_TURN");
    expect((await turn(guest, hosted, "/A")).status).toBe(200);
    expect((await turn(friend.client, hosted, "/B")).status).toBe(200);

    // The other story: the seat and the vote are the account's; the host's vote closes it.
    const seated = await guest.json("GET", `/api/games/${joined}/group`);
    expect(seated.status).toBe(200);
    expect(seated.body.players.map((p: { userId: string; characterName: string }) => [p.userId, p.characterName])).toEqual([[other.id, expect.any(String)], [accountId, "Ospite"]]);
    expect(seated.body.vote.votes).toEqual([{ userId: accountId, choice: "B", action: null }]);
    expect((await guest.json("POST", `/api/games/${joined}/votes`, { choice: "A" })).body.error.code).toBe("ALREADY_VOTED");
    expect((await other.client.json("POST", `/api/games/${joined}/votes`, { choice: "B" })).status).toBe(200);

    // Nothing names the guest any more, in any column the account-rows rule knows.
    for (const { table, column } of ACCOUNT_ROWS) {
      const left = await (server.deps.db as any).selectFrom(table).select(column).where(column, "=", guestId).execute();
      expect(left, `${table}.${column}`).toEqual([]);
    }
  });

  it("a guest seated in a story the account already plays signs in to it: one seat, the account's", async () => {
    const host = await registerPlayer(server);
    const player = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const token = await invitation(host.client, gameId);
    expect((await player.client.json("POST", `/api/invitations/${token}/join`, { characterName: "Bruna", characterLine: "" })).status).toBe(200);
    const guest = new TestClient(server.url);
    expect((await guest.json("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(200);
    expect((await guest.json("POST", `/api/invitations/${token}/join`, { characterName: "Ospite", characterLine: "" })).status).toBe(200);

    expect((await guest.json("POST", "/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
    const group = await guest.json("GET", `/api/games/${gameId}/group`);
    expect(group.body.meId).toBe(player.id);
    expect(group.body.players.map((p: { userId: string; characterName: string }) => [p.userId, p.characterName])).toEqual([[host.id, expect.any(String)], [player.id, "Bruna"]]);
  });
});
