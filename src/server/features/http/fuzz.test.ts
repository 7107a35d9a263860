/**
 * Input fuzzing of every JSON endpoint (issue 9 Tests; DESIGN §5 "no input produces a 500").
 * fast-check sends random and hostile requests (wrong types, huge strings, prototype-pollution
 * keys, unicode, deep nesting, numbers out of range, raw garbage, odd content types, forged ids
 * of another user's rows) to every route the app registers, Better Auth's included, as a
 * signed-in player and as a visitor. Nothing may answer 5xx, and the other user's rows must be
 * exactly as they were. Seeded and bounded: RUNS requests per dialect.
 */

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ROWS } from "../../domain/policies/account-rows";
import { DIALECTS, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { type JsonRoute, jsonRoutes, routePath } from "../../testing/json-routes";

const RUNS = 300;
const SEED = 20261123;

/** Calls that end the caller's own session or account: only the visitor makes them. */
const ENDS_OWN_SESSION = /\/(sign-out|revoke-sessions|delete-user|delete-anonymous-user|sign-in\/anonymous)$|^DELETE \/api\/profile$/;

/** Field names of the app's and Better Auth's bodies, plus keys an attacker would try. */
const KEYS = [
  "email", "password", "newPassword", "currentPassword", "name", "content", "genre", "title", "description", "nickname",
  "first_name", "last_name", "role", "roles", "isAdmin", "is_admin", "userId", "user_id", "id", "gameId", "templateId",
  "status", "amount", "subscriptionType", "userEmail", "liked", "favorite", "callbackURL", "token", "fields", "text",
  "field", "context", "system_prompt", "temperature", "max_tokens", "context_memory", "forbidden_topics", "link_url",
  "acceptPrivacy", "emailVerified", "plan", "limit", "messages_sent", "__proto__", "constructor", "prototype",
];

type Snapshot = Record<string, unknown[]>;

/** Every row naming `userId` in every column of the account-rows list, in a stable order. */
async function snapshotOf(server: TestServer, userId: string): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const { table, column } of ACCOUNT_ROWS) {
    const rows = await (server.deps.db as any).selectFrom(table).selectAll().where(column, "=", userId).execute();
    snapshot[`${table}.${column}`] = rows.map((row: unknown) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** Hostile JSON values, given the ids of the other user's rows to forge. */
function hostileValue(ids: string[]) {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(...ids),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("", " ", "\u0000", "x".repeat(5_000), "é".repeat(3_000), "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "javascript:alert(1)", "/inizia", "/visualizza", "admin"),
      fc.double(),
      fc.integer(),
      fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 0.1 + 0.2, -0, 10_001, -1),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 4 }),
    ),
  })).value;
}

/** A raw body: JSON objects with the app's keys, any JSON, deep nesting, pollution, garbage, nothing. */
function body(ids: string[]) {
  const object = fc.dictionary(fc.constantFrom(...KEYS), hostileValue(ids), { maxKeys: 8 }).map((o) => JSON.stringify(o));
  return fc.oneof(
    { weight: 5, arbitrary: object },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 60_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}',
        '{"email":"a@b.it","__proto__":{"polluted":true}}',
        '{"content":"a","content":"/visualizza"}',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const QUERY_KEYS = ["page", "pageSize", "search", "sort", "cursor", "genre", "filter", "gameId", "role", "from", "to"];

/** A query string with hostile values for the read routes' filters and pages. */
const query = fc
  .dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.string({ unit: "grapheme", maxLength: 20 }), fc.integer().map(String), fc.constantFrom("-1", "1e999", "NaN", "0x10", "%00", "[]")), { maxKeys: 4 })
  .map((q) => new URLSearchParams(q).toString());

const contentType = fc.constantFrom("application/json", "application/json", "application/json; charset=utf-16", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", undefined);

describe.each(DIALECTS)("fuzzing every JSON endpoint on %s", (dialect) => {
  let server: TestServer;
  let routes: JsonRoute[];
  let victim: Awaited<ReturnType<typeof registerPlayer>>;
  let player: Awaited<ReturnType<typeof registerPlayer>>;
  let victimIds: string[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    victim = await registerPlayer(server);
    player = await registerPlayer(server);
    const game = await victim.client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    await readEvents(await victim.client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }));
    const messages = await server.deps.db.selectFrom("chat_messages").select("id").where("user_id", "=", victim.id).execute();
    expect(messages.length).toBeGreaterThan(0);
    victimIds = [victim.id, victim.email, game.body.id, ...messages.map((m) => String(m.id))];
    const { bodies, reads } = jsonRoutes(server);
    // Event streams stay open: their access checks are covered by the authorisation matrix.
    routes = [...bodies, ...reads.filter((r) => !/^\/api\/(events|presence)/.test(r.path))];
  });
  afterAll(async () => {
    await server.close();
  });

  it(`answers ${RUNS} hostile requests without a 5xx and leaves the other user's rows unchanged`, { timeout: 120_000 }, async () => {
    const before = await snapshotOf(server, victim.id);
    const visitor = new TestClient(server.url);
    const statuses = new Map<number, number>();
    const ids = fc.oneof(fc.constantFrom(...victimIds), fc.uuid(), fc.constantFrom("0", "-1", "null", "%2e%2e", "x".repeat(300), "💥", "1 OR 1=1"));

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), ids, body(victimIds), query, contentType, fc.boolean(), async (route, id, raw, search, type, asPlayer) => {
        const signedIn = asPlayer && !ENDS_OWN_SESSION.test(`${route.method} ${route.path}`);
        const client = signedIn ? player.client : visitor;
        const path = routePath(route, id) + (route.method === "GET" && search ? `?${search}` : "");
        const hasBody = route.method !== "GET" && raw !== undefined;
        const response = await client.request(route.method, path, undefined, {
          body: hasBody ? raw : undefined,
          headers: hasBody && type ? { "content-type": type } : {},
        });
        const text = (response.headers.get("content-type") ?? "").includes("event-stream") ? (await response.body?.cancel(), "") : await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${signedIn ? "player" : "visitor"} ${route.method} ${path} ${String(raw).slice(0, 200)} → ${text.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    // The requests reached the parsers and the handlers, not only the access checks.
    for (const status of [200, 400, 401, 404, 413]) expect(statuses.get(status) ?? 0, `answers ${status}: ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);
    expect(await snapshotOf(server, victim.id)).toEqual(before);
    // The server runs in this process: no payload reached Object.prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The player's calls were made signed in, and none made them an admin.
    expect((await player.client.json("GET", "/api/me")).status).toBe(200);
    expect((await player.client.json("GET", "/api/admin/check")).status).toBe(403);
  });
});
