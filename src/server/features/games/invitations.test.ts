/**
 * A story's invitations stay bounded (issue 36 finding 16c, ADR 0019) over real HTTP on SQLite
 * and PostgreSQL: at most 20 usable at once, even when the host asks for many at the same time,
 * and only the latest 10 revoked or expired ones are kept, so creating and revoking links in a
 * loop leaves a few rows, not thousands; the links that work keep working.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { groupPlay } from "../../testing/group-play";
import { DIALECTS, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

/** Usable invitations a story may have, and revoked or expired ones it keeps. */
const LIVE_MAX = 20;
const DEAD_KEPT = 10;

describe.each(DIALECTS)("invitations of a story on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const { invite, join } = groupPlay(() => server);
  const rowsOf = async (gameId: string) => (await server.deps.db.selectFrom("game_invitations").select("id").where("game_id", "=", gameId).execute()).length;

  it("1,000 create/revoke cycles leave at most the usable ones and the latest 10 revoked; a kept link still works", { timeout: 240_000 }, async () => {
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const kept = await invite(host, gameId);
    // Ten hosts' tabs at once, a hundred cycles each.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 100; i++) {
          const created = await host.client.json("POST", `/api/games/${gameId}/invitations`);
          expect(created.status).toBe(201);
          expect((await host.client.json("DELETE", `/api/games/${gameId}/invitations/${created.body.id}`)).status).toBe(204);
        }
      }),
    );
    // Revocations at the same moment may each forget a different old one: at most, not exactly.
    expect(await rowsOf(gameId)).toBeLessThanOrEqual(1 + DEAD_KEPT);
    const listed = (await host.client.json("GET", `/api/games/${gameId}/invitations`)).body.invitations;
    expect(listed.filter((i: { revokedAt: string | null }) => i.revokedAt === null)).toHaveLength(1);
    expect((await join(await registerPlayer(server), kept)).status).toBe(200);

    // Expired links count as revoked ones: a week later, new links push them out too.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 8 * 24 * 3_600_000 });
    for (let i = 0; i < 3; i++) expect((await host.client.json("POST", `/api/games/${gameId}/invitations`)).status).toBe(201);
    expect(await rowsOf(gameId)).toBeLessThanOrEqual(3 + DEAD_KEPT);
  });

  it("many links asked at the same moment never go past 20 usable ones: the rest are refused in Italian", async () => {
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const answers = await Promise.all(Array.from({ length: 40 }, () => host.client.json("POST", `/api/games/${gameId}/invitations`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIVE_MAX);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error.message)).toEqual(Array(40 - LIVE_MAX).fill(ERRORS.TOO_MANY_INVITATIONS.message));
    expect(await rowsOf(gameId)).toBe(LIVE_MAX);
    // Nobody but the host makes or revokes them.
    const stranger = new TestClient(server.url);
    expect((await stranger.json("POST", `/api/games/${gameId}/invitations`)).status).toBe(401);
    expect((await (await registerPlayer(server)).client.json("POST", `/api/games/${gameId}/invitations`)).status).toBe(404);
  });
});
