/**
 * A user's streams live only while the account does (issue 36 finding 16a), over real HTTP on
 * SQLite and PostgreSQL: when an admin deactivates a player, the player's open streams — GET
 * /api/events, /api/presence, a turn's narration, a game's /live — end at once, while another
 * player's stay open; the player's own erasure ends their other browser's stream; and on
 * PostgreSQL a stream held by a second instance ends too (the event bus).
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "admin-flussi@example.com", password: "password-admin-flussi" };
const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
/** How soon an ended account's stream must close. */
const CLOSES_WITHIN_MS = 3_000;

/** Resolves "ended" when the stream of `response` ends within `ms`, else "open". */
function endsWithin(response: Response, ms: number): Promise<"ended" | "open"> {
  return Promise.race([readEvents(response).then(() => "ended" as const, () => "ended" as const), new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ms))]);
}

/** Opens a stream of `client` and checks it answered 200 text/event-stream. */
async function open(client: TestClient, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await client.request(method, path, body);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return response;
}

describe.each(DIALECTS)("streams of an ended account on %s", (dialect) => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let admin: TestClient;
  const env = () => ({ ...ADMIN_ENV, AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AI_IDLE_TIMEOUT_MS: "20000" });

  beforeAll(async () => {
    // A slow narrator: a turn's stream stays open for seconds.
    fake = await startFakeOpenAI({ text: `${FAKE_REPLY} ${"Il vento soffia tra le rovine. ".repeat(20)}`, tokensPerSecond: 20 });
    server = await startTestServer(dialect, { env: env() });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("an admin's deactivation ends the player's events, presence, turn and /live streams at once; another player's stay open", async () => {
    const player = await registerPlayer(server);
    const secondBrowser = await signIn(server, player.email, player.password);
    const bystander = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const streams = {
      events: await open(player.client, "GET", "/api/events"),
      presence: await open(player.client, "GET", `/api/presence?tab=${randomUUID()}&game=${gameId}`),
      turn: await open(player.client, "POST", `/api/games/${gameId}/messages`, { content: "/inizia" }),
      live: await open(secondBrowser, "GET", `/api/games/${gameId}/live`),
    };
    const bystanderEvents = await open(bystander.client, "GET", "/api/events");

    expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).status).toBe(200);
    const ended = await Promise.all(Object.values(streams).map((s) => endsWithin(s, CLOSES_WITHIN_MS)));
    expect(Object.fromEntries(Object.keys(streams).map((name, i) => [name, ended[i]]))).toEqual({ events: "ended", presence: "ended", turn: "ended", live: "ended" });
    // The presence route's own end ran: the tab is given up (no longer renewed as a session).
    await expect.poll(async () => (await server.deps.db.selectFrom("presence").select("closed").where("user_id", "=", player.id).execute()).map((r) => r.closed)).toEqual([1]);
    // (The server's stop ends it.)
    expect(await endsWithin(bystanderEvents, 500)).toBe("open");
    // Reconnecting is refused: the sessions are gone.
    expect((await player.client.request("GET", "/api/events")).status).toBe(401);
  });

  it("erasing one's own account ends the streams of one's other browsers", async () => {
    const player = await registerPlayer(server);
    const otherBrowser = await signIn(server, player.email, player.password);
    const events = await open(otherBrowser, "GET", "/api/events");
    expect((await player.client.json("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    expect(await endsWithin(events, CLOSES_WITHIN_MS)).toBe("ended");
  });

  if (dialect === "postgres") {
    it("a stream held by another instance ends too", async () => {
      const other = await startServerProcess(server, env());
      try {
        const player = await registerPlayer(server);
        const onOther = new TestClient(other.url);
        expect((await onOther.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
        const events = await open(onOther, "GET", "/api/events");
        expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).status).toBe(200);
        expect(await endsWithin(events, CLOSES_WITHIN_MS)).toBe("ended");
      } finally {
        await other.close();
      }
    });
  }
});
