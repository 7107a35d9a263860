/**
 * 'Ascolta' with the server's voice (issue 39) over real HTTP, against a local speech endpoint
 * (testing/fake-tts.ts): the route streams the endpoint's MP3 for a part of the player's own
 * narration, having sent it that sentence as the page splits it (shared/speech/speech-text.ts);
 * it refuses a visitor, another player's story, a forged message, a part that is not there; it is
 * bounded per player; it says so in Italian when the endpoint fails or no voice is configured;
 * the web is told whether a voice exists. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { speechSegments } from "../../../shared/speech/speech-text";
import { recordUsage } from "../../domain/ai/usage";
import { loadEnv } from "../../platform/env";
import { fakeSpeech, type FakeTts, startFakeTts } from "../../testing/fake-tts";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { siteConfig } from "../http/site-config";
import { SPEECH_PARTS_PER_MINUTE } from "./speech.routes";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

/** The site's daily AI budget in these tests (tokens); the offline storyteller spends none of it. */
const BUDGET = 5_000_000;

describe.each(DIALECTS)("'Ascolta' with the server's voice on %s", (dialect) => {
  let tts: FakeTts;
  let server: TestServer;
  let owner: Player;
  let gameId: string;
  let narration: { id: string; content: string };
  let playerMessageId: string;

  const speechPath = (game: string, message: string, part: string | number) => `/api/games/${game}/messages/${message}/speech?part=${part}`;

  beforeAll(async () => {
    tts = await startFakeTts();
    server = await startTestServer(dialect, {
      env: { TTS_BASE_URL: tts.url, TTS_MODEL: "tts-finto", TTS_API_KEY: "chiave-tts", TTS_VOICE: "nova", OFFLINE_WORD_DELAY_MS: "0", AI_DAILY_TOKEN_BUDGET: String(BUDGET) },
    });
    owner = await registerPlayer(server);
    gameId = await newGame(owner.client, "fantasy");
    const turn = await owner.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" });
    expect((await readEvents(turn)).at(-1)?.event).toBe("done");
    const game = (await owner.client.json("GET", `/api/games/${gameId}`)).body;
    playerMessageId = game.messages[0].id;
    narration = game.messages.at(-1);
  });
  afterAll(async () => {
    await server.close();
    await tts.close();
  });

  it("streams the endpoint's MP3 for a sentence of the player's own narration, having sent it that sentence", async () => {
    const parts = speechSegments(narration.content, true);
    expect(parts.length).toBeGreaterThan(3);
    for (const index of [0, 1, parts.length - 1]) {
      const asked = tts.requests.length;
      const response = await owner.client.get(speechPath(gameId, narration.id, index));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(fakeSpeech(parts[index]!.speak));
      expect(tts.requests.length).toBe(asked + 1);
      expect(tts.requests.at(-1)).toEqual({
        path: "/v1/audio/speech",
        authorization: "Bearer chiave-tts",
        body: { model: "tts-finto", input: parts[index]!.speak, voice: "nova", response_format: "mp3" },
      });
    }
    // The last part is the third choice, read as the browser's voice reads it.
    expect(tts.requests.at(-1)!.body.input).toMatch(/^Scelta C: \S/);
  });

  it("refuses a visitor (401), another player's story (404), a forged or foreign message (404)", async () => {
    const visitor = await new TestClient(server.url).json("GET", speechPath(gameId, narration.id, 0));
    expect(visitor.status).toBe(401);

    const stranger = await registerPlayer(server);
    const foreign = await stranger.client.json("GET", speechPath(gameId, narration.id, 0));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "GAME_NOT_FOUND", message: "Partita non trovata o non autorizzata." });

    // The stranger's own story, with the owner's message id: not a message of that story.
    const strangerGame = await newGame(stranger.client);
    const borrowed = await stranger.client.json("GET", speechPath(strangerGame, narration.id, 0));
    expect(borrowed.status).toBe(404);
    expect(borrowed.body.error).toMatchObject({ code: "MESSAGE_NOT_FOUND", message: "Messaggio non trovato in questa partita." });

    for (const forged of [randomUUID(), "non-un-id", "%00"]) {
      const answer = await owner.client.json("GET", speechPath(gameId, forged, 0));
      expect(answer.status, forged).toBe(404);
      expect(answer.body.error.code).toBe("MESSAGE_NOT_FOUND");
    }
  });

  it("answers 400 in Italian for a part that is not there, a part that is not a number, a player's message", async () => {
    const asked = tts.requests.length;
    const count = speechSegments(narration.content, true).length;
    const beyond = await owner.client.json("GET", speechPath(gameId, narration.id, count));
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatchObject({ code: "SPEECH_PART_NOT_FOUND", message: "Questa frase non c'è nel racconto: ricarica la pagina e riprova." });

    for (const part of ["-1", "abc", "1.5", "1000"]) {
      const bad = await owner.client.json("GET", speechPath(gameId, narration.id, part));
      expect(bad.status, part).toBe(400);
      expect(bad.body.error.message).toBe("Il parametro «part» deve essere un numero intero da 0 a 999.");
    }
    const missing = await owner.client.json("GET", `/api/games/${gameId}/messages/${narration.id}/speech`);
    expect(missing.status).toBe(400);

    const typed = await owner.client.json("GET", speechPath(gameId, playerMessageId, 0));
    expect(typed.status).toBe(400);
    expect(typed.body.error.code).toBe("SPEECH_PART_NOT_FOUND");
    expect(tts.requests.length).toBe(asked);
  });

  it("says in Italian when the speech endpoint fails (502)", async () => {
    tts.set({ status: 500 });
    try {
      const failed = await owner.client.json("GET", speechPath(gameId, narration.id, 0));
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({ code: "SPEECH_FAILED", message: "La voce del sito non risponde in questo momento. Riprova tra poco." });
    } finally {
      tts.set({ status: 200 });
    }
  });

  it(`bounds each player to ${SPEECH_PARTS_PER_MINUTE} parts a minute (429 with Retry-After), not the others`, async () => {
    const reader = await registerPlayer(server);
    const game = await newGame(reader.client, "fantasy");
    expect((await readEvents(await reader.client.post(`/api/games/${game}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    const story = (await reader.client.json("GET", `/api/games/${game}`)).body;
    const message = story.messages.at(-1).id as string;
    for (let i = 0; i < SPEECH_PARTS_PER_MINUTE; i++) {
      const response = await reader.client.get(speechPath(game, message, 0));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await reader.client.request("GET", speechPath(game, message, 0));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({ code: "SPEECH_LIMIT", message: "Hai chiesto troppe frasi da leggere in poco tempo. Attendi un minuto e riprova." });
    // Another player still listens.
    expect((await owner.client.get(speechPath(gameId, narration.id, 0))).status).toBe(200);
  });

  // Last: it spends the day's budget.
  it("passes the spending gate: once the site's daily AI budget is spent, 503 in Italian and the endpoint is not called", async () => {
    await recordUsage(server.deps.db, { model: "altro-modello", purpose: "narration", userId: undefined, inputTokens: BUDGET, outputTokens: 0 });
    const asked = tts.requests.length;
    const spent = await owner.client.json("GET", speechPath(gameId, narration.id, 1));
    expect(spent.status).toBe(503);
    expect(spent.body.error.code).toBe("AI_BUDGET_EXHAUSTED");
    expect(spent.body.error.message).toMatch(/[a-zà-ù]/);
    expect(tts.requests.length).toBe(asked);
  });
});

describe("'Ascolta' without a server voice", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite", { env: { OFFLINE_WORD_DELAY_MS: "0" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 404 in Italian when TTS_BASE_URL is unset", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    expect((await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    const narration = (await player.client.json("GET", `/api/games/${gameId}`)).body.messages.at(-1);
    const off = await player.client.json("GET", `/api/games/${gameId}/messages/${narration.id}/speech?part=0`);
    expect(off.status).toBe(404);
    expect(off.body.error).toMatchObject({ code: "SERVER_VOICE_OFF", message: "La lettura con la voce del sito non è attiva: Ascolta usa le voci del tuo browser." });
  });

  it("tells the web whether a server voice exists, never its key; TTS_BASE_URL and TTS_MODEL go together", () => {
    expect(siteConfig(loadEnv({})).serverVoice).toBe(false);
    const config = siteConfig(loadEnv({ TTS_BASE_URL: "https://tts.example/v1", TTS_MODEL: "tts-1", TTS_API_KEY: "segreto-tts" }));
    expect(config.serverVoice).toBe(true);
    expect(JSON.stringify(config)).not.toContain("segreto-tts");
    expect(() => loadEnv({ TTS_BASE_URL: "https://tts.example" })).toThrow(/TTS_BASE_URL e TTS_MODEL vanno impostati insieme/);
  });
});
