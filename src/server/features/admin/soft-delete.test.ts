/**
 * An admin's deletion with should_soft_delete (issue 22 §10; spec §7 DELETE /admin/users/{id}),
 * over real HTTP on SQLite and, with TEST_DATABASE_URL, PostgreSQL: a deactivated player is
 * signed out and cannot sign in again (Italian message), their gallery images and shared stories
 * are hidden, 'Ripristina' brings everything back, and the sweep erases the account 30 days after
 * the deactivation (clock injected), not a day before. 'Elimina definitivamente' erases at once.
 * The user page and the factor routes (spec §7 GET/DELETE /admin/users/{userId}/factors).
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DEACTIVATED_MESSAGE } from "../../../shared/auth-errors";
import { DEACTIVATION_DAYS } from "../../domain/accounts/deactivation";
import { sweepDeactivatedAccounts } from "../../domain/accounts/deactivation-sweep";
import { DIALECTS, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { TEST_INDEX_HTML, tempWebRoot } from "../../testing/web-root";

const ADMIN_EMAIL = "admin-disattiva@example.com";
const ADMIN_PASSWORD = "password-admin-disattiva";
const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("soft delete of users on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const visitor = () => new TestClient(server.url);

  beforeAll(async () => {
    // A web root, so the shared story's reading page (/storia/…) is served.
    server = await startTestServer(dialect, { webRoot: tempWebRoot({ "index.html": TEST_INDEX_HTML }).root, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A player with one narrated game shared on the gallery, and one gallery image. */
  async function publicPlayer() {
    const player = await registerPlayer(server);
    const game = await player.client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect((await readEvents(await player.client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    const share = await player.client.json("PUT", `/api/games/${game.body.id}/share`, { showNickname: false, listed: true });
    expect(share.status).toBe(201);
    const imageId = randomUUID();
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: imageId, user_id: player.id, image_url: `/media/prova-${imageId}.png`, prompt: "Un drago sul faro", created_at: new Date().toISOString(), slug: `drago-${imageId.slice(0, 8)}`, width: 64, height: 36 })
      .execute();
    return { ...player, gameId: game.body.id, share: share.body as { id: string; path: string }, imageId };
  }

  const visible = async (p: Awaited<ReturnType<typeof publicPlayer>>) => ({
    image: (await visitor().json("GET", `/api/images/${p.imageId}`)).status,
    inGallery: (await visitor().json("GET", "/api/images?limit=60")).body.items.some((i: any) => i.id === p.imageId),
    story: (await visitor().get(p.share.path)).status,
    inShares: (await visitor().json("GET", "/api/shares?limit=48")).body.items.some((s: any) => s.id === p.share.id),
  });
  const shown = { image: 200, inGallery: true, story: 200, inShares: true };
  const hidden = { image: 404, inGallery: false, story: 404, inShares: false };

  it("a deactivated player is signed out, cannot sign in, their public content is hidden; 'Ripristina' brings it all back", async () => {
    const player = await publicPlayer();
    expect(await visible(player)).toEqual(shown);

    const deleted = await admin.json("DELETE", `/api/admin/users/${player.id}`);
    expect(deleted.status).toBe(200);
    const erasedAt = Date.parse(deleted.body.erasedAt);
    expect(erasedAt - Date.now()).toBeGreaterThan((DEACTIVATION_DAYS - 1) * DAY);
    expect(erasedAt - Date.now()).toBeLessThanOrEqual(DEACTIVATION_DAYS * DAY);

    // Signed out at once, and a new sign-in is refused in Italian.
    expect((await player.client.json("GET", "/api/me")).status).toBe(401);
    const refused = await visitor().json("POST", "/api/auth/sign-in/email", { email: player.email, password: player.password });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DEACTIVATED_MESSAGE);
    expect(await visible(player)).toEqual(hidden);

    // Nothing was deleted; the admin still sees the account, marked, with its erasure date.
    const row = (await admin.json("GET", `/api/admin/users?search=${encodeURIComponent(player.email)}`)).body.items[0];
    expect(row).toMatchObject({ id: player.id, deactivatedAt: expect.any(String), erasedAt: deleted.body.erasedAt });
    // Deleting again keeps the first date.
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).body.erasedAt).toBe(deleted.body.erasedAt);

    const restored = await admin.json("POST", `/api/admin/users/${player.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deactivatedAt: null, erasedAt: null });
    expect((await admin.json("POST", `/api/admin/users/${player.id}/restore`)).status).toBe(409);
    expect(await visible(player)).toEqual(shown);
    const again = await signIn(server, player.email, player.password);
    expect((await again.json("GET", `/api/games/${player.gameId}`)).status).toBe(200);

    const actions = await server.deps.db.selectFrom("audit_log").select("action").where("detail", "like", `%(${player.id})%`).orderBy("created_at").execute();
    expect(actions.map((a) => a.action)).toEqual(["admin.user.deactivate", "admin.user.restore"]);
  });

  it("the sweep erases a deactivated account 30 days later, not a day before; active accounts stay", async () => {
    const player = await publicPlayer();
    const other = await publicPlayer();
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).status).toBe(200);
    const now = Date.now();
    expect(await sweepDeactivatedAccounts(server.deps, new Date(now + (DEACTIVATION_DAYS - 1) * DAY))).toBe(0);
    expect(await server.deps.db.selectFrom("user").select("id").where("id", "=", player.id).executeTakeFirst()).toBeDefined();
    expect(await sweepDeactivatedAccounts(server.deps, new Date(now + DEACTIVATION_DAYS * DAY + 60_000))).toBe(1);
    const db = server.deps.db;
    expect(await db.selectFrom("user").select("id").where("id", "=", player.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("saved_games").select("id").where("id", "=", player.gameId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("user_deactivations").select("user_id").where("user_id", "=", player.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.json("POST", `/api/admin/users/${player.id}/restore`)).status).toBe(404);
    expect(await visible(other)).toEqual(shown);
  });

  it("'Elimina definitivamente' erases at once; an admin cannot deactivate themselves", async () => {
    const player = await publicPlayer();
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}?should_soft_delete=false`)).body).toEqual({ ok: true, erasedAt: null });
    expect(await server.deps.db.selectFrom("user").select("id").where("id", "=", player.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}?should_soft_delete=forse`)).status).toBe(400);
    const me = (await admin.json("GET", "/api/me")).body.user.id;
    expect((await admin.json("DELETE", `/api/admin/users/${me}`)).status).toBe(400);
  });

  it("the user page shows profile, plan, counters, games, factors, sessions, orders and audit entries; one factor can be removed", async () => {
    const player = await publicPlayer();
    await admin.json("POST", "/api/admin/orders", { userEmail: player.email, subscriptionType: "premium", amount: 9.99, status: "completed" });
    await server.deps.db.insertInto("twoFactor").values({ id: randomUUID(), userId: player.id, secret: "x", backupCodes: "y", verified: sql<boolean>`true` }).execute();
    await server.deps.db.updateTable("user").set({ twoFactorEnabled: sql<boolean>`true` }).where("id", "=", player.id).execute();

    const page = await admin.json("GET", `/api/admin/users/${player.id}`);
    expect(page.status).toBe(200);
    expect(page.body.user).toMatchObject({ id: player.id, email: player.email, plan: "premium", twoFactorEnabled: true });
    expect(page.body.counters).toMatchObject({ messagesSent: 1, messageLimit: page.body.user.messageLimit });
    expect(page.body.counters.messageLimit).toBeGreaterThan(15);
    expect(page.body.games).toEqual([expect.objectContaining({ id: player.gameId, messages: 2 })]);
    expect(page.body.gamesTotal).toBe(1);
    expect(page.body.sessions).toHaveLength(1);
    expect(page.body.sessions[0]).not.toHaveProperty("token");
    expect(page.body.orders).toEqual([expect.objectContaining({ amount: 9.99, status: "completed" })]);
    expect(page.body.audit.map((a: any) => a.action)).toContain("admin.order.create");

    const factors = await admin.json("GET", `/api/admin/users/${player.id}/factors`);
    expect(factors.body).toEqual([{ id: expect.any(String), factorType: "totp", status: "verified", friendlyName: "App di autenticazione" }]);
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}/factors/${randomUUID()}`)).status).toBe(404);
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}/factors/${factors.body[0].id}`)).body).toEqual({ ok: true, removed: true });
    expect((await admin.json("GET", `/api/admin/users/${player.id}/factors`)).body).toEqual([]);
    expect((await admin.json("GET", `/api/admin/users/${player.id}`)).body.user.twoFactorEnabled).toBe(false);
    expect((await admin.json("GET", `/api/admin/users/${randomUUID()}`)).status).toBe(404);
    expect((await admin.json("GET", `/api/admin/users/${randomUUID()}/factors`)).status).toBe(404);
  });
});
