/**
 * The player owns the story (issue 11 §2, ADR 0008) over real HTTP: 'Rigenera' and the swipe
 * ‹ 2/3 ›, 'Annulla', 'Modifica' in place and "re-narrate from here", 'Riprendi da qui', hostile
 * input. Every operation only adds messages or moves the tip, and the quota stays exact.
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH } from "../../../shared/commands";
import { appendMessage } from "../../domain/story/story-tree";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-controllo@example.com";
const ADMIN_PASSWORD = "password-admin-controllo";
const SECOND_REPLY = FAKE_REPLY.replace("Valmora", "Borgomarino");

type Player = Awaited<ReturnType<typeof registerPlayer>>;
type View = { started: boolean; messages: { id: string; role: string; content: string; edited?: boolean; alternatives?: unknown }[] };

describe.each(DIALECTS)("story control on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.set({ mode: "ok", text: FAKE_REPLY }));

  /** Streams a turn-like call and returns its events; the answer must be a stream. */
  async function stream(player: Player, path: string, body: unknown = {}) {
    const response = await player.client.post(path, body);
    expect(response.status).toBe(200);
    return readEvents(response);
  }

  async function say(player: Player, gameId: string, content: string): Promise<void> {
    expect((await stream(player, `/api/games/${gameId}/messages`, { content })).at(-1)?.event).toBe("done");
  }

  const view = async (player: Player, gameId: string) => (await player.client.json<View>("GET", `/api/games/${gameId}`)).body;
  const messagesSent = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens.messagesSent as number;
  const nodes = (gameId: string) =>
    server.deps.db.selectFrom("chat_messages").select(["id", "parent_id", "role", "content", "edited_at"]).where("game_id", "=", gameId).orderBy("created_at").orderBy("id").execute();
  const addPicture = (player: Player, gameId: string) =>
    server.deps.db.transaction().execute((trx) =>
      appendMessage(trx, { game_id: gameId, user_id: player.id, role: "assistant", content: "La scena", image_url: "/media/scena.png", created_at: new Date().toISOString() }),
    );

  it("'Rigenera' adds a second version that becomes the shown one, keeps the first, swipes back, costs one message and shows in the admin's branches", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro"]) await say(player, gameId, content);
    const first = (await view(player, gameId)).messages.at(-1)!;
    const sentBefore = await messagesSent(player);

    fake.set({ text: SECOND_REPLY });
    const events = await stream(player, `/api/games/${gameId}/regenerate`);
    expect(events.map((e) => e.event)[0]).toBe("accepted");
    expect(events[0]!.data.userMessage).toBeNull();
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.message.content).toContain("Borgomarino");
    expect(await messagesSent(player)).toBe(sentBefore + 1);

    const shown = await view(player, gameId);
    expect(shown.messages.map((m) => m.content)).toEqual(["/inizia", FAKE_REPLY, "Vado al faro", done.data.message.content]);
    expect(shown.messages.at(-1)).toMatchObject({ id: done.data.message.id, alternatives: { index: 2, count: 2, previousId: first.id, nextId: null } });
    expect(shown.messages[1]!.alternatives).toBeUndefined();
    const rows = await nodes(gameId);
    const parent = rows.find((r) => r.content === "Vado al faro")!;
    expect(rows.filter((r) => r.parent_id === parent.id).map((r) => r.id)).toEqual([first.id, done.data.message.id]);

    const swiped = await player.client.json<View>("PUT", `/api/games/${gameId}/tip`, { messageId: first.id, mode: "latest" });
    expect(swiped.status).toBe(200);
    expect(swiped.body.messages.at(-1)).toMatchObject({ id: first.id, alternatives: { index: 1, count: 2, previousId: null, nextId: done.data.message.id } });
    expect(await messagesSent(player)).toBe(sentBefore + 1);

    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const history = await admin.json("GET", `/api/admin/games/${gameId}/messages`);
    // Both versions are there (issue 22 §8), the one shown marked current.
    const current = history.body.messages.filter((m: { current: boolean }) => m.current);
    expect(history.body.messages.length - current.length).toBe(1);
    expect(current.at(-1).id).toBe(first.id);
  });

  it("'Latest' follows the newest child down to the end of its branch", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro", "Salgo le scale"]) await say(player, gameId, content);
    const path = (await view(player, gameId)).messages;
    const back = await player.client.json<View>("PUT", `/api/games/${gameId}/tip`, { messageId: path[1]!.id, mode: "here" });
    expect(back.body.messages).toHaveLength(2);
    const forward = await player.client.json<View>("PUT", `/api/games/${gameId}/tip`, { messageId: path[0]!.id, mode: "latest" });
    expect(forward.body.messages.map((m) => m.id)).toEqual(path.map((m) => m.id));
  });

  it("'Rigenera' is refused at a player's message, a picture or an empty game, and a failed provider gives the message back", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const empty = await player.client.json("POST", `/api/games/${gameId}/regenerate`);
    expect(empty).toMatchObject({ status: 409, body: { error: { code: "NOTHING_TO_REGENERATE", message: "Non c'è nessuna narrazione da rigenerare." } } });

    await say(player, gameId, "/inizia");
    const sentBefore = await messagesSent(player);
    fake.set({ mode: "error500" });
    const failed = await stream(player, `/api/games/${gameId}/regenerate`);
    expect(failed.at(-1)).toMatchObject({ event: "error", data: { code: "AI_FAILED" } });
    expect(await messagesSent(player)).toBe(sentBefore);
    expect((await nodes(gameId)).filter((r) => r.role === "assistant")).toHaveLength(1);

    const unanswered = await stream(player, `/api/games/${gameId}/messages`, { content: "Apro la botola" });
    expect(unanswered.at(-1)?.event).toBe("error");
    const atPlayer = await player.client.json("POST", `/api/games/${gameId}/regenerate`);
    expect(atPlayer).toMatchObject({ status: 409, body: { error: { code: "NOTHING_TO_REGENERATE" } } });

    fake.set({ mode: "ok" });
    expect((await stream(player, `/api/games/${gameId}/retry`)).at(-1)?.event).toBe("done");
    await addPicture(player, gameId);
    const atPicture = await player.client.json("POST", `/api/games/${gameId}/regenerate`);
    expect(atPicture).toMatchObject({ status: 409, body: { error: { code: "NOTHING_TO_REGENERATE" } } });
  });

  it("'Annulla' hides the latest turn without refund, 'Riprendi da qui' on the hidden narration restores it, and undoing '/inizia' unstarts the game", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const nothing = await player.client.json("POST", `/api/games/${gameId}/undo`);
    expect(nothing).toMatchObject({ status: 409, body: { error: { code: "NOTHING_TO_UNDO", message: "Non c'è nessun turno da annullare." } } });

    for (const content of ["/inizia", "Vado al faro"]) await say(player, gameId, content);
    const full = await view(player, gameId);
    const sentBefore = await messagesSent(player);
    const undone = await player.client.json<View>("POST", `/api/games/${gameId}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body.messages.map((m) => m.content)).toEqual(["/inizia", FAKE_REPLY]);
    expect(await nodes(gameId)).toHaveLength(4);
    expect(await messagesSent(player)).toBe(sentBefore);

    const restored = await player.client.json<View>("PUT", `/api/games/${gameId}/tip`, { messageId: full.messages.at(-1)!.id, mode: "here" });
    expect(restored.body.messages.map((m) => m.id)).toEqual(full.messages.map((m) => m.id));

    await player.client.json("POST", `/api/games/${gameId}/undo`);
    const unstarted = await player.client.json<View>("POST", `/api/games/${gameId}/undo`);
    expect(unstarted.body).toMatchObject({ started: false, messages: [] });
    const refused = await player.client.json("POST", `/api/games/${gameId}/messages`, { content: "Vado al faro" });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "GAME_NOT_STARTED" } } });
    expect((await player.client.json("POST", `/api/games/${gameId}/undo`)).status).toBe(409);
    await say(player, gameId, "/inizia");
    expect((await view(player, gameId)).started).toBe(true);
  });

  it("'Modifica' edits a player's message and a narration in place, refuses pictures, bad texts and other games' messages", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const otherGameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro"]) await say(player, gameId, content);
    await say(player, otherGameId, "/inizia");
    const [, narration, mine] = (await view(player, gameId)).messages;
    const sentBefore = await messagesSent(player);
    const edit = (messageId: string, content: string, game = gameId, who = player) => who.client.json("PATCH", `/api/games/${game}/messages/${messageId}`, { content });

    const editedMine = await edit(mine!.id, "  Vado alla locanda  ");
    expect(editedMine).toMatchObject({ status: 200, body: { id: mine!.id, role: "user", content: "Vado alla locanda", edited: true } });
    const longNarration = "Una notte lunghissima. ".repeat(200);
    const editedNarration = await edit(narration!.id, longNarration);
    expect(editedNarration).toMatchObject({ status: 200, body: { content: longNarration.trim(), edited: true } });
    const shown = await view(player, gameId);
    expect(shown.messages.map((m) => [m.content, m.edited ?? false])).toEqual([
      ["/inizia", false],
      [longNarration.trim(), true],
      ["Vado alla locanda", true],
      [FAKE_REPLY, false],
    ]);
    expect(await messagesSent(player)).toBe(sentBefore);

    expect(await edit(mine!.id, "   ")).toMatchObject({ status: 400, body: { error: { code: "VALIDATION", message: "Il testo non può essere vuoto." } } });
    expect(await edit(mine!.id, "x".repeat(MAX_MESSAGE_LENGTH + 1))).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION", message: `Il testo può contenere al massimo ${MAX_MESSAGE_LENGTH} caratteri.` } },
    });
    // Issue 19 finding 5: a narration is edited up to 8,000 characters; a longer edit is refused in
    // Italian and the narration keeps its text.
    expect(await edit(narration!.id, "x".repeat(8_000))).toMatchObject({ status: 200, body: { content: "x".repeat(8_000) } });
    expect(await edit(narration!.id, "y".repeat(8_001))).toMatchObject({ status: 400, body: { error: { code: "VALIDATION", message: "Il testo può contenere al massimo 8000 caratteri." } } });
    expect((await nodes(gameId)).find((r) => r.id === narration!.id)!.content).toBe("x".repeat(8_000));

    const picture = await addPicture(player, gameId);
    expect(await edit(picture.id, "Un'altra scena")).toMatchObject({ status: 409, body: { error: { code: "MESSAGE_NOT_EDITABLE", message: "Questo messaggio non si può modificare." } } });

    const intruder = await registerPlayer(server);
    expect(await edit(mine!.id, "Rubato", gameId, intruder)).toMatchObject({ status: 404, body: { error: { code: "GAME_NOT_FOUND" } } });
    const intruderGame = await newGame(intruder.client);
    expect(await edit(mine!.id, "Rubato", intruderGame, intruder)).toMatchObject({ status: 404, body: { error: { code: "MESSAGE_NOT_FOUND" } } });
    expect(await edit(mine!.id, "Altrove", otherGameId)).toMatchObject({ status: 404, body: { error: { code: "MESSAGE_NOT_FOUND", message: "Messaggio non trovato in questa partita." } } });
    expect((await nodes(gameId)).find((r) => r.id === mine!.id)!.content).toBe("Vado alla locanda");
  });

  it("re-narrating a player's message starts a new branch narrated from the new text; the old turn stays", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro", "Salgo le scale"]) await say(player, gameId, content);
    const old = (await view(player, gameId)).messages;
    const replaced = old[4]!;
    const sentBefore = await messagesSent(player);
    fake.requests.length = 0;

    const events = await stream(player, `/api/games/${gameId}/messages/${replaced.id}/renarrate`, { content: "Scendo in cantina" });
    expect(events[0]).toMatchObject({ event: "accepted", data: { userMessage: { role: "user", content: "Scendo in cantina" } } });
    expect(events.at(-1)?.event).toBe("done");
    expect(await messagesSent(player)).toBe(sentBefore + 1);

    const sent = JSON.stringify(fake.requests.at(-1).messages);
    expect(sent).toContain("Scendo in cantina");
    expect(sent).not.toContain("Salgo le scale");
    const shown = await view(player, gameId);
    expect(shown.messages.map((m) => m.content)).toEqual(["/inizia", FAKE_REPLY, "Vado al faro", FAKE_REPLY, "Scendo in cantina", FAKE_REPLY]);
    const rows = await nodes(gameId);
    expect(rows).toHaveLength(8);
    const branch = rows.find((r) => r.content === "Scendo in cantina")!;
    expect(branch.parent_id).toBe(old[3]!.id);
    expect(rows.filter((r) => r.parent_id === replaced.id)).toHaveLength(1);
    const exported = await player.client.json("GET", "/api/profile/export");
    expect(exported.body.tables.chat_messages.map((m: { content: string }) => m.content)).toEqual(expect.arrayContaining(["Salgo le scale", "Scendo in cantina"]));

    const notMine = await player.client.json("POST", `/api/games/${gameId}/messages/${old[3]!.id}/renarrate`, { content: "Altro" });
    expect(notMine).toMatchObject({ status: 409, body: { error: { code: "MESSAGE_NOT_EDITABLE" } } });
    // '/inizia' replaced by free text would leave a path without a start (spec §4).
    const unstarted = await player.client.json("POST", `/api/games/${gameId}/messages/${old[0]!.id}/renarrate`, { content: "Altro" });
    expect(unstarted).toMatchObject({ status: 409, body: { error: { code: "GAME_NOT_STARTED" } } });
    expect(await messagesSent(player)).toBe(sentBefore + 1);
  });

  it("'Riprendi da qui' on an earlier narration: the next message branches from there", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro", "Salgo le scale"]) await say(player, gameId, content);
    const earlier = (await view(player, gameId)).messages[1]!;
    const sentBefore = await messagesSent(player);
    const moved = await player.client.json<View>("PUT", `/api/games/${gameId}/tip`, { messageId: earlier.id, mode: "here" });
    expect(moved.body.messages.map((m) => m.content)).toEqual(["/inizia", FAKE_REPLY]);
    expect(await messagesSent(player)).toBe(sentBefore);

    await say(player, gameId, "Torno alla locanda");
    expect((await view(player, gameId)).messages.map((m) => m.content)).toEqual(["/inizia", FAKE_REPLY, "Torno alla locanda", FAKE_REPLY]);
    expect((await nodes(gameId)).find((r) => r.content === "Torno alla locanda")!.parent_id).toBe(earlier.id);
  });

  it("hostile input answers 400, 401, 404 or 413, never 500", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await say(player, gameId, "/inizia");
    const [first] = (await view(player, gameId)).messages;
    const tip = (body: unknown, id = gameId) => player.client.json("PUT", `/api/games/${id}/tip`, body);

    expect((await tip({ messageId: first!.id, mode: "sideways" })).status).toBe(400);
    expect((await tip({ messageId: "" })).status).toBe(400);
    expect((await tip({ messageId: "x".repeat(65) })).status).toBe(400);
    expect((await tip({ messageId: 42 })).status).toBe(400);
    expect((await tip(["not", "an", "object"])).status).toBe(400);
    expect(await tip({ messageId: "' or 1=1 --", mode: "latest" })).toMatchObject({ status: 404, body: { error: { code: "MESSAGE_NOT_FOUND" } } });
    expect(await tip({ messageId: first!.id }, "no-such-game")).toMatchObject({ status: 404, body: { error: { code: "GAME_NOT_FOUND" } } });
    const malformed = await player.client.request("PUT", `/api/games/${gameId}/tip`, undefined, { body: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);

    for (const path of [`/api/games/%E0%A4%A/undo`, `/api/games/${"z".repeat(2000)}/regenerate`, `/api/games/${gameId}/messages/%00/renarrate`]) {
      const answer = await player.client.post(path, { content: "Ciao" });
      expect([400, 404]).toContain(answer.status);
    }
    expect((await player.client.json("GET", "/api/games/%00")).status).toBe(404);
    expect(await tip({ messageId: "a\u0000b" })).toMatchObject({ status: 404, body: { error: { code: "MESSAGE_NOT_FOUND" } } });
    expect((await player.client.json("PATCH", `/api/games/${gameId}/messages/${encodeURIComponent("../../x")}`, { content: "Ciao" })).status).toBe(404);
    expect((await player.client.json("PATCH", `/api/games/${gameId}/messages/${first!.id}`, { content: "x".repeat(300_000) })).status).toBe(413);
    expect((await player.client.json("POST", `/api/games/${gameId}/messages/${first!.id}/renarrate`, { content: "x".repeat(20_000) })).status).toBe(413);
    expect((await player.client.json("PATCH", `/api/games/${gameId}/messages/${first!.id}`, { content: 7 })).status).toBe(400);
    // A NUL character: stored by SQLite, refused by PostgreSQL as invalid data.
    const nul = await player.client.json("PATCH", `/api/games/${gameId}/messages/${first!.id}`, { content: "/inizia\u0000" });
    expect(nul.status).toBe(dialect === "sqlite" ? 200 : 400);
    await say(player, gameId, "Vado al faro");
    const mine = (await view(player, gameId)).messages[2]!;
    const nulTurn = await player.client.post(`/api/games/${gameId}/messages/${mine.id}/renarrate`, { content: "Vado\u0000" });
    expect(nulTurn.status).toBe(dialect === "sqlite" ? 200 : 400);
    await nulTurn.text();

    const stranger = await registerPlayer(server);
    await stranger.client.request("POST", "/api/auth/sign-out", {});
    expect((await stranger.client.json("POST", `/api/games/${gameId}/undo`)).status).toBe(401);
    expect((await view(player, gameId)).messages).toHaveLength(4);
  });
});
