/**
 * Over 350 lines: the chat turn's contract end to end, sharing one server per dialect.
 * The chat turn over real HTTP (DESIGN §4; issue foundation §7): ownership, atomic quota under
 * concurrency, streaming from an OpenAI-compatible provider, failures that keep the player's
 * message and give the quota back, and the choice contract (issue 11 §3). Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GENERIC_CHOICES, keepsChoiceContract, withChoices } from "../../domain/ai/choice-contract";
import { CHOICE_REPAIR_PROMPT } from "../../domain/ai/prompt";
import type { ThreeChoices } from "../../domain/ai/types";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

/** FAKE_REPLY without its choices, and replies that break the choice contract (issue 11 §3). */
const PROSE = FAKE_REPLY.split("\n\n1. ")[0]!;
/** Every 10 narrations: no choices (3rd), two (6th), four (9th). */
const BROKEN: Record<number, string> = {
  2: PROSE,
  5: `${PROSE}\n\n1. Segui il guardiano\n2. Esplora il molo`,
  8: `${PROSE}\n\n1. Segui il guardiano\n2. Esplora il molo\n3. Torna alla locanda\n4. Aspetta l'alba`,
};
const REPAIRED: ThreeChoices = ["Sali sulla barca", "Interroga il guardiano", "Nasconditi tra le casse"];
const REPAIR_REPLY = "Ecco le tre scelte:\n\n1. Sali sulla barca\n2. Interroga il guardiano\n3. Nasconditi tra le casse";

