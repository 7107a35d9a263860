/**
 * Player controls (issue 38 §4) over real HTTP: 'Continua' (a turn without a choice, one message,
 * the group's turn order respected) and the story's 'Lunghezza' and 'Creatività' (the owner's,
 * stored with the story, sent to the provider, shown in the memory viewer's prompt, exported).
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GENRE_PROMPT_SEEDS } from "../../platform/db/genre-prompts";
import { keepsChoiceContract } from "../../domain/ai/choice-contract";
import { CONTINUE_PROMPT } from "../../domain/ai/prompt";
import { LENGTH_INSTRUCTIONS } from "../../domain/ai/story-style";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { groupPlay } from "../../testing/group-play";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

type Player = Awaited<ReturnType<typeof registerPlayer>>;
const FANTASY = GENRE_PROMPT_SEEDS.Fantasy;

describe.each(DIALECTS)("player controls on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  const { group, send } = groupPlay(() => server);

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.set({ mode: "ok", text: FAKE_REPLY, respond: undefined }));

  /** Sends a turn, reads it to the end. Output: the narrator's request it made (the fake's last). */
  async function turn(player: Player, gameId: string, content: string) {
    const asked = fake.requests.length;
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    expect(response.status).toBe(200);
    expect((await readEvents(response)).at(-1)?.event).toBe("done");
    expect(fake.requests.length).toBe(asked + 1);
    return fake.requests.at(-1);
  }
  const sent = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens.messagesSent as number;
  const systemOf = (request: any): string => request.messages[0].content;

  it("'Continua' goes on without a choice: one message, the narrator asked to continue, three new choices, a '/continua' in the story", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    const early = await player.client.post(`/api/games/${gameId}/messages`, { content: "/continua" });
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe("GAME_NOT_STARTED");

    await turn(player, gameId, "/inizia");
    const before = await sent(player);
    const request = await turn(player, gameId, "/continua");
    expect(await sent(player)).toBe(before + 1);
    expect(request.messages.at(-1)).toEqual({ role: "user", content: CONTINUE_PROMPT });
    expect(request.messages.at(-2)).toMatchObject({ role: "assistant" });

    const game = (await player.client.json("GET", `/api/games/${gameId}`)).body;
    expect(game.messages.map((m: any) => m.role === "user" ? m.content : "narration")).toEqual(["/inizia", "narration", "/continua", "narration"]);
    expect(keepsChoiceContract(game.messages.at(-1).content)).toBe(true);
    const map = (await player.client.json("GET", `/api/games/${gameId}/map`)).body;
    expect(JSON.stringify(map)).toContain('"label":"Continua"');
  });

  it("'Continua' in a group story 'a turno' is only the turn's player's", async () => {
    const { host, gameId, players } = await group(1);
    expect((await send(host, gameId, "/inizia")).status).toBe(200);
    // The turn passed to the other player: the host waits.
    const refused = await send(host, gameId, "/continua");
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("NOT_YOUR_TURN");
    expect((await send(players[0]!, gameId, "/continua")).events.at(-1)?.event).toBe("done");
  });

  it("a new story narrates as before: the genre prompt's temperature and max_tokens, no length instruction", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    expect((await player.client.json("GET", `/api/games/${gameId}`)).body.style).toEqual({ length: "media", creativity: "equilibrata" });
    const request = await turn(player, gameId, "/inizia");
    expect(request.temperature).toBe(FANTASY.temperature);
    expect(request.max_tokens).toBe(FANTASY.max_tokens);
    expect(systemOf(request)).not.toContain("Lunghezza dei turni");
  });

  it("'Lunghezza' and 'Creatività' are stored with the story, reach the provider and are shown in the memory viewer's prompt", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    const set = await player.client.json("PUT", `/api/games/${gameId}/style`, { length: "breve", creativity: "audace" });
    expect(set).toMatchObject({ status: 200, body: { length: "breve", creativity: "audace" } });
    expect((await player.client.json("GET", `/api/games/${gameId}`)).body.style).toEqual({ length: "breve", creativity: "audace" });

    const brief = await turn(player, gameId, "/inizia");
    expect(brief.temperature).toBeCloseTo(FANTASY.temperature + 0.3, 5);
    expect(brief.max_tokens).toBe(FANTASY.max_tokens / 2);
    expect(systemOf(brief)).toContain(LENGTH_INSTRUCTIONS.breve);
    const preview = (await player.client.json("GET", `/api/games/${gameId}/memory/prompt`)).body;
    expect(preview.style).toEqual({ length: "breve", creativity: "audace", temperature: brief.temperature, maxTokens: brief.max_tokens, instruction: LENGTH_INSTRUCTIONS.breve });

    await player.client.json("PUT", `/api/games/${gameId}/style`, { length: "lunga", creativity: "misurata" });
    const long = await turn(player, gameId, "/continua");
    expect(long.temperature).toBeCloseTo(FANTASY.temperature - 0.3, 5);
    expect(long.max_tokens).toBe(FANTASY.max_tokens * 2);
    expect(systemOf(long)).toContain(LENGTH_INSTRUCTIONS.lunga);
    expect(systemOf(long)).not.toContain(LENGTH_INSTRUCTIONS.breve);

    // The GDPR export holds the story's style with the story row.
    const exported = await (await player.client.get("/api/profile/export")).json();
    expect(exported.tables.saved_games.find((g: any) => g.id === gameId)).toMatchObject({ story_length: "lunga", story_creativity: "misurata" });
  });

  it("refuses a forged value with an Italian message, and another player's story, a group's member included", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    const forged = [
      [{ length: "lunghissima", creativity: "audace" }, "Scegli la lunghezza: breve, media o lunga."],
      [{ length: "breve", creativity: 2 }, "Scegli la creatività: misurata, equilibrata o audace."],
      [{ creativity: "audace" }, "Scegli la lunghezza: breve, media o lunga."],
    ] as const;
    for (const [body, message] of forged) {
      const answer = await player.client.json("PUT", `/api/games/${gameId}/style`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
    const stranger = await registerPlayer(server);
    const foreign = await stranger.client.json("PUT", `/api/games/${gameId}/style`, { length: "breve", creativity: "audace" });
    expect(foreign).toMatchObject({ status: 404, body: { error: { message: "Partita non trovata o non autorizzata." } } });

    const { gameId: shared, players } = await group(1);
    const member = await players[0]!.client.json("PUT", `/api/games/${shared}/style`, { length: "breve", creativity: "audace" });
    expect(member.status).toBe(404);
    // Nothing changed.
    expect((await player.client.json("GET", `/api/games/${gameId}`)).body.style).toEqual({ length: "media", creativity: "equilibrata" });
  });
});
