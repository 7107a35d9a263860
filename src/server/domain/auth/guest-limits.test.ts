/**
 * Guest ('Tutorial') limits per client address over real HTTP from distinct loopback addresses
 * (issue 22 §1; DESIGN §5): a class of 30 on one connection all get a guest account and play
 * within an hour, the 31st waits for the hour; a daily total bounds a flood; an IPv6 client
 * counts as its /64 network; another address is never refused for it. The clock is injected
 * (Date only) to move past the hour.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { GUESTS_PER_HOUR } from "./limits";

const REFUSAL = /^Sono già stati creati troppi account ospite da questa connessione\. Registrati per continuare a giocare, oppure riprova tra (\d+) (minuti|ore)\.$/;

/** Presses 'Tutorial' as the landing page does: a guest account, then a game of its own. Output: the sign-in status and, if signed in, the game's. */
async function tutorial(server: TestServer, localAddress: string, forwardedFor?: string): Promise<{ status: number; game?: number; retryAfter: number; message?: string }> {
  const client = new TestClient(server.url, localAddress);
  const response = await client.request("POST", "/api/auth/sign-in/anonymous", {}, { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  const body = (await response.json()) as { message?: string };
  const retryAfter = Number(response.headers.get("retry-after"));
  if (response.status !== 200) return { status: response.status, retryAfter, message: body.message };
  const game = await client.request("POST", "/api/games", { genre: "fantasy" });
  return { status: 200, game: game.status, retryAfter };
}

/** `count` presses in a row; Output: their results in order. */
async function presses(count: number, press: (i: number) => ReturnType<typeof tutorial>) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await press(i));
  return results;
}

describe.each(DIALECTS)("guest limits on %s", (dialect) => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [server, proxied] = await Promise.all([
      startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on", GUEST_SIGNINS_PER_DAY: "40" } }),
      startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on", TRUSTED_PROXIES: "127.0.0.1" } }),
    ]);
  });
  afterAll(() => Promise.all([server.close(), proxied.close()]));
  afterEach(() => vi.useRealTimers());

  it("a class of 30 on one address all play within the hour, the 31st waits for it; the daily total then bounds the address; another address is not refused", async () => {
    expect(GUESTS_PER_HOUR).toBe(30);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const classroom = await presses(30, () => tutorial(server, "127.0.4.1"));
    expect(classroom.map((r) => [r.status, r.game])).toEqual(Array(30).fill([200, 201]));
    const late = await tutorial(server, "127.0.4.1");
    expect(late.status).toBe(429);
    expect(late.message).toMatch(REFUSAL);
    expect(late.message).toMatch(/minuti\.$/);
    expect(late.retryAfter).toBeGreaterThan(0);
    expect(late.retryAfter).toBeLessThanOrEqual(3600);
    expect((await tutorial(server, "127.0.4.2")).status).toBe(200);

    // An hour later the next ones get in, up to the daily total (GUEST_SIGNINS_PER_DAY=40 here; 200 by default).
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const afternoon = await presses(11, () => tutorial(server, "127.0.4.1"));
    expect(afternoon.map((r) => r.status)).toEqual([...Array(10).fill(200), 429]);
    expect(afternoon[10]!.message).toMatch(REFUSAL);
    expect(afternoon[10]!.message).toMatch(/ore\.$/);
    expect(afternoon[10]!.retryAfter).toBeGreaterThan(22 * 3600);
    expect((await tutorial(server, "127.0.4.3")).status).toBe(200);
  });

  it("the defaults: an IPv6 client counts as its /64 (behind a trusted proxy), another /64 and IPv4 are not refused", async () => {
    const sameNetwork = await presses(31, (i) => tutorial(proxied, "127.0.0.1", `2001:db8:22:1:${(i + 1).toString(16)}::${i + 7}`));
    expect(sameNetwork.map((r) => r.status)).toEqual([...Array(30).fill(200), 429]);
    expect(sameNetwork[30]!.message).toMatch(REFUSAL);
    expect((await tutorial(proxied, "127.0.0.1", "2001:db8:22:1::ffff")).status).toBe(429);
    expect((await tutorial(proxied, "127.0.0.1", "2001:db8:22:2::1")).status).toBe(200);
    expect((await tutorial(proxied, "127.0.0.1", "203.0.113.22")).status).toBe(200);
  });
});
