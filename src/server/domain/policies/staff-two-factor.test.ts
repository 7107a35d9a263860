/**
 * REQUIRE_ADMIN_2FA covers every staff role (issue 36 finding 15), over real HTTP on SQLite and
 * PostgreSQL: a moderator without two-step verification is refused the moderation queue with the
 * guidance admins get (403 ADMIN_2FA_REQUIRED, which the web's admin guard turns into Profilo →
 * Sicurezza), and let in once it is on. The second test is the owner's guard: it finds, among
 * every route the app registers, those a plain player is refused as staff-only ('Accesso
 * negato'), and requires each to refuse an admin and a moderator without two-step verification,
 * so a new staff route that skips policies/staff-two-factor.ts fails here without editing a list.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, signIn, startTestServer, type TestClient, type TestServer } from "../../testing/harness";
import { jsonRoutes, routePath } from "../../testing/json-routes";
import { enableTotp } from "../../testing/totp";

const ADMIN = { email: "admin-2fa-staff@example.com", password: "password-admin-2fa" };

/** Calls that end the prober's own session or account, and streams that stay open. */
const SKIPPED = /^(GET|POST|PUT|PATCH|DELETE) \/api\/(auth\/|events|presence)|^DELETE \/api\/profile$/;

describe.each(DIALECTS)("two-step verification for staff on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REQUIRE_ADMIN_2FA: "on" } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.close());

  /** A new player made moderator (the role row an admin's 'Utenti' edit writes). */
  async function newModerator() {
    const player = await registerPlayer(server);
    await server.deps.db.updateTable("user_roles").set({ role: "moderator" }).where("user_id", "=", player.id).execute();
    return player;
  }

  it("a moderator without two-step verification gets the admins' guidance, and the queue once it is on", async () => {
    const moderator = await newModerator();
    for (const path of ["/api/moderation/access", "/api/moderation/queue", "/api/moderation/appeals"]) {
      const refused = await moderator.client.json("GET", path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "ADMIN_2FA_REQUIRED", title: "Verifica in due passaggi richiesta" });
    }
    const decision = await moderator.client.json("POST", `/api/moderation/items/game/${randomUUID()}/decision`, { action: "keep", reasons: "x" });
    expect(decision.body.error.code).toBe("ADMIN_2FA_REQUIRED");

    await enableTotp(moderator.client, moderator.password);
    expect(await moderator.client.json("GET", "/api/moderation/access")).toEqual({ status: 200, body: { role: "moderator" } });
  });

  it("every route only staff may call refuses an admin and a moderator without two-step verification", async () => {
    const player = await registerPlayer(server);
    const moderator = await newModerator();
    const { bodies, reads } = jsonRoutes(server);
    const staffOnly: string[] = [];
    for (const route of [...bodies, ...reads]) {
      const name = `${route.method} ${route.path}`;
      if (SKIPPED.test(name)) continue;
      const path = routePath(route, randomUUID());
      const body = route.method === "GET" ? undefined : {};
      const probe = await player.client.json(route.method, path, body);
      if (probe.status !== 403 || probe.body?.error?.code !== "FORBIDDEN") continue;
      staffOnly.push(name);
      for (const [who, client] of [["admin", admin], ["moderator", moderator.client]] as const) {
        const answer = await client.json(route.method, path, body);
        expect({ route: name, who, status: answer.status }).toEqual({ route: name, who, status: 403 });
        expect(["ADMIN_2FA_REQUIRED", "FORBIDDEN"]).toContain(answer.body.error.code);
      }
    }
    // The probe found the staff routes (and the player was never signed out by it).
    expect(staffOnly).toEqual(expect.arrayContaining(["GET /api/admin/check", "GET /api/moderation/queue", "POST /api/moderation/appeals/:id/decision"]));
    expect((await player.client.json("GET", "/api/me")).status).toBe(200);
  });
});
