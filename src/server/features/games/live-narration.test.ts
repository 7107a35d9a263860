/**
 * Narration that survives the network (issue 11 §4) over real HTTP, on SQLite and on PostgreSQL:
 * a client that drops does not end the narration (stored whole, charged once); a resume with
 * Last-Event-ID gets exactly the rest, or the final 'done' once it is over; only the owner may
 * resume; 'Stop' still ends it; and on PostgreSQL a narration started on one instance is resumed
 * on another one. The offline narrator writes slowly enough (OFFLINE_WORD_DELAY_MS) to drop mid-way.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepsChoiceContract } from "../../domain/ai/choice-contract";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { findRunRow, type RunRow, updateRunRow } from "./narration-runs.service";
import { DIALECTS, newGame, readEvents, registerPlayer, restartTestServer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const WORD_DELAY_MS = "15";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

/**
 * Starts a turn and reads it until more than `words` words arrived, then drops the connection.
 * Output: the text received and the ids of the events read (accepted, deltas).
 */
async function dropAfter(client: TestClient, path: string, body: unknown, words: number) {
  const controller = new AbortController();
  const response = await client.request("POST", path, body, { signal: controller.signal });
  expect(response.status).toBe(200);
  let received = "";
  const ids: (string | undefined)[] = [];
  await readEvents(response, (e) => {
    ids.push(e.id);
    if (e.event === "delta") received += e.data.text;
    if (received.split(/\s+/).length > words) controller.abort();
  }).catch(() => undefined);
  return { received, ids };
}

/** GET /api/games/:id/live with Last-Event-ID. Output: the status, the events, and the deltas' text. */
async function resume(client: TestClient, id: string, from: number) {
  const response = await client.request("GET", `/api/games/${id}/live`, undefined, { headers: { "Last-Event-ID": String(from) } });
  if (response.status !== 200) return { status: response.status, events: [], rest: "" };
  const events = await readEvents(response);
  return { status: 200, events, rest: events.filter((e) => e.event === "delta").map((e) => e.data.text as string).join("") };
}

const messagesSent = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens.messagesSent as number;

