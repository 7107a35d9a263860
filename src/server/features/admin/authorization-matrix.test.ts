/**
 * Authorisation matrix (issue 6 Tests; DESIGN §5 "every /api route states who may call it"):
 * every route registered in the Hono app under /api (read from app.routes) must have an entry
 * here, and each entry is exercised over real HTTP as
 * - a visitor: 401 (public routes answer normally);
 * - a signed-in user: 403 'Accesso negato' on admin routes, 404 on another user's resource;
 * - the owner / an admin: let through (not 401, 403 or 404, and no server error), or the exact
 *   status the entry names.
 * A route without an entry, or an entry without a route, fails the first test.
 * Better Auth's own endpoints (/api/auth/*) are the library's and are listed as one entry.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { AppDeps } from "../../context";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-matrix@example.com";
const ADMIN_PASSWORD = "password-admin-matrix";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

interface Ctx {
  server: TestServer;
  admin: TestClient;
  newPlayer: () => Promise<Player>;
}

interface Entry {
  /** public: anyone; user: any signed-in user on their own data; owner: a resource of one user; admin: admins only. */
  access: "public" | "user" | "owner" | "admin";
  body?: unknown;
  query?: string;
  /** Path parameters; for owner entries, created as `owner` (the resource another user must not reach). */
  params?: (ctx: Ctx, owner: Player) => Promise<Record<string, string>>;
  /** Status the allowed caller must get; default: anything but 401, 403, 404 and 5xx. */
  expect?: number;
  /** Call the allowed check with a brand-new player (the route erases or changes the caller). */
  fresh?: boolean;
}

async function newGame(player: Player, genre = "horror"): Promise<Record<string, string>> {
  const created = await player.client.json<{ id: string }>("POST", "/api/games", { genre });
  expect(created.status).toBe(201);
  return { id: created.body.id };
}

const ownGame: Entry["params"] = (_ctx, owner) => newGame(owner);
const playerId: Entry["params"] = async (ctx) => ({ id: (await ctx.newPlayer()).id });

/** Who may call what. Keep in step with the routers: a new route must be added here. */
const MATRIX: Record<string, Entry> = {
  "GET /api/health": { access: "public", expect: 200 },
  "GET /api/plans": { access: "public", expect: 200 },
  "GET|POST /api/auth/*": { access: "public" },
  "GET /api/images": { access: "public", expect: 200 },
  "GET /api/images/:id": { access: "public", expect: 404 },
  "GET /api/images/:id/download": { access: "public", expect: 404 },
  "GET /api/templates": { access: "public", expect: 200 },
  "GET /api/templates/:id": { access: "public", expect: 404 },

  "GET /api/me": { access: "user", expect: 200 },
  "GET /api/presence": { access: "user", query: "tab=matrix-tab-0001", expect: 200 },
  "GET /api/events": { access: "user", expect: 200 },
  "GET /api/profile": { access: "user", expect: 200 },
  "PUT /api/profile": { access: "user", body: { nickname: "", firstName: "Ada", lastName: "Rossi" }, expect: 200 },
  "GET /api/profile/games": { access: "user", expect: 200 },
  "GET /api/profile/export": { access: "user", expect: 200 },
  "DELETE /api/profile": { access: "user", fresh: true, expect: 200 },
  "GET /api/notifications": { access: "user", expect: 200 },
  "POST /api/notifications/:id/read": { access: "user", expect: 404 },
  "POST /api/games": { access: "user", body: { genre: "horror" }, expect: 201 },
  "POST /api/templates/:id/like": { access: "user", body: {}, expect: 404 },
  "POST /api/templates/:id/favorite": { access: "user", body: {}, expect: 404 },
  "POST /api/templates/:id/play": { access: "user", body: {}, expect: 404 },
  "POST /api/custom-games": { access: "user", body: {} },
  "POST /api/custom-games/generate": { access: "user", body: {} },

  "GET /api/games/:id": { access: "owner", params: ownGame, expect: 200 },
  "DELETE /api/games/:id": { access: "owner", params: ownGame, expect: 200 },
  "POST /api/games/:id/messages": { access: "owner", params: ownGame, body: { content: "/inizia" }, expect: 200 },
  "POST /api/games/:id/retry": { access: "owner", params: ownGame, body: {} },
  "POST /api/games/:id/stop": { access: "owner", params: ownGame, body: {} },
  "POST /api/games/:id/images": { access: "owner", params: ownGame, body: {} },

  "GET /api/admin/check": { access: "admin", expect: 200 },
  "GET /api/admin/stats": { access: "admin", expect: 200 },
  "GET /api/admin/audit": { access: "admin", expect: 200 },
  "GET /api/admin/users": { access: "admin", query: "search=example", expect: 200 },
  "POST /api/admin/users": { access: "admin", body: { email: `nuovo-${randomUUID().slice(0, 8)}@example.com`, role: "user", plan: "base" }, expect: 201 },
  "PUT /api/admin/users/:id": {
    access: "admin",
    params: playerId,
    body: { email: `modificato-${randomUUID().slice(0, 8)}@example.com`, role: "user", plan: "premium" },
    expect: 200,
  },
  "DELETE /api/admin/users/:id": { access: "admin", params: playerId, expect: 200 },
  "GET /api/admin/games": { access: "admin", expect: 200 },
  "GET /api/admin/games/:id/messages": { access: "admin", params: async (ctx) => newGame(await ctx.newPlayer()), expect: 200 },
  "GET /api/admin/orders": { access: "admin", expect: 200 },
  "POST /api/admin/orders": {
    access: "admin",
    params: async (ctx) => ({ email: (await ctx.newPlayer()).email }),
    body: "order",
    expect: 201,
  },
  "PATCH /api/admin/orders/:id": { access: "admin", body: { status: "refunded" }, expect: 404 },
  "GET /api/admin/genres": { access: "admin", expect: 200 },
  "POST /api/admin/genres/sync": { access: "admin", expect: 200 },
  "PUT /api/admin/genres/:id": { access: "admin", body: { system_prompt: "" }, expect: 400 },
  "GET /api/admin/notifications": { access: "admin", expect: 200 },
  "POST /api/admin/notifications": { access: "admin", body: { title: "Matrice", content: "Prova", url: "" } },
  "PUT /api/admin/notifications/:id": { access: "admin", body: { title: "Matrice", content: "Prova", url: "" }, expect: 404 },
  "POST /api/admin/notifications/:id/publish": { access: "admin", expect: 404 },
  "DELETE /api/admin/notifications/:id": { access: "admin", expect: 404 },
  "GET /api/admin/templates": { access: "admin", expect: 200 },
  "POST /api/admin/templates": { access: "admin", body: {}, expect: 400 },
  "PUT /api/admin/templates/:id": { access: "admin", body: {}, expect: 400 },
  "DELETE /api/admin/templates/:id": { access: "admin", expect: 404 },
  "POST /api/admin/templates/ai/improve": { access: "admin", body: {}, expect: 400 },
  "POST /api/admin/templates/ai/generate": { access: "admin", body: {}, expect: 400 },
  "POST /api/admin/templates/ai/cover": { access: "admin", body: {}, expect: 400 },
};

