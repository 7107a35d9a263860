/**
 * Over 350 lines: the matrix lists every /api route with who may call it; one table by design.
 * Authorisation matrix (issue 6 Tests; DESIGN §5 "every /api route states who may call it"):
 * every route registered in the Hono app under /api (read from app.routes) must have an entry
 * here, and each entry is exercised over real HTTP as
 * - a visitor: 401 (public routes answer normally);
 * - a signed-in player, a guest ('Tutorial', anonymous), a moderator and a demoted admin: 403
 *   'Accesso negato' on admin routes, each denial counted in the audit log on one row per caller
 *   and route (a repeat adds to its count, no new row: issue 9 finding 8); 404 on another user's
 *   resource;
 * - on a story: a member of it (issue 24) let through on reads and 404 on host-only routes;
 * - the owner / an admin: let through (not 401, 403 or 404, and no server error), or the exact
 *   status the entry names;
 * - the moderation queue (issue 23, access 'moderator'): moderators and admins let through, the
 *   player, the guest and the demoted admin refused with 403 and audited as on admin routes;
 *   everywhere else in the console a moderator is refused like any player (the moderator row).
 * A route without an entry, or an entry without a route, fails the first test.
 * Better Auth's own endpoints (/api/auth/*) are the library's and are listed as one entry; the
 * ones the web calls (AUTH_CALLS) are called as a visitor and as a guest: they exist and answer
 * without a server error, a guest cannot set an e-mail or password.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app/app";
import type { AppDeps } from "../../domain/context";
import { createLocalEventBus } from "../../platform/realtime/event-bus";
import { appendMessage } from "../../domain/story/story-tree";
import { DIALECTS, newGame, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { PUSH_KINDS } from "../../../shared/push-kinds";
import { startFakeTts } from "../../testing/fake-tts";

const ADMIN_EMAIL = "admin-matrix@example.com";
const ADMIN_PASSWORD = "password-admin-matrix";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

interface Ctx {
  server: TestServer;
  admin: TestClient;
  newPlayer: () => Promise<Player>;
}

/** A signed-in caller without the admin role, with its user id (to find its audit rows). */
interface Denied {
  name: string;
  client: TestClient;
  id: string;
}

interface Entry {
  /**
   * public: anyone; user: any signed-in user on their own data; owner: a resource of one user;
   * moderator: moderators and admins (issue 23: the queue); admin: admins only.
   */
  access: "public" | "user" | "owner" | "moderator" | "admin";
  body?: unknown;
  /** The body when it names a created resource (built from the params); replaces `body`. */
  bodyOf?: (params: Record<string, string>) => unknown;
  query?: string;
  /** The query when it names a created resource (built from the params); replaces `query`. */
  queryOf?: (params: Record<string, string>) => string;
  /** Path parameters; for owner entries, created as `owner` (the resource another user must not reach). */
  params?: (ctx: Ctx, owner: Player) => Promise<Record<string, string>>;
  /** Status the allowed caller must get; default: anything but 401, 403, 404 and 5xx. */
  expect?: number;
  /** Call the allowed check with a brand-new player (the route erases or changes the caller). */
  fresh?: boolean;
  /**
   * Owner entries: a member of the owner's story (issue 24, ADR 0019) is let through like the
   * owner ('read'), does not find it like a stranger ('host': host-only routes; the default), or
   * gets that exact status (a number).
   */
  member?: "read" | "host" | number;
}