describe.each(DIALECTS)("narration that survives the network on %s", (dialect) => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let provided: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    [server, provided] = await Promise.all([
      startTestServer(dialect, { env: { OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS } }),
      startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), provided.close()]);
    await fake.close();
  });

  it("a client that drops mid-narration: the server finishes it, stores it whole and charges it once", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const { received } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 6);

    // While it runs the game says so, with a prefix of what the player already read or more.
    const during = (await player.client.json("GET", `/api/games/${id}`)).body;
    expect(during.liveNarration).toMatchObject({ playerMessageId: during.messages[0].id });
    expect(during.messages.map((m: any) => m.role)).toEqual(["user"]);

    await expect.poll(async () => (await player.client.json("GET", `/api/games/${id}`)).body.liveNarration, { timeout: 20_000 }).toBeNull();
    const game = (await player.client.json("GET", `/api/games/${id}`)).body;
    expect(game.messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
    const stored = game.messages[1].content as string;
    expect(stored.startsWith(received.trim().slice(0, 20))).toBe(true);
    expect(stored.length).toBeGreaterThan(received.length);
    expect(keepsChoiceContract(stored)).toBe(true);
    expect(await messagesSent(player)).toBe(1);
  });

  it("a resume with Last-Event-ID gets exactly the rest, with ids counting characters, then 'done'; after done only 'done'", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const { received, ids } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 10);
    expect(ids[0]).toBe("0");
    expect(ids.at(-1)).toBe(String(received.length));

    const resumed = await resume(player.client, id, received.length);
    expect(resumed.status).toBe(200);
    const done = resumed.events.at(-1)!;
    expect(done.event).toBe("done");
    expect(resumed.events.slice(0, -1).every((e) => e.event === "delta")).toBe(true);
    // Each event's id is the characters sent so far, counted from where the client was.
    let count = received.length;
    for (const e of resumed.events.slice(0, -1)) {
      count += (e.data.text as string).length;
      expect(e.id).toBe(String(count));
    }
    expect(done.id).toBe(String(count));
    expect(done.data.stopped).toBe(false);
    expect((received + resumed.rest).trim()).toBe(done.data.message.content);
    const game = (await player.client.json("GET", `/api/games/${id}`)).body;
    expect(game.messages[1]).toEqual(done.data.message);
    expect(game.liveNarration).toBeNull();

    const after = await resume(player.client, id, count);
    expect(after.events.map((e) => e.event)).toEqual(["done"]);
    expect(after.events[0]!.data).toMatchObject({ message: done.data.message, stopped: false, progress: game.progress, tokens: { messagesSent: 1 } });
    expect(await messagesSent(player)).toBe(1);
  });

  it("a turn's run row is running once the turn is accepted and ends with the stored narration; a late save of its text changes nothing", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const response = await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" });
    // Read as soon as 'accepted' arrives, while the narration is still being written.
    let running: Promise<RunRow | undefined> | undefined;
    const events = await readEvents(response, (e) => {
      if (e.event === "accepted") running = findRunRow(server.deps.db, id);
    });
    const accepted = events[0]!;
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(await running).toMatchObject({ player_message_id: accepted.data.userMessage.id, status: "running", message_id: null });
    const ended = await findRunRow(server.deps.db, id);
    expect(ended).toMatchObject({ player_message_id: accepted.data.userMessage.id, status: "done", message_id: done.data.message.id, stopped: 0, error_code: null });
    expect(ended!.text.trim()).toBe(done.data.message.content);

    // A save of the text so far that lands after the end (a flush racing the store) is refused.
    await updateRunRow(server.deps.db, id, ended!.run_id, { text: "parziale" });
    expect(await findRunRow(server.deps.db, id)).toEqual(ended);
  });

  it("a resume carries the choices the repair appends to a provider's narration without them", async () => {
    const prose = FAKE_REPLY.split("\n\n1. ")[0]!;
    fake.set({ respond: (body) => (body.stream ? { text: prose, tokensPerSecond: 40 } : { text: "1. Sali sulla barca\n2. Interroga il guardiano\n3. Nasconditi tra le casse" }) });
    const player = await registerPlayer(provided);
    const id = await newGame(player.client);
    const { received } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 4);
    const resumed = await resume(player.client, id, received.length);
    const done = resumed.events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.message.content.startsWith(prose)).toBe(true);
    expect(done.data.message.content).toContain("Nasconditi tra le casse");
    expect(keepsChoiceContract(done.data.message.content)).toBe(true);
    expect((received + resumed.rest).trim()).toBe(done.data.message.content);
    expect(await messagesSent(player)).toBe(1);
  });

  it("only the owner resumes; a game without a narration answers 204", async () => {
    const owner = await registerPlayer(server);
    const intruder = await registerPlayer(server);
    const id = await newGame(owner.client);
    expect((await resume(owner.client, id, 0)).status).toBe(204);
    await dropAfter(owner.client, `/api/games/${id}/messages`, { content: "/inizia" }, 2);
    const foreign = await intruder.client.json("GET", `/api/games/${id}/live`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("Partita non trovata o non autorizzata.");
    expect((await owner.client.json("GET", "/api/games/nessuna/live")).status).toBe(404);
    expect((await owner.client.request("GET", `/api/games/${id}/live`, undefined, { headers: { "Last-Event-ID": "meno uno" } })).status).toBe(400);
    expect((await resume(owner.client, id, 0)).events.at(-1)?.event).toBe("done");
  });

  it("'Stop' after the client dropped ends the narration: what was written is stored, the message stays charged", async () => {
    const player = await registerPlayer(server);
    const id = await newGame(player.client);
    const { received } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 6);
    // The player comes back, reads on, and presses 'Stop'.
    const response = await player.client.request("GET", `/api/games/${id}/live`, undefined, { headers: { "Last-Event-ID": String(received.length) } });
    let text = received;
    let stopAsked = false;
    const events = await readEvents(response, (e) => {
      if (e.event === "delta") text += e.data.text;
      if (!stopAsked && text.split(/\s+/).length > 12) {
        stopAsked = true;
        void player.client.post(`/api/games/${id}/stop`).then((r) => expect(r.status).toBe(202));
      }
    });
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.stopped).toBe(true);
    expect(done.data.message.content).toBe(text.trim());
    expect(keepsChoiceContract(text)).toBe(false);
    const game = (await player.client.json("GET", `/api/games/${id}`)).body;
    expect(game.messages.map((m: any) => m.content)).toEqual(["/inizia", text.trim()]);
    expect(await messagesSent(player)).toBe(1);
  });

  it("'Stop' before the first word gives the message back, as before", async () => {
    fake.set({ respond: undefined, text: FAKE_REPLY, firstTokenDelayMs: 1_500, tokensPerSecond: 0 });
    const player = await registerPlayer(provided);
    const id = await newGame(player.client);
    const response = await player.client.post(`/api/games/${id}/messages`, { content: "/inizia" });
    const events = await readEvents(response, (e) => {
      if (e.event === "accepted") void player.client.post(`/api/games/${id}/stop`);
    });
    fake.set({ firstTokenDelayMs: 0 });
    expect(events.map((e) => e.event)).toEqual(["accepted", "done"]);
    expect(events[1]!.data).toMatchObject({ message: null, stopped: true, tokens: { messagesSent: 0 } });
    expect(await messagesSent(player)).toBe(0);
    expect((await player.client.json("GET", `/api/games/${id}`)).body.liveNarration).toBeNull();
  });

  it("stopping the server lets a narration whose client left finish and be stored before the database closes", async () => {
    let own = await startTestServer(dialect, { env: { OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS } });
    try {
      const player = await registerPlayer(own);
      const id = await newGame(player.client);
      const { received } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 4);
      own = await restartTestServer(own);
      const again = new TestClient(own.url);
      expect((await again.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
      const game = (await again.json("GET", `/api/games/${id}`)).body;
      expect(game.liveNarration).toBeNull();
      expect(game.messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
      expect(game.messages[1].content.length).toBeGreaterThan(received.length);
      expect(keepsChoiceContract(game.messages[1].content)).toBe(true);
      expect((await again.json("GET", "/api/me")).body.tokens.messagesSent).toBe(1);
    } finally {
      await own.close();
    }
  });

  if (dialect === "postgres") {
    it("a narration started on instance A, dropped, is resumed on instance B to the end; charged once", async () => {
      const secret = "live-narration-secret-".padEnd(40, "x");
      const a = await startTestServer("postgres", { env: { AUTH_SECRET: secret, OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS } });
      const b = await startServerProcess(a, { AUTH_SECRET: secret, OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS });
      try {
        const player = await registerPlayer(a);
        const onB = new TestClient(b.url);
        expect((await onB.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
        const id = await newGame(player.client);
        const { received } = await dropAfter(player.client, `/api/games/${id}/messages`, { content: "/inizia" }, 6);

        const seen = (await onB.json("GET", `/api/games/${id}`)).body;
        expect(seen.liveNarration).toMatchObject({ playerMessageId: seen.messages[0].id });
        const resumed = await resume(onB, id, received.length);
        const done = resumed.events.at(-1)!;
        expect(done.event).toBe("done");
        expect(done.data.stopped).toBe(false);
        expect((received + resumed.rest).trim()).toBe(done.data.message.content);
        expect(keepsChoiceContract(done.data.message.content)).toBe(true);
        expect(done.data.tokens).toMatchObject({ messagesSent: 1 });
        const game = (await onB.json("GET", `/api/games/${id}`)).body;
        expect(game.messages.map((m: any) => m.id)).toEqual([seen.messages[0].id, done.data.message.id]);
        expect(await messagesSent(player)).toBe(1);
      } finally {
        await b.close();
        await a.close();
      }
      // Starting a second Node process is slow when the whole suite loads both cores.
    }, 90_000);
  }
});