/** "METHOD /path" of every route registered under /api (middleware entries are method ALL). */
function registeredRoutes(): string[] {
  const app = createApp({ env: { PUBLIC_URL: undefined } } as unknown as AppDeps);
  const keys = new Set<string>();
  const auth = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    if (route.path.startsWith("/api/auth/")) auth.add(route.method);
    else keys.add(`${route.method} ${route.path}`);
  }
  if (auth.size) keys.add(`${[...auth].sort().join("|")} /api/auth/*`);
  return [...keys].sort();
}

const ROUTES = registeredRoutes();

function pathOf(key: string, params: Record<string, string>, query?: string): string {
  const path = key.split(" ")[1]!.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? randomUUID()));
  return query ? `${path}?${query}` : path;
}

/** Calls a route and reads at most the status (streams are cancelled once their headers arrive). */
async function call(client: TestClient, key: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const method = key.split(" ")[0]!.split("|")[0]!;
  const response = await client.request(method, path, method === "GET" || method === "DELETE" ? undefined : (body ?? {}));
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    await response.body?.cancel();
    return { status: response.status, text: "" };
  }
  return { status: response.status, text: await response.text() };
}

describe("authorisation matrix", () => {
  it("gives every registered /api route an entry, and every entry a route", () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(ROUTES.filter((r) => !(r in MATRIX)), "routes without an entry in MATRIX").toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !ROUTES.includes(k)), "entries without a route").toEqual([]);
  });
});

describe.each(DIALECTS)("authorisation matrix on %s", (dialect) => {
  let ctx: Ctx;
  let stranger: Player;

  beforeAll(async () => {
    const server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    const admin = new TestClient(server.url);
    expect((await admin.post("/api/auth/sign-in/email", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    ctx = { server, admin, newPlayer: () => registerPlayer(server) };
    stranger = await ctx.newPlayer();
  });
  afterAll(async () => {
    await ctx.server.close();
  });

  const routes = ROUTES.filter((r) => r in MATRIX && !r.includes("/api/auth/"));

  it.each(routes)("%s", async (key) => {
    const entry = MATRIX[key]!;
    const owner = entry.access === "owner" ? await ctx.newPlayer() : stranger;
    const params = entry.params ? await entry.params(ctx, owner) : {};
    const body = entry.body === "order" ? { userEmail: params.email, subscriptionType: "premium", amount: 9.99, status: "completed" } : entry.body;
    const path = pathOf(key, params, entry.query);
    const allowed = (result: { status: number; text: string }) => {
      if (entry.expect !== undefined) expect(result.status, result.text).toBe(entry.expect);
      else {
        expect([401, 403, 404], result.text).not.toContain(result.status);
        expect(result.status, result.text).toBeLessThan(500);
      }
    };

    const visitor = await call(new TestClient(ctx.server.url), key, path, body);
    if (entry.access === "public") {
      allowed(visitor);
      return;
    }
    expect(visitor.status, visitor.text).toBe(401);

    if (entry.access === "admin") {
      const denied = await call(stranger.client, key, path, body);
      expect(denied.status).toBe(403);
      expect(JSON.parse(denied.text).error).toMatchObject({ title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" });
      allowed(await call(ctx.admin, key, path, body));
      return;
    }
    if (entry.access === "owner") {
      // Another user, and an admin too, simply do not find someone else's resource.
      for (const other of [stranger.client, ctx.admin]) {
        const notFound = await call(other, key, path, body);
        expect(notFound.status, notFound.text).toBe(404);
      }
      allowed(await call(owner.client, key, path, body));
      return;
    }
    const caller = entry.fresh ? (await ctx.newPlayer()).client : stranger.client;
    allowed(await call(caller, key, path, body));
  });
});