const ownGame: Entry["params"] = async (_ctx, owner) => ({ id: await newGame(owner.client) });
/** A game of the owner holding one player's message ('/inizia'), for the story-control routes. */
const ownMessage: Entry["params"] = async (ctx, owner) => {
  const id = await newGame(owner.client);
  const message = await ctx.server.deps.db
    .transaction()
    .execute((trx) => appendMessage(trx, { game_id: id!, user_id: owner.id, role: "user", content: "/inizia", image_url: null, created_at: new Date().toISOString() }));
  return { id: id!, messageId: message.id };
};
/** A game of the owner holding one narration of three sentences, for 'Ascolta' with the server's voice (issue 39). */
const ownNarration: Entry["params"] = async (ctx, owner) => {
  const id = await newGame(owner.client);
  const message = await ctx.server.deps.db
    .transaction()
    .execute((trx) =>
      appendMessage(trx, { game_id: id!, user_id: owner.id, role: "assistant", content: "La nebbia sale. Il faro tace. Qualcuno bussa.", image_url: null, created_at: new Date().toISOString() }),
    );
  return { id: id!, messageId: message.id };
};
/** A game of the owner holding one fact of 'Ricordi' (issue 11 §1). */
const ownFact: Entry["params"] = async (_ctx, owner) => {
  const id = await newGame(owner.client);
  const fact = await owner.client.json<{ id: string }>("POST", `/api/games/${id}/memory/facts`, { kind: "luogo", title: "Faro", text: "Il faro è spento da anni." });
  expect(fact.status).toBe(201);
  return { id: id!, factId: fact.body.id };
};
/** Makes `member` a player of the owner's story `gameId` through an invitation (issue 24). */
async function addMember(gameId: string, owner: Player, member: Player) {
  const invitation = await owner.client.json<{ url: string }>("POST", `/api/games/${gameId}/invitations`);
  expect(invitation.status, JSON.stringify(invitation.body)).toBe(201);
  const joined = await member.client.json("POST", `/api/invitations/${invitation.body.url.split("/").at(-1)}/join`, { characterName: "Eroe", characterLine: "" });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}
/** A group story of the owner with one more player (issue 24): the player's id for DELETE /players/:userId. */
const ownGroup: Entry["params"] = async (ctx, owner) => {
  const id = await newGame(owner.client);
  const player = await ctx.newPlayer();
  await addMember(id, owner, player);
  return { id, userId: player.id };
};
/** A game of the owner with one invitation (issue 24). */
const ownInvitation: Entry["params"] = async (_ctx, owner) => {
  const id = await newGame(owner.client);
  const invitation = await owner.client.json<{ id: string }>("POST", `/api/games/${id}/invitations`);
  return { id, invitationId: invitation.body.id };
};
const playerId: Entry["params"] = async (ctx) => ({ id: (await ctx.newPlayer()).id });
/** A player an admin deactivated (issue 22 §10): 'Ripristina' applies. */
const deactivatedId: Entry["params"] = async (ctx) => {
  const { id } = await ctx.newPlayer();
  expect((await ctx.admin.json("DELETE", `/api/admin/users/${id}`)).status).toBe(200);
  return { id };
};
/** A user created with 'Nuovo Utente' (no password yet: invitations apply). */
const invitedId: Entry["params"] = async (ctx) => {
  const created = await ctx.admin.json<{ id: string }>("POST", "/api/admin/users", { email: `invitato-${randomUUID().slice(0, 8)}@example.com`, role: "user", plan: "base" });
  expect(created.status).toBe(201);
  return { id: created.body.id };
};

