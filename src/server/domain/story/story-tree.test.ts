/**
 * The story as a tree (issue 11, ADR 0008) over real HTTP: turns form one path of parent links
 * ending at the game's tip; when the tip is moved back to an earlier narration (what 'Riprendi da
 * qui' will do), the next turn starts a new branch, and everything that reads "the story" (the
 * game page, the narrator's prompt, the admin 'Storico Chat') reads only the current path, while
 * the profile export and 'Mappa delle scelte' keep every branch (parallel sends on one game:
 * games.test.ts). A long story opens at its latest page; older pages follow by cursor (§5).
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORY_PAGE_SIZE } from "../../../shared/api-types";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { appendMessage } from "./story-tree";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-albero@example.com";
const ADMIN_PASSWORD = "password-admin-albero";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("story tree on %s", (dialect) => {
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

  async function say(player: Player, gameId: string, content: string): Promise<void> {
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events.at(-1)?.event).toBe("done");
  }

  const nodes = (gameId: string) =>
    server.deps.db.selectFrom("chat_messages").select(["id", "parent_id", "depth", "role", "content"]).where("game_id", "=", gameId).orderBy("depth").orderBy("created_at").execute();
  const tipOf = async (gameId: string) =>
    (await server.deps.db.selectFrom("saved_games").select("tip_message_id").where("id", "=", gameId).executeTakeFirstOrThrow()).tip_message_id;

  it("turns form one path of parent links ending at the tip", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "/A", "Apro la porta"]) await say(player, gameId, content);

    const rows = await nodes(gameId);
    expect(rows.map((r) => [r.role, r.depth])).toEqual([
      ["user", 0],
      ["assistant", 1],
      ["user", 2],
      ["assistant", 3],
      ["user", 4],
      ["assistant", 5],
    ]);
    rows.forEach((row, i) => expect(row.parent_id).toBe(i === 0 ? null : rows[i - 1]!.id));
    expect(await tipOf(gameId)).toBe(rows.at(-1)!.id);

    // 'Mappa delle scelte': one line per message, the choice spelled out, all on the path.
    const map = await player.client.json("GET", `/api/games/${gameId}/map`);
    expect(map.status).toBe(200);
    expect(map.body.tipId).toBe(rows.at(-1)!.id);
    expect(map.body.nodes.map((n: { label: string }) => n.label)).toEqual([
      "Inizio della storia",
      expect.stringMatching(/^La nebbia si alza sul porto di Valmora/),
      "A) Segui il guardiano",
      expect.any(String),
      "Apro la porta",
      expect.any(String),
    ]);
    expect(map.body.nodes.every((n: { onPath: boolean; label: string }) => n.onPath && n.label.length <= 90)).toBe(true);
    const stranger = await registerPlayer(server);
    expect((await stranger.client.json("GET", `/api/games/${gameId}/map`)).status).toBe(404);
  });

  it("a turn after moving the tip back starts a branch that the game, the prompt and the admin read alone; the export keeps both", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    for (const content of ["/inizia", "Vado al faro", "Salgo le scale"]) await say(player, gameId, content);
    const before = await nodes(gameId);
    const firstNarration = before[1]!;
    expect(firstNarration.role).toBe("assistant");

    await server.deps.db.updateTable("saved_games").set({ tip_message_id: firstNarration.id }).where("id", "=", gameId).execute();
    fake.requests.length = 0;
    await say(player, gameId, "Torno invece alla locanda");

    // The new player message hangs on the first narration, next to 'Vado al faro'.
    const after = await nodes(gameId);
    const branch = after.find((r) => r.content === "Torno invece alla locanda")!;
    expect(branch.parent_id).toBe(firstNarration.id);
    expect(after.filter((r) => r.parent_id === firstNarration.id).map((r) => r.content).sort()).toEqual(["Torno invece alla locanda", "Vado al faro"]);

    const path = ["/inizia", FAKE_REPLY, "Torno invece alla locanda", FAKE_REPLY];
    const view = await player.client.json("GET", `/api/games/${gameId}`);
    expect(view.body.messages.map((m: { content: string }) => m.content)).toEqual(path);

    const sent = fake.requests.at(-1).messages.map((m: { role: string; content: string }) => m.content);
    expect(sent.some((c: string) => c.includes("Vado al faro") || c.includes("Salgo le scale"))).toBe(false);
    expect(sent.at(-1)).toBe("Torno invece alla locanda");

    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const history = await admin.json("GET", `/api/admin/games/${gameId}/messages`);
    // The admin sees every branch (issue 22 §8), the current one marked.
    expect(history.body.messages.filter((m: { current: boolean }) => m.current).map((m: { content: string }) => m.content)).toEqual(path);
    expect(history.body.messages).toHaveLength(8);

    const map = await player.client.json("GET", `/api/games/${gameId}/map`);
    expect(map.body.nodes).toHaveLength(8);
    expect(map.body.nodes.filter((n: { onPath: boolean }) => n.onPath)).toHaveLength(4);
    expect(map.body.nodes.filter((n: { parentId: string }) => n.parentId === firstNarration.id).map((n: { label: string }) => n.label).sort()).toEqual([
      "Torno invece alla locanda",
      "Vado al faro",
    ]);

    const exported = await player.client.json("GET", "/api/profile/export");
    const exportedContents = exported.body.tables.chat_messages.filter((m: { game_id: string }) => m.game_id === gameId).map((m: { content: string }) => m.content);
    expect(exportedContents).toHaveLength(8);
    expect(exportedContents).toEqual(expect.arrayContaining(["Vado al faro", "Salgo le scale", "Torno invece alla locanda"]));
  });

  it("a long story opens at its latest page and the older pages follow by cursor, in order, to the first message", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const total = 2 * STORY_PAGE_SIZE + 20;
    await server.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < total; i++) {
        await appendMessage(trx, {
          game_id: gameId,
          user_id: player.id,
          role: i % 2 === 0 ? "user" : "assistant",
          content: i === 0 ? "/inizia" : `Messaggio ${i}`,
          image_url: null,
          created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
        });
      }
    });

    const view = await player.client.json("GET", `/api/games/${gameId}`);
    expect(view.body.started).toBe(true);
    expect(view.body.messages).toHaveLength(STORY_PAGE_SIZE);
    expect(view.body.messages.at(-1).content).toBe(`Messaggio ${total - 1}`);
    const seen: string[] = view.body.messages.map((m: { content: string }) => m.content);
    let cursor: string | null = view.body.olderCursor;
    const sizes: number[] = [];
    while (cursor) {
      const page = await player.client.json("GET", `/api/games/${gameId}/messages?before=${cursor}`);
      expect(page.status).toBe(200);
      sizes.push(page.body.messages.length);
      seen.unshift(...page.body.messages.map((m: { content: string }) => m.content));
      cursor = page.body.olderCursor;
    }
    expect(sizes).toEqual([STORY_PAGE_SIZE, 20]);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => (i === 0 ? "/inizia" : `Messaggio ${i}`)));

    const firstCursor = view.body.olderCursor;
    const stranger = await registerPlayer(server);
    expect((await stranger.client.json("GET", `/api/games/${gameId}/messages?before=${firstCursor}`)).status).toBe(404);
    const otherGame = await newGame(player.client);
    const crossed = await player.client.json("GET", `/api/games/${otherGame}/messages?before=${firstCursor}`);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.message).toBe("Messaggio non trovato in questa partita.");
    for (const bad of ["", "?before=", `?before=${"x".repeat(65)}`, "?before=%00"]) {
      const res = await player.client.json("GET", `/api/games/${gameId}/messages${bad}`);
      expect([400, 404]).toContain(res.status);
      expect(res.body.error.message).toMatch(/[a-zà-ù]/);
    }
  });

  it("'Riprova' answers the unanswered message at the tip and the narration continues the path", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await say(player, gameId, "/inizia");
    fake.set({ mode: "error500" });
    const failed = await player.client.post(`/api/games/${gameId}/messages`, { content: "Accendo la lanterna" });
    expect((await readEvents(failed)).at(-1)?.event).toBe("error");
    fake.set({ mode: "ok", text: FAKE_REPLY });
    const retried = await player.client.post(`/api/games/${gameId}/retry`, {});
    expect((await readEvents(retried)).at(-1)?.event).toBe("done");

    const rows = await nodes(gameId);
    expect(rows.map((r) => r.content)).toEqual(["/inizia", FAKE_REPLY, "Accendo la lanterna", FAKE_REPLY]);
    expect(rows[3]!.parent_id).toBe(rows[2]!.id);
    expect(await tipOf(gameId)).toBe(rows[3]!.id);
  });
});
