/**
 * Accounts over real HTTP (spec §2 Login page, §5 Registration, §8 Authentication): sign-up
 * rules, e-mail confirmation, sign-in errors, the rows every account gets, guests, admin guard.
 */

import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, linkFromMail, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("accounts on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: "capo@example.com", ADMIN_PASSWORD: "password-admin-1" } });
  });
  afterAll(() => server.close());

  it("the migrations hold exactly the tables Better Auth expects", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(server.deps.auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it("refuses a sign-up without the privacy policy or with a short password, with the spec's texts", async () => {
    const client = new TestClient(server.url);
    const noPrivacy = await client.json("POST", "/api/auth/sign-up/email", { email: "a@example.com", password: "password-1", name: "a" });
    expect(noPrivacy.status).toBe(400);
    expect(noPrivacy.body.message).toBe("Devi accettare la Privacy Policy per registrarti.");
    const short = await client.json("POST", "/api/auth/sign-up/email", { email: "a@example.com", password: "corta", name: "a", acceptPrivacy: true, confirmAge: true });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("La password deve contenere almeno 8 caratteri.");
    const badEmail = await client.json("POST", "/api/auth/sign-up/email", { email: "non-una-email", password: "password-1", name: "a", acceptPrivacy: true, confirmAge: true });
    expect(badEmail.body.message).toBe("Inserisci un'email valida.");
  });

  it("registers, needs the e-mail confirmation, then signs in and out", async () => {
    const client = new TestClient(server.url);
    const email = `nuovo-${Date.now()}@example.com`;
    const signUp = await client.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura", name: "nuovo", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" });
    expect(signUp.status).toBe(200);
    expect((await client.json("GET", "/api/me")).status).toBe(401);
    // What the web asks at start: 200 for a visitor too, with nobody signed in.
    expect(await client.json("GET", "/api/session")).toMatchObject({ status: 200, body: { me: null } });

    const early = await client.json("POST", "/api/auth/sign-in/email", { email, password: "password-sicura", callbackURL: "/generi" });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe("EMAIL_NOT_VERIFIED");

    const link = new URL(linkFromMail(server, email));
    expect(link.pathname).toBe("/api/auth/verify-email");
    const verified = await client.get(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/generi");

    const me = await client.json("GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email, isAnonymous: false }, isAdmin: false, tokens: { plan: "base", messageLimit: 15, visualizeLimit: 0, remaining: 15 } });
    const roles = await server.deps.db.selectFrom("user_roles").select("role").where("user_id", "=", me.body.user.id).execute();
    expect(roles).toEqual([{ role: "user" }]);
    const profile = await server.deps.db.selectFrom("profiles").selectAll().where("id", "=", me.body.user.id).executeTakeFirst();
    expect(profile?.email).toBe(email);
    expect((await client.json("GET", "/api/session")).body).toEqual({ me: me.body });

    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect((await client.json("GET", "/api/me")).status).toBe(401);
    expect((await client.json("GET", "/api/session")).body).toEqual({ me: null });
  });

  it("answers a taken e-mail and wrong credentials with the spec's errors", async () => {
    const player = await registerPlayer(server);
    const client = new TestClient(server.url);
    const again = await client.json("POST", "/api/auth/sign-up/email", { email: player.email, password: "altra-password", name: "x", acceptPrivacy: true, confirmAge: true });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: "USER_ALREADY_EXISTS", message: "Un account con questa email esiste già. Prova ad accedere." });
    const wrong = await client.json("POST", "/api/auth/sign-in/email", { email: player.email, password: "sbagliata-123" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const right = await client.json("POST", "/api/auth/sign-in/email", { email: player.email, password: player.password });
    expect(right.status).toBe(200);
    expect((await client.json("GET", "/api/me")).body.user.email).toBe(player.email);
  });

  it("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const player = await registerPlayer(server);
    const client = new TestClient(server.url);
    const res = await client.post("/api/auth/sign-in/email", { email: player.email, password: player.password });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("storie.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("a guest (Tutorial) gets a base-plan account without e-mail and can play", async () => {
    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const me = await guest.json("GET", "/api/me");
    expect(me.body).toMatchObject({ user: { isAnonymous: true, email: null }, tokens: { plan: "base" } });
    const game = await guest.json("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    const change = await guest.json("POST", "/api/auth/change-password", { currentPassword: "x", newPassword: "password-nuova" });
    expect(change.status).toBeGreaterThanOrEqual(400);
  });

  it("seeds the admin: verified, admin role, unlimited plan; the admin guard audits refusals", async () => {
    const admin = new TestClient(server.url);
    expect((await admin.post("/api/auth/sign-in/email", { email: "capo@example.com", password: "password-admin-1" })).status).toBe(200);
    const me = await admin.json("GET", "/api/me");
    expect(me.body).toMatchObject({ isAdmin: true, tokens: { plan: "admin", remaining: null, messageLimit: -1 } });
    expect((await admin.json("GET", "/api/admin/check")).status).toBe(200);
    expect(server.mailbox.filter((m) => m.to === "capo@example.com")).toEqual([]);

    expect((await new TestClient(server.url).json("GET", "/api/admin/check")).status).toBe(401);
    const player = await registerPlayer(server);
    const denied = await player.client.json("GET", "/api/admin/check");
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" });
    const audit = await server.deps.db.selectFrom("audit_log").selectAll().where("user_id", "=", player.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "admin.denied", detail: "GET /api/admin/check", ip: expect.any(String) })]);
  });
});
