/**
 * The chat turn over real HTTP (DESIGN §4; issue foundation §7): ownership, atomic quota under
 * concurrency, streaming from an OpenAI-compatible provider, and failures that keep the player's
 * message and give the quota back. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("game turns on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AI_CONNECT_TIMEOUT_MS: "800", AI_IDLE_TIMEOUT_MS: "800" },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0 });
    fake.requests.length = 0;
  });

  async function newGame(player: Awaited<ReturnType<typeof registerPlayer>>, genre = "horror") {
    const created = await player.client.json<{ id: string; genre: string }>("POST", "/api/games", { genre });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  async function tokens(player: Awaited<ReturnType<typeof registerPlayer>>) {
    return (await player.client.json("GET", "/api/me")).body.tokens;
  }

  it("health names the dialect and the model", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ status: "ok", database: dialect, ai: "fake-model" });
  });

  it("creates a game with the default title and resumes it with the whole story", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player, "sci-fi");
    const game = await player.client.json("GET", `/api/games/${id}`);
    expect(game.body).toMatchObject({ id, genre: "Sci-Fi", progress: 0, started: false, messages: [] });
    expect(game.body.title).toMatch(/^Nuova Avventura Sci-Fi #\d{4}$/);

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
    const id = await newGame(owner);
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
    const id = await newGame(player);
    const empty = await player.client.json("POST", `/api/games/${id}/messages`, { content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Scrivi un messaggio prima di inviare.");
  });

  it("refuses a state-changing call from another origin", async () => {
    const player = await registerPlayer(server);
    const res = await player.client.request("POST", "/api/games", { genre: "horror" }, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("50 parallel sends with 5 messages left accept exactly 5", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player);
    const before = await tokens(player);
    expect(before).toMatchObject({ plan: "base", messageLimit: 15, remaining: 15 });
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
    await server.deps.db.updateTable("user_tokens").set({ messages_sent: 10, messages_period: day }).where("user_id", "=", player.id).execute();

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => player.client.post(`/api/games/${id}/messages`, { content: `azione ${i}` })),
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
    const id = await newGame(player);
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
    const id = await newGame(player);
    await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }));
    await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "B" }));
    expect(fake.requests.at(-1).messages.at(-1).content).toBe("Scelgo l'opzione B: Esplora il molo");
  });

  it("keeps only context_memory × 2 messages in the prompt", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player);
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
      const id = await newGame(player);
      fake.set(behaviour);
      const events = await readEvents(await player.client.post(`/api/games/${id}/messages`, { content: "Apro la porta della cripta" }));
      const error = events.find((e) => e.event === "error");
      expect(error?.data).toMatchObject({ code, message: expect.stringContaining("Il tuo messaggio è salvato") });
      expect(error?.data.tokens).toMatchObject({ messagesSent: 0, remaining: 15 });
      expect(events.some((e) => e.event === "done")).toBe(false);

      const game = await player.client.json("GET", `/api/games/${id}`);
      expect(game.body.messages.map((m: any) => [m.role, m.content])).toEqual([["user", "Apro la porta della cripta"]]);
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
    const id = await newGame(player);
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
    const game = await player.client.json("GET", `/api/games/${id}`);
    expect(game.body.messages.map((m: any) => m.content)).toEqual(["/inizia", stored]);
    const other = await registerPlayer(server);
    expect((await other.client.json("POST", `/api/games/${id}/stop`, {})).status).toBe(404);
  });

  it("a dropped connection keeps what was written so far", async () => {
    fake.set({ tokensPerSecond: 20 });
    const player = await registerPlayer(server);
    const id = await newGame(player);
    const controller = new AbortController();
    const response = await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" }, { signal: controller.signal });
    let received = "";
    await readEvents(response, (e) => {
      if (e.event === "delta") {
        received += e.data.text;
        if (received.split(/\s+/).length > 6) controller.abort();
      }
    }).catch(() => undefined);
    await expect.poll(async () => (await player.client.json("GET", `/api/games/${id}`)).body.messages.length, { timeout: 5000 }).toBe(2);
    const game = await player.client.json("GET", `/api/games/${id}`);
    const stored = game.body.messages[1].content as string;
    expect(stored.length).toBeGreaterThan(0);
    expect(FAKE_REPLY.startsWith(stored)).toBe(true);
    expect(stored.length).toBeLessThan(FAKE_REPLY.length);
  });

  it("DELETE /api/games/:id removes the owner's game and its messages; anyone else gets 404", async () => {
    const owner = await registerPlayer(server);
    const intruder = await registerPlayer(server);
    const id = await newGame(owner);
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
    const id = await newGame(player);
    const res = await player.client.json("POST", `/api/games/${id}/retry`, {});
    expect(res.status).toBe(409);
  });
});
