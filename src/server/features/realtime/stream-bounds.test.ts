/**
 * Live streams with a cap (issue 19 §7), over real HTTP on SQLite and PostgreSQL: one account (a
 * guest here) opening more GET /api/events streams than LIVE_EVENT_STREAMS_PER_PLAYER keeps only
 * the newest (the oldest gets 'replaced' and ends) and the process's file descriptors stay flat; a
 * narration's /live streams past NARRATION_FOLLOWERS_PER_PLAYER answer 429 in Italian; past
 * LIVE_STREAMS_MAX the instance answers 503 in Italian.
 */

import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { DIALECTS, newGame, openLive, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const PER_PLAYER = 8;
const FOLLOWERS = 4;
const INSTANCE = 20;

const openFds = () => fs.readdirSync("/proc/self/fd").length;

describe.each(DIALECTS)("live stream bounds on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The offline narrator writes slowly, so a narration is still running while it is followed.
    server = await startTestServer(dialect, { env: { LIVE_STREAMS_MAX: String(INSTANCE), OFFLINE_WORD_DELAY_MS: "300" } });
  });
  afterAll(() => server.close());

  const guest = async () => {
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
    return { client, id: me.body.user.id };
  };

  it(`a guest opening ${PER_PLAYER + 30} event streams keeps the newest ${PER_PLAYER}: each older one is told 'replaced' and closed, file descriptors stay flat`, async () => {
    const { client, id } = await guest();
    const open = [];
    for (let i = 0; i < PER_PLAYER; i++) open.push(await openLive(client));
    const fdsAtCap = openFds();
    for (let i = 0; i < 30; i++) {
      const oldest = open.shift()!;
      open.push(await openLive(client));
      // The oldest stream ends on its own: its last event says why.
      await oldest.next((e) => e.event === "replaced");
      expect(open.every((s) => !s.events.some((e) => e.event === "replaced"))).toBe(true);
    }
    expect(server.deps.bounds.eventStreams.heldBy(id)).toBe(PER_PLAYER);
    expect(openFds() - fdsAtCap).toBeLessThanOrEqual(4);
    for (const s of open) s.close();
    await expect.poll(() => server.deps.bounds.eventStreams.heldBy(id)).toBe(0);
  });

  it(`a narration's /live streams past ${FOLLOWERS} of one player answer 429 in Italian`, async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const turn = new AbortController();
    const started = await player.client.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" }, { signal: turn.signal });
    expect(started.status).toBe(200);
    const followers = Array.from({ length: FOLLOWERS }, () => new AbortController());
    const answers = [];
    for (const f of followers) answers.push(await player.client.request("GET", `/api/games/${gameId}/live`, undefined, { signal: f.signal }));
    expect(answers.map((r) => r.status)).toEqual(Array(FOLLOWERS).fill(200));
    const extra = await player.client.json("GET", `/api/games/${gameId}/live`);
    expect(extra).toEqual({ status: 429, body: { error: { code: "TOO_MANY_STREAMS", ...ERRORS.TOO_MANY_STREAMS } } });
    // One follower leaves: its place is free again.
    followers[0]!.abort();
    await expect.poll(() => server.deps.bounds.narrationFollowers.heldBy(player.id)).toBe(FOLLOWERS - 1);
    const again = new AbortController();
    expect((await player.client.request("GET", `/api/games/${gameId}/live`, undefined, { signal: again.signal })).status).toBe(200);
    expect((await player.client.post(`/api/games/${gameId}/stop`)).status).toBe(202);
    // Every follower ends with the narration.
    const ends = await Promise.all(answers.slice(1).map(async (r) => (await readEvents(r)).at(-1)?.event));
    expect(ends).toEqual(Array(FOLLOWERS - 1).fill("done"));
    turn.abort();
    again.abort();
    await expect.poll(() => server.deps.bounds.narrationFollowers.heldBy(player.id)).toBe(0);
  });

  it(`past ${INSTANCE} live streams on the instance a new one answers 503 in Italian`, async () => {
    const players = await Promise.all([guest(), guest(), guest()]);
    const open = [];
    for (const p of players.slice(0, 2)) for (let i = 0; i < PER_PLAYER; i++) open.push(await openLive(p.client));
    for (let i = 0; i < INSTANCE - 2 * PER_PLAYER; i++) open.push(await openLive(players[2]!.client));
    const refused = await players[2]!.client.json("GET", "/api/events");
    expect(refused).toEqual({ status: 503, body: { error: { code: "SERVER_BUSY", ...ERRORS.SERVER_BUSY } } });
    for (const s of open) s.close();
    await expect.poll(() => players.map((p) => server.deps.bounds.eventStreams.heldBy(p.id))).toEqual([0, 0, 0]);
    const after = await openLive(players[2]!.client);
    after.close();
  });
});