/** Who may call what. Keep in step with the routers: a new route must be added here. */
const MATRIX: Record<string, Entry> = {
  "GET /api/health": { access: "public", expect: 200 },
  "GET /api/ready": { access: "public", expect: 200 },
  "GET /api/plans": { access: "public", expect: 200 },
  "GET /api/session": { access: "public", expect: 200 },
  "GET|POST /api/auth/*": { access: "public" },
  "GET /api/images": { access: "public", expect: 200 },
  "GET /api/images/:id": { access: "public", expect: 404 },
  "GET /api/images/:id/download": { access: "public", expect: 404 },
  "GET /api/templates": { access: "public", expect: 200 },
  "GET /api/templates/:id": { access: "public", expect: 404 },
  "GET /api/templates/saved": { access: "user", expect: 200 },
  "GET /api/templates/:id/card": { access: "public", expect: 404 },
  "GET /api/shares": { access: "public", expect: 200 },
  "GET /api/reports/target/:kind/:id": { access: "public", params: async () => ({ kind: "image", id: randomUUID() }), expect: 404 },
  "POST /api/reports": { access: "public", body: {}, expect: 400 },
  "GET /api/invitations/:token": { access: "public", expect: 404 },
  "GET /api/push/key": { access: "public", expect: 200 },
  "GET /api/authors/:nickname": { access: "public", expect: 404 },
  // Paid plans (issue 41): this server has no Stripe, so the webhook and the portal are 404 (billing.test.ts covers them with Stripe).
  "POST /api/billing/webhook": { access: "public", body: {}, expect: 404 },
  "POST /api/billing/checkout": { access: "user", body: {}, expect: 400 },
  "POST /api/billing/portal": { access: "user", expect: 404 },
  "GET /api/billing/subscription": { access: "user", expect: 200 },

  "GET /api/me": { access: "user", expect: 200 },
  "POST /api/me/age": { access: "user", body: { confirmAge: true }, expect: 200 },
  "GET /api/decisions/:id": { access: "user", expect: 404 },
  "POST /api/decisions/:id/appeal": { access: "user", body: { text: "Non sono d'accordo con la decisione." }, expect: 404 },
  "GET /api/presence": { access: "user", query: "tab=matrix-tab-0001", expect: 200 },
  "GET /api/events": { access: "user", expect: 200 },
  "GET /api/profile": { access: "user", expect: 200 },
  "PUT /api/profile": { access: "user", body: { nickname: "", firstName: "Ada", lastName: "Rossi" }, expect: 200 },
  "GET /api/profile/games": { access: "user", expect: 200 },
  "GET /api/profile/export": { access: "user", expect: 200 },
  "DELETE /api/profile": { access: "user", fresh: true, body: { password: "password-sicura-1" }, expect: 200 },
  "GET /api/notifications": { access: "user", expect: 200 },
  "POST /api/push/subscriptions": { access: "user", body: {}, expect: 400 },
  "DELETE /api/push/subscriptions": { access: "user", body: { endpoint: "https://fcm.googleapis.com/fcm/send/nessuna" }, expect: 204 },
  "GET /api/push/preferences": { access: "user", expect: 200 },
  "PUT /api/push/preferences": { access: "user", body: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, true])), expect: 200 },
  "POST /api/notifications/:id/read": { access: "user", expect: 404 },
  "POST /api/games": { access: "user", body: { genre: "horror" }, expect: 201 },
  "POST /api/templates/:id/like": { access: "user", body: {}, expect: 404 },
  "POST /api/templates/:id/favorite": { access: "user", body: {}, expect: 404 },
  "POST /api/templates/:id/play": { access: "user", body: {}, expect: 404 },
  "POST /api/templates/import": { access: "user", body: {}, expect: 400 },
  "POST /api/custom-games": { access: "user", body: {} },
  "POST /api/scenarios": { access: "user", body: {}, expect: 400 },
  "GET /api/scenarios/mine": { access: "user", expect: 200 },
  "POST /api/scenarios/:id/publish": { access: "user", expect: 404 },
  "POST /api/scenarios/:id/remix": { access: "user", expect: 404 },
  "GET /api/scenarios/:id": { access: "user", expect: 404 },
  "PUT /api/scenarios/:id": { access: "user", body: {}, expect: 400 },
  "POST /api/scenarios/:id/cover": { access: "user", expect: 404 },
  "POST /api/scenarios/:id/cover/ai": { access: "user", expect: 404 },
  "POST /api/custom-games/generate": { access: "user", body: {} },
  "POST /api/invitations/:token/join": { access: "user", body: { characterName: "Ada", characterLine: "" }, expect: 404 },

  "GET /api/games/:id": { access: "owner", member: "read", params: ownGame, expect: 200 },
  "GET /api/games/:id/map": { access: "owner", member: "read", params: ownGame, expect: 200 },
  "GET /api/games/:id/live": { access: "owner", member: "read", params: ownGame, expect: 204 },
  "GET /api/games/:id/messages": { access: "owner", member: "read", params: ownMessage, queryOf: (p) => `before=${p.messageId}`, expect: 200 },
  "DELETE /api/games/:id": { access: "owner", params: ownGame, expect: 200 },
  "POST /api/games/:id/messages": { access: "owner", member: 409, params: ownGame, body: { content: "/inizia" }, expect: 200 },
  "POST /api/games/:id/retry": { access: "owner", params: ownGame, body: {} },
  "POST /api/games/:id/stop": { access: "owner", member: "read", params: ownGame, body: {} },
  "POST /api/games/:id/regenerate": { access: "owner", params: ownGame, body: {}, expect: 409 },
  "POST /api/games/:id/undo": { access: "owner", params: ownMessage, body: {}, expect: 200 },
  "PUT /api/games/:id/tip": { access: "owner", params: ownMessage, bodyOf: (p) => ({ messageId: p.messageId, mode: "latest" }), expect: 200 },
  "PUT /api/games/:id/style": { access: "owner", params: ownGame, body: { length: "breve", creativity: "audace" }, expect: 200 },
  "PATCH /api/games/:id/messages/:messageId": { access: "owner", params: ownMessage, body: { content: "/inizia" }, expect: 200 },
  "GET /api/games/:id/messages/:messageId/speech": { access: "owner", member: "read", params: ownNarration, query: "part=2", expect: 200 },
  "POST /api/games/:id/messages/:messageId/renarrate": { access: "owner", params: ownMessage, body: { content: "/inizia" }, expect: 200 },
  "POST /api/games/:id/images": { access: "owner", member: "read", params: ownGame, body: {} },
  "GET /api/games/:id/memory": { access: "owner", member: "read", params: ownGame, expect: 200 },
  "GET /api/games/:id/memory/prompt": { access: "owner", member: "read", params: ownGame, expect: 200 },
  "PUT /api/games/:id/memory/recap": { access: "owner", params: ownGame, body: { text: "Tutto comincia al porto." }, expect: 200 },
  "POST /api/games/:id/memory/facts": { access: "owner", params: ownGame, body: { kind: "altro", title: "Molo", text: "Il molo è crollato." }, expect: 201 },
  "PATCH /api/games/:id/memory/facts/:factId": { access: "owner", params: ownFact, body: { pinned: true }, expect: 200 },
  "DELETE /api/games/:id/memory/facts/:factId": { access: "owner", params: ownFact, expect: 204 },
  "GET /api/games/:id/share": { access: "owner", params: ownGame, expect: 200 },
  "GET /api/games/:id/export": { access: "owner", member: "read", params: ownGame, query: "format=epub", expect: 200 },
  "PUT /api/games/:id/share": { access: "owner", params: ownGame, body: { showNickname: false, listed: false }, expect: 201 },
  "DELETE /api/games/:id/share": { access: "owner", params: ownGame, expect: 204 },
  "POST /api/games/:id/invitations": { access: "owner", params: ownGame, expect: 201 },
  "GET /api/games/:id/invitations": { access: "owner", params: ownGame, expect: 200 },
  "DELETE /api/games/:id/invitations/:invitationId": { access: "owner", params: ownInvitation, expect: 204 },
  "GET /api/games/:id/group": { access: "owner", member: "read", params: ownGame, expect: 200 },
  "PUT /api/games/:id/group": { access: "owner", params: ownGame, body: { mode: "vote", voteSeconds: 60 }, expect: 200 },
  "POST /api/games/:id/group/skip": { access: "owner", params: ownGame, expect: 200 },
  "PUT /api/games/:id/players/me": { access: "owner", member: "read", params: ownGame, body: { characterName: "Ada", characterLine: "Una cartografa." }, expect: 200 },
  "DELETE /api/games/:id/players/:userId": { access: "owner", member: 403, params: ownGroup, expect: 204 },
  "POST /api/games/:id/votes": { access: "owner", member: 409, params: ownGame, body: { choice: "A" }, expect: 409 },
  "POST /api/games/:id/notes": { access: "owner", member: "read", params: ownGame, body: { text: "Torno subito." }, expect: 201 },
  "POST /api/games/:id/typing": { access: "owner", member: "read", params: ownGame, expect: 204 },

  "GET /api/moderation/access": { access: "moderator", expect: 200 },
  "GET /api/moderation/queue": { access: "moderator", expect: 200 },
  "GET /api/moderation/appeals": { access: "moderator", expect: 200 },
  "GET /api/moderation/stats": { access: "moderator", expect: 200 },
  "GET /api/moderation/summary.csv": { access: "moderator", expect: 200 },
  "POST /api/moderation/items/:kind/:id/decision": { access: "moderator", params: async () => ({ kind: "image", id: randomUUID() }), body: { action: "keep" }, expect: 409 },
  "POST /api/moderation/appeals/:id/decision": { access: "moderator", body: { outcome: "upheld", reasons: "La decisione era corretta." }, expect: 404 },

  "GET /api/admin/check": { access: "admin", expect: 200 },
  "GET /api/admin/stats": { access: "admin", expect: 200 },
  "GET /api/admin/usage": { access: "admin", expect: 200 },
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
  "POST /api/admin/users/:id/invitation": { access: "admin", params: invitedId, expect: 200 },
  "POST /api/admin/users/:id/invitation-link": { access: "admin", params: invitedId, expect: 200 },
  "DELETE /api/admin/users/:id/factors": { access: "admin", params: playerId, expect: 200 },
  "GET /api/admin/users/:id": { access: "admin", params: playerId, expect: 200 },
  "POST /api/admin/users/:id/restore": { access: "admin", params: deactivatedId, expect: 200 },
  "GET /api/admin/users/:id/factors": { access: "admin", params: playerId, expect: 200 },
  "DELETE /api/admin/users/:id/factors/:factorId": { access: "admin", params: async (ctx) => ({ ...(await playerId(ctx, undefined as never)), factorId: randomUUID() }), expect: 404 },
  "GET /api/admin/games": { access: "admin", expect: 200 },
  "GET /api/admin/games/:id/messages": { access: "admin", params: async (ctx) => ({ id: await newGame((await ctx.newPlayer()).client) }), expect: 200 },
  "GET /api/admin/orders": { access: "admin", expect: 200 },
  "POST /api/admin/orders": {
    access: "admin",
    params: async (ctx) => ({ email: (await ctx.newPlayer()).email }),
    body: "order",
    expect: 201,
  },
  "PATCH /api/admin/orders/:id": { access: "admin", body: { status: "refunded" }, expect: 404 },
  "POST /api/admin/orders/:id/refund": { access: "admin", expect: 404 },
  "GET /api/admin/genres": { access: "admin", expect: 200 },
  "POST /api/admin/genres/sync": { access: "admin", expect: 200 },
  "PUT /api/admin/genres/:id": { access: "admin", body: { system_prompt: "" }, expect: 400 },
  "GET /api/admin/notifications": { access: "admin", expect: 200 },
  "POST /api/admin/notifications": { access: "admin", body: { title: "Matrice", content: "Prova", url: "" } },
  "PUT /api/admin/notifications/:id": { access: "admin", body: { title: "Matrice", content: "Prova", url: "", version: 1 }, expect: 404 },
  "POST /api/admin/notifications/:id/publish": { access: "admin", expect: 404 },
  "DELETE /api/admin/notifications/:id": { access: "admin", expect: 404 },
  "GET /api/admin/templates": { access: "admin", expect: 200 },
  "POST /api/admin/templates": { access: "admin", body: {}, expect: 400 },
  "PUT /api/admin/templates/:id": { access: "admin", body: {}, expect: 400 },
  "DELETE /api/admin/templates/:id": { access: "admin", expect: 404 },
  "POST /api/admin/templates/ai/improve": { access: "admin", body: {}, expect: 400 },
  "POST /api/admin/templates/ai/generate": { access: "admin", body: {}, expect: 400 },
  "POST /api/admin/templates/ai/cover": { access: "admin", body: {}, expect: 400 },
  "GET /api/admin/shares": { access: "admin", expect: 200 },
  "POST /api/admin/shares/:id/takedown": { access: "admin", expect: 404 },
};