describe.each(DIALECTS)("game turns on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      // The message quota must hold under parallel sends that reach several instances: the
      // per-instance bound on a player's running narrations (issue 19) is lifted here.
      env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AI_CONNECT_TIMEOUT_MS: "2000", AI_IDLE_TIMEOUT_MS: "2000", AI_RETRY_MAX_WAIT_MS: "0", NARRATIONS_PER_PLAYER: "50" },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, respond: undefined });
    fake.requests.length = 0;
  });

  async function tokens(player: Awaited<ReturnType<typeof registerPlayer>>) {
    return (await player.client.json("GET", "/api/me")).body.tokens;
  }

  it("health names the dialect and the model", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ status: "ok", database: dialect, ai: "fake-model" });
  });

  it("creates a game with the default title and resumes it with the whole story", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client, "sci-fi");
    const game = await player.client.json("GET", `/api/games/${id}`);
    expect(game.body).toMatchObject({ id, genre: "Sci-Fi", progress: 0, started: false, messages: [] });
    expect(game.body.title).toMatch(/^Nuova Avventura Sci-Fi #\d{4}$/);
    // Issue 39: the Avventura genre is named once ('Nuova Avventura #1234').
    const adventure = await player.client.json("GET", `/api/games/${await newGame(player.client, "avventura")}`);
    expect(adventure.body.title).toMatch(/^Nuova Avventura #\d{4}$/);

    const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
    expect(events.at(-1)?.event).toBe("done");
    const resumed = await player.client.json("GET", `/api/games/${id}`);
    expect(resumed.body.started).toBe(true);
    expect(resumed.body.progress).toBeGreaterThan(0);
    expect(resumed.body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ["user", "/inizia"],
      ["assistant", FAKE_REPLY],
    ]);
  });

  it("an unknown genre falls back to Fantasy", async () => {
    const player = await registerPlayer(server);
    const created = await player.client.json("POST", "/api/games", { genre: "spaghetti" });
    expect(created.body.genre).toBe("Fantasy");
  });

  it("another user's game, and a missing one, are 404 with the spec's text", async () => {
    const owner = await registerPlayer(server);
    const intruder = await registerPlayer(server);
    const id = await newGame(owner.client);
    for (const res of [
      await intruder.client.json("GET", `/api/games/${id}`),
      await intruder.client.json("POST", `/api/games/${id}/messages`, { content: "/inizia" }),
      await intruder.client.json("POST", `/api/games/${id}/retry`, {}),
      await owner.client.json("GET", `/api/games/00000000-0000-0000-0000-000000000000`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Partita non trovata o non autorizzata.");
    }
    const game = await owner.client.json("GET", `/api/games/${id}`);
    expect(game.body.messages).toEqual([]);
  });

  it("visitors get 401 and empty messages are refused", async () => {
    const visitor = await fetch(`${server.url}/api/games`, { method: "POST", headers: { origin: server.url, "content-type": "application/json" }, body: "{}" });
    expect(visitor.status).toBe(401);
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const empty = await player.client.json("POST", `/api/games/${id}/messages`, { content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Scrivi un messaggio prima di inviare.");
  });

  it("before '/inizia' the server refuses free text, choices, '/nuovo' and '/visualizza' (spec §4): nothing stored or charged", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    for (const content of ["Apro la porta della cripta", "/A", "b", "/nuovo", "Voglio iniziare un nuovo gioco", "/visualizza"]) {
      const refused = await player.client.json("POST", `/api/games/${id}/messages`, { content });
      expect(refused.status, content).toBe(409);
      expect(refused.body.error).toEqual({ code: "GAME_NOT_STARTED", title: "Partita non iniziata", message: "Premi /inizia per cominciare la partita." });
    }
    expect((await player.client.json("POST", `/api/games/${id}/images`, {})).body.error.code).toBe("GAME_NOT_STARTED");
    expect((await player.client.json("GET", `/api/games/${id}`)).body.messages).toEqual([]);
    expect(await tokens(player)).toMatchObject({ messagesSent: 0, visualizationsSent: 0 });
    expect(fake.requests).toHaveLength(0);

    expect((await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: " /INIZIA " }))).at(-1)?.event).toBe("done");
    const free = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "Apro la porta della cripta" }));
    expect(free.at(-1)?.event).toBe("done");
    expect(await tokens(player)).toMatchObject({ messagesSent: 2 });
  });

  it("refuses a state-changing call from another origin", async () => {
    const player = await registerPlayer(server);
    const res = await player.client.request("POST", "/api/games", { genre: "horror" }, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("50 parallel sends with 5 messages left accept exactly 5", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const before = await tokens(player);
    expect(before).toMatchObject({ plan: "base", messageLimit: 15, remaining: 15 });
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
    await server.deps.db.updateTable("user_tokens").set({ messages_sent: 10, messages_period: day }).where("user_id", "=", player.id).execute();

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => player.client.post(`/api/games/${id}/messages`, { content: "/inizia" })),
    );
    const accepted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(45);
    const refusal = await refused[0]!.json();
    expect(refusal.error).toMatchObject({ title: "Limite messaggi raggiunto", message: expect.stringContaining("Hai raggiunto il limite di messaggi") });
    await Promise.all([...accepted.map((r) => readEvents(r)), ...refused.slice(1).map((r) => r.text())]);
    expect(await tokens(player)).toMatchObject({ messagesSent: 15, remaining: 0 });
    const game = await player.client.json("GET", `/api/games/${id}`);
    expect(game.body.messages.filter((m: any) => m.role === "user")).toHaveLength(5);
  });

  it("streams the reply as it is written, then stores it", async () => {
    fake.set({ firstTokenDelayMs: 100, tokensPerSecond: 40 });
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const sentAt = Date.now();
    const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
    const deltas = events.filter((e) => e.event === "delta");
    const done = events.find((e) => e.event === "done")!;
    expect(events[0]!.event).toBe("accepted");
    expect(deltas.length).toBeGreaterThan(10);
    // The first words reached the client long before the provider finished writing.
    expect(done.at - deltas[0]!.at).toBeGreaterThan(300);
    expect(deltas[0]!.at - sentAt).toBeLessThan(done.at - sentAt);
    expect(deltas.map((d) => d.data.text).join("")).toBe(FAKE_REPLY);
    expect(done.data.message.content).toBe(FAKE_REPLY);
    expect(done.data.tokens).toMatchObject({ messagesSent: 1, remaining: 14 });

    // The prompt carried the genre's system prompt and the described command.
    const request = fake.requests.at(-1);
    expect(request.stream).toBe(true);
    expect(request.messages[0].role).toBe("system");
    expect(request.messages[0].content).toContain("tre scelte numerate");
    expect(request.messages.at(-1)).toEqual({ role: "user", content: expect.stringContaining("Inizia la storia") });
  });

  it("a letter answers the previous turn's choice with its text", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
    await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "B" }));
    expect(fake.requests.at(-1).messages.at(-1).content).toBe("Scelgo l'opzione B: Esplora il molo");
  });

  it("keeps only context_memory × 2 messages in the prompt", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    await server.deps.db.updateTable("genre_prompts").set({ context_memory: 1 }).where("genre", "=", "Horror").execute();
    try {
      for (const content of ["/inizia", "A", "B"]) {
        await readEvents(await player.client.post(`/api/games/${id}/messages`, { content }));
      }
      const sent = fake.requests.at(-1).messages;
      expect(sent.filter((m: any) => m.role !== "system")).toHaveLength(2);
    } finally {
      await server.deps.db.updateTable("genre_prompts").set({ context_memory: 10 }).where("genre", "=", "Horror").execute();
    }
  });

  describe.each([
    ["the provider answers 500", { mode: "error500" as const }, "AI_FAILED"],
    ["the provider never answers", { mode: "hang" as const }, "AI_TIMEOUT"],
    ["the stream is cut in the middle", { mode: "cut" as const }, "AI_FAILED"],
  ])("when %s", (_name, behaviour, code) => {
    it("keeps the player's message, gives the quota back, and 'Riprova' works", async () => {
      const player = await registerPlayer(server);
      const id = await newGame(player.client);
      fake.set(behaviour);
      const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
      const error = events.find((e) => e.event === "error");
      expect(error?.data).toMatchObject({ code, message: expect.stringContaining("Il tuo messaggio è salvato") });
      expect(error?.data.tokens).toMatchObject({ messagesSent: 0, remaining: 15 });
      expect(events.some((e) => e.event === "done")).toBe(false);

      const game = await player.client.json("GET", `/api/games/${id}`);
      expect(game.body.messages.map((m: any) => [m.role, m.content])).toEqual([["user", "/inizia"]]);
      expect(await tokens(player)).toMatchObject({ messagesSent: 0 });

      fake.set({ mode: "ok" });
      const retried = await readEvents(await player.client.post(`/api/games/${id}/retry`));
      expect(retried.at(-1)?.event).toBe("done");
      const after = await player.client.json("GET", `/api/games/${id}`);
      expect(after.body.messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
      expect(await tokens(player)).toMatchObject({ messagesSent: 1 });
    });
  });

  it("'Stop' ends the narration, keeps what was written and closes the stream with 'done'", async () => {
    fake.set({ tokensPerSecond: 20 });
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const response = await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" });
    let received = "";
    let stopAsked = false;
    const events = await readEvents(response, (e) => {
      if (e.event === "delta") received += e.data.text;
      if (!stopAsked && received.split(/\s+/).length > 6) {
        stopAsked = true;
        void player.client.post(`/api/games/${id}/stop`).then((r) => expect(r.status).toBe(202));
      }
    });
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.stopped).toBe(true);
    const stored = done.data.message.content as string;
    expect(stored.length).toBeGreaterThan(0);
    expect(FAKE_REPLY.startsWith(stored)).toBe(true);
    expect(stored.length).toBeLessThan(FAKE_REPLY.length);
    // Stored as the player left it, without its choices: no choice repair (issue 11 §3).
    expect(fake.requests.filter((r) => !r.stream)).toHaveLength(0);
    const game = await player.client.json("GET", `/api/games/${id}`);
    expect(game.body.messages.map((m: any) => m.content)).toEqual(["/inizia", stored]);
    const other = await registerPlayer(server);
    expect((await other.client.json("POST", `/api/games/${id}/stop`, {})).status).toBe(404);
  });

  it("DELETE /api/games/:id removes the owner's game and its messages; anyone else gets 404", async () => {
    const owner = await registerPlayer(server);
    const intruder = await registerPlayer(server);
    const id = await newGame(owner.client);
    await readEvents(await owner.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));

    const foreign = await intruder.client.json("DELETE", `/api/games/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Partita non trovata o non autorizzata.");
    expect((await owner.client.json("GET", `/api/games/${id}`)).body.messages).toHaveLength(2);

    expect((await owner.client.json("DELETE", `/api/games/${id}`)).status).toBe(200);
    expect((await owner.client.json("GET", `/api/games/${id}`)).status).toBe(404);
    const left = await server.deps.db.selectFrom("chat_messages").select("id").where("game_id", "=", id).execute();
    expect(left).toEqual([]);
    expect((await owner.client.json("DELETE", `/api/games/${id}`)).status).toBe(404);
  });

  it("retry without a pending player message is refused", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const res = await player.client.json("POST", `/api/games/${id}/retry`, {});
    expect(res.status).toBe(409);
  });

  describe("the choice contract (issue 11 §3)", () => {
    const repairs = () => fake.requests.filter((r) => !r.stream);

    it("30 turns with 30% broken choices: every stored narration ends with three choices, one message charged per turn", async () => {
      const player = await registerPlayer(server);
      await server.deps.db.updateTable("user_tokens").set({ message_limit: 40 }).where("user_id", "=", player.id).execute();
      const id = await newGame(player.client);
      let narrations = 0;
      fake.set({ respond: (body) => (body.stream ? { text: BROKEN[narrations++ % 10] ?? FAKE_REPLY } : { text: REPAIR_REPLY }) });

      const moves = ["A", "B", "C", "Mi guardo intorno"];
      for (let turn = 0; turn < 30; turn++) {
        const content = turn === 0 ? "/inizia" : moves[turn % moves.length]!;
        const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content }));
        const done = events.at(-1)!;
        expect(done.event, `turn ${turn}: ${JSON.stringify(done.data)}`).toBe("done");
        expect(done.data.tokens.messagesSent).toBe(turn + 1);
        const stored = done.data.message.content as string;
        const streamed = events.filter((e) => e.event === "delta").map((e) => e.data.text as string).join("");
        switch (turn % 10) {
          case 2:
            // Appended choices reach the player as a delta too.
            expect(stored).toBe(withChoices(PROSE, REPAIRED));
            expect(streamed).toBe(stored);
            break;
          case 5:
          case 8:
            // The broken block is replaced: the final text comes with 'done'.
            expect(stored).toBe(withChoices(PROSE, REPAIRED));
            break;
          default:
            expect(stored).toBe(FAKE_REPLY);
            expect(streamed).toBe(FAKE_REPLY);
        }
      }

      // Every stored narration of the game (the page shows only the latest STORY_PAGE_SIZE messages).
      const stored = await server.deps.db.selectFrom("chat_messages").select("content").where("game_id", "=", id).where("role", "=", "assistant").orderBy("depth").execute();
      const narrated = stored.map((m) => m.content);
      expect(narrated).toHaveLength(30);
      expect(narrated.filter((text: string) => keepsChoiceContract(text))).toHaveLength(30);
      expect(narrated.filter((text: string) => text !== FAKE_REPLY)).toHaveLength(9);
      expect(await tokens(player)).toMatchObject({ messagesSent: 30, remaining: 10 });

      // One short non-streamed repair per broken narration: the turn's prompt, the prose, then the request.
      expect(repairs()).toHaveLength(9);
      const repair = repairs()[0];
      expect(repair.max_tokens ?? repair.max_completion_tokens).toBe(200);
      expect(repair.messages[0].role).toBe("system");
      expect(repair.messages.at(-2)).toEqual({ role: "assistant", content: PROSE });
      expect(repair.messages.at(-1)).toEqual({ role: "user", content: CHOICE_REPAIR_PROMPT });
      // A letter after a repaired turn chooses the repaired choice (turn 6 answers turn 5 with 'C').
      const narrationRequests = fake.requests.filter((r) => r.stream);
      expect(narrationRequests[6].messages.at(-1).content).toBe(`Scelgo l'opzione C: ${REPAIRED[2]}`);
    });

    it.each([
      ["fails", { mode: "error500" as const }],
      ["never answers", { mode: "hang" as const }],
      ["is still not three choices", { text: "1. Sali sulla barca\n2. Interroga il guardiano" }],
    ])("when the repair %s, the generic choices are stored and the turn costs one message", async (_name, repair) => {
      const player = await registerPlayer(server);
      const id = await newGame(player.client);
      // The narration (streamed) has no choices; the repair (not streamed) fails.
      fake.set({ respond: (body) => (body.stream ? { text: PROSE } : repair) });
      const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
      const done = events.at(-1)!;
      expect(done.event).toBe("done");
      expect(done.data.message.content).toBe(withChoices(PROSE, GENERIC_CHOICES));
      expect(done.data.tokens).toMatchObject({ messagesSent: 1 });
      expect(repairs()).toHaveLength(1);
      const game = await player.client.json("GET", `/api/games/${id}`);
      expect(game.body.messages.map((m: any) => m.content)).toEqual(["/inizia", withChoices(PROSE, GENERIC_CHOICES)]);
      expect(await tokens(player)).toMatchObject({ messagesSent: 1 });
    });
  });
});
