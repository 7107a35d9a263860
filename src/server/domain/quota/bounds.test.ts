/**
 * Per-player bounds on expensive work in progress (issue 19), over real HTTP on SQLite and
 * PostgreSQL: a player's narrations past NARRATIONS_PER_PLAYER, a second AI helper call
 * ('Genera con AI') and a second picture ('/visualizza') while one is in the making answer 429
 * TOO_MANY_AT_ONCE in Italian and charge nothing; another player is never refused for it, and
 * the slot is free again once the work ends.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const TOO_MANY = { status: 429, body: { error: { code: "TOO_MANY_AT_ONCE", ...ERRORS.TOO_MANY_AT_ONCE } } };

const tokens = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens;

describe.each(DIALECTS)("per-player bounds on %s", (dialect) => {
  let offline: TestServer;
  let provided: TestServer;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    [offline, provided] = await Promise.all([
      // The offline narrator writes slowly, so narrations are still running while more are asked.
      startTestServer(dialect, { env: { OFFLINE_WORD_DELAY_MS: "300" } }),
      startTestServer(dialect, {
        env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", IMAGE_MODEL: "fake-image", IMAGE_TIMEOUT_MS: "700", AI_CONNECT_TIMEOUT_MS: "700", AI_IDLE_TIMEOUT_MS: "700", AI_RETRY_MAX_WAIT_MS: "0" },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([offline.close(), provided.close()]);
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, respond: undefined });
    fake.setImages("b64");
  });

  it("a third narration of one player while two run answers 429 in Italian and charges nothing; another player plays on", async () => {
    const player = await registerPlayer(offline);
    const games = [await newGame(player.client), await newGame(player.client), await newGame(player.client)];
    const running = await Promise.all(games.slice(0, 2).map((id) => player.client.post(`/api/games/${id}/messages`, { content: "/inizia" })));
    expect(running.map((r) => r.status)).toEqual([200, 200]);
    expect(await player.client.json("POST", `/api/games/${games[2]}/messages`, { content: "/inizia" })).toEqual(TOO_MANY);
    expect(await tokens(player)).toMatchObject({ messagesSent: 2 });

    const other = await registerPlayer(offline);
    const theirGame = await newGame(other.client);
    const theirs = await other.client.post(`/api/games/${theirGame}/messages`, { content: "/inizia" });
    expect(theirs.status).toBe(200);

    // Once one ends ('Stop'), the player may start another.
    expect((await player.client.post(`/api/games/${games[0]}/stop`)).status).toBe(202);
    expect((await readEvents(running[0]!)).at(-1)?.event).toBe("done");
    await expect.poll(() => offline.deps.bounds.narrations.heldBy(player.id)).toBe(1);
    const third = await player.client.post(`/api/games/${games[2]}/messages`, { content: "/inizia" });
    expect(third.status).toBe(200);
    for (const [client, id, response] of [[player.client, games[1]!, running[1]!], [player.client, games[2]!, third], [other.client, theirGame, theirs]] as const) {
      await client.post(`/api/games/${id}/stop`);
      await readEvents(response);
    }
  });

  it("a second 'Genera con AI' while the first waits for the model answers 429 in Italian and charges nothing", async () => {
    const player = await registerPlayer(provided);
    fake.set({ mode: "hang" });
    const body = { title: "Neon", genre: "Cyberpunk", fields: { premise: "", response_style: "creativo", story_pacing: "lento", interaction_style: "aperto" } };
    const asked = fake.requests.length;
    const first = player.client.json("POST", "/api/custom-games/generate", body);
    await expect.poll(() => fake.requests.length).toBe(asked + 1);
    expect(await player.client.json("POST", "/api/custom-games/generate", body)).toEqual(TOO_MANY);
    expect(await tokens(player)).toMatchObject({ messagesSent: 1 });
    // The first one fails (no answer): its message is given back and the slot is free again.
    expect((await first).body.error.code).toBe("GENERATE_FAILED");
    expect(await tokens(player)).toMatchObject({ messagesSent: 0 });
    fake.set({ mode: "ok", text: JSON.stringify({ premise: "Una premessa generata." }) });
    expect((await player.client.json("POST", "/api/custom-games/generate", body)).status).toBe(200);
  });

  it("a second '/visualizza' while the first picture is in the making answers 429 in Italian and takes no image", async () => {
    const player = await registerPlayer(provided);
    await provided.deps.db.updateTable("user_tokens").set({ visualize_limit: 10 }).where("user_id", "=", player.id).execute();
    const gameId = await newGame(player.client);
    expect((await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    fake.setImages("hang");
    const asked = fake.imageRequests.length;
    const first = player.client.json("POST", `/api/games/${gameId}/images`, {});
    await expect.poll(() => fake.imageRequests.length).toBe(asked + 1);
    expect(await player.client.json("POST", `/api/games/${gameId}/images`, {})).toEqual(TOO_MANY);
    // The chat's '/visualizza' is bounded the same way.
    expect(await player.client.json("POST", `/api/games/${gameId}/messages`, { content: "/visualizza" })).toEqual(TOO_MANY);
    expect(await tokens(player)).toMatchObject({ visualizationsSent: 1 });
    expect((await first).status).toBe(504);
    fake.setImages("b64");
    expect((await player.client.json("POST", `/api/games/${gameId}/images`, {})).status).toBe(201);
  });
});