/**
 * Better Auth endpoints the web calls, with a body a visitor could send and the status the
 * library answers (it owns these: they must exist, validate and never fail with 5xx).
 */
const AUTH_CALLS: { method: "GET" | "POST"; path: string; body?: unknown; expect: number }[] = [
  { method: "GET", path: "/api/auth/get-session", expect: 200 },
  { method: "POST", path: "/api/auth/sign-in/email", body: { email: "nessuno@example.com", password: "password-errata-1" }, expect: 401 },
  { method: "POST", path: "/api/auth/sign-up/email", body: { email: "non-una-email", password: "x" }, expect: 400 },
  { method: "POST", path: "/api/auth/request-password-reset", body: { email: "nessuno@example.com", redirectTo: "/reimposta-password" }, expect: 200 },
  { method: "POST", path: "/api/auth/reset-password", body: { newPassword: "nuova-password-1", token: "inventato" }, expect: 400 },
  { method: "GET", path: "/api/auth/verify-email?token=inventato", expect: 401 },
  { method: "POST", path: "/api/auth/sign-out", expect: 200 },
];

/** "METHOD /path" of every route registered under /api (middleware entries are method ALL). */
function registeredRoutes(): string[] {
  const app = createApp({ env: { PUBLIC_URL: undefined }, bus: createLocalEventBus() } as unknown as AppDeps);
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
  const response = await client.request(method, path, method === "GET" || (method === "DELETE" && body === undefined) ? undefined : (body ?? {}));
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
  /** Every signed-in non-admin: a player, a guest, a moderator, an admin demoted to player. */
  let deniedCallers: Denied[];

  const setRole = async (player: Player, role: "admin" | "moderator" | "user") => {
    const plan = role === "admin" ? "admin" : "base";
    const res = await ctx.admin.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  // 'Ascolta' with the server's voice answers only where a speech endpoint is configured (issue 39).
  let tts: Awaited<ReturnType<typeof startFakeTts>>;

  beforeAll(async () => {
    tts = await startFakeTts();
    const server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD, TTS_BASE_URL: tts.url, TTS_MODEL: "tts-finto" } });
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    ctx = { server, admin, newPlayer: () => registerPlayer(server) };
    stranger = await ctx.newPlayer();
    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const moderator = await ctx.newPlayer();
    await setRole(moderator, "moderator");
    const demoted = await ctx.newPlayer();
    await setRole(demoted, "admin");
    expect((await demoted.client.json("GET", "/api/admin/check")).status).toBe(200);
    await setRole(demoted, "user");
    deniedCallers = [
      { name: "player", client: stranger.client, id: stranger.id },
      { name: "guest", client: guest, id: (await guest.json("GET", "/api/me")).body.user.id },
      { name: "moderator", client: moderator.client, id: moderator.id },
      { name: "demoted admin", client: demoted.client, id: demoted.id },
    ];
  });
  afterAll(async () => {
    await ctx.server.close();
    await tts.close();
  });

  const routes = ROUTES.filter((r) => r in MATRIX && !r.includes("/api/auth/"));

  it.each(routes)("%s", async (key) => {
    const entry = MATRIX[key]!;
    const owner = entry.access === "owner" ? await ctx.newPlayer() : stranger;
    const params = entry.params ? await entry.params(ctx, owner) : {};
    const body = entry.bodyOf ? entry.bodyOf(params) : entry.body === "order" ? { userEmail: params.email, subscriptionType: "premium", amount: 9.99, status: "completed" } : entry.body;
    const path = pathOf(key, params, entry.queryOf ? entry.queryOf(params) : entry.query);
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

    if (entry.access === "admin" || entry.access === "moderator") {
      const refused = entry.access === "admin" ? deniedCallers : deniedCallers.filter((caller) => caller.name !== "moderator");
      for (const caller of refused) {
        const denied = await call(caller.client, key, path, body);
        expect(denied.status, caller.name).toBe(403);
        expect(JSON.parse(denied.text).error).toMatchObject({ title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" });
      }
      // Audited once per caller and route; the player's repeat is counted on the same row.
      await call(stranger.client, key, path, body);
      for (const caller of refused) {
        const rows = await ctx.server.deps.db
          .selectFrom("audit_log")
          .select(["count", "created_at"])
          .where("user_id", "=", caller.id)
          .where("action", "=", "admin.denied")
          .where("detail", "=", key)
          .execute();
        const hours = new Set(rows.map((r) => r.created_at.slice(0, 13)));
        expect(rows.length, caller.name).toBe(hours.size); // one row (two only across an hour's end)
        expect(rows.reduce((n, r) => n + Number(r.count), 0), caller.name).toBe(caller.id === stranger.id ? 2 : 1);
      }
      if (entry.access === "moderator") allowed(await call(deniedCallers.find((caller) => caller.name === "moderator")!.client, key, path, body));
      allowed(await call(ctx.admin, key, path, body));
      return;
    }
    if (entry.access === "owner") {
      // Other users, a guest, and an admin too, simply do not find someone else's resource.
      for (const other of [stranger.client, deniedCallers[1]!.client, ctx.admin]) {
        const notFound = await call(other, key, path, body);
        expect(notFound.status, notFound.text).toBe(404);
      }
      if (params.id) {
        // A member of the owner's story (issue 24): reads like the owner, host-only routes are 404.
        const member = await ctx.newPlayer();
        await addMember(params.id, owner, member);
        const result = await call(member.client, key, path, body);
        if (entry.member === "read") allowed(result);
        else expect(result.status, result.text).toBe(typeof entry.member === "number" ? entry.member : 404);
      }
      allowed(await call(owner.client, key, path, body));
      return;
    }
    const caller = entry.fresh ? (await ctx.newPlayer()).client : stranger.client;
    allowed(await call(caller, key, path, body));
  });

  it.each(AUTH_CALLS)("auth $method $path", async ({ method, path, body, expect: status }) => {
    const guest = new TestClient(ctx.server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    for (const caller of [new TestClient(ctx.server.url), guest]) {
      const response = await caller.request(method, path, method === "POST" ? (body ?? {}) : undefined);
      expect(response.status, await response.text()).toBe(status);
    }
  });

  it("a guest cannot give itself an e-mail or a password through Better Auth", async () => {
    const guest = new TestClient(ctx.server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const id = (await guest.json("GET", "/api/me")).body.user.id;
    for (const [path, body] of [
      ["/api/auth/change-email", { newEmail: "ospite@example.com" }],
      ["/api/auth/change-password", { currentPassword: "x", newPassword: "password-nuova-1" }],
    ] as const) {
      const res = await guest.json("POST", path, body);
      expect([400, 403], path).toContain(res.status);
    }
    const { db } = ctx.server.deps;
    expect((await db.selectFrom("user").select(["email", "isAnonymous"]).where("id", "=", id).executeTakeFirstOrThrow()).email).not.toBe("ospite@example.com");
    expect(await db.selectFrom("account").select("id").where("userId", "=", id).where("password", "is not", null).execute()).toEqual([]);
  });
});
