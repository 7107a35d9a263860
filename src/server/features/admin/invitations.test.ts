/**
 * Invitations of admin-created accounts over real HTTP (issue 10; spec §7 /invite,
 * /admin/generate_link): 'Nuovo Utente' e-mails a 7-day link, the admin sends it again or copies
 * it, the link sets the password once and signs in, a link older than 7 days is refused, ordinary
 * recovery keeps its 1 hour, and every invitation is audited. SQLite and PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, linkFromMail, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { INVITATION_TTL_MS } from "./invitations.service";

const ADMIN_EMAIL = "admin-inviti@example.com";
const ADMIN_PASSWORD = "password-admin-inviti";
const MINUTE = 60_000;

describe.each(DIALECTS)("admin invitations on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => server?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** 'Nuovo Utente' for a fresh address. Output: {id, email}. */
  async function invite() {
    const email = `invitato-${randomUUID().slice(0, 8)}@example.com`;
    const created = await admin.json<{ id: string; invitationPending: boolean }>("POST", "/api/admin/users", { email, role: "user", plan: "base" });
    expect(created.status).toBe(201);
    expect(created.body.invitationPending).toBe(true);
    return { id: created.body.id, email };
  }

  /** Opens a link as the invited person; Output: the /reimposta-password token, or the error code. */
  async function openLink(link: string): Promise<{ token: string | null; error: string | null }> {
    const url = new URL(link);
    expect(url.origin).toBe(server.url);
    const landing = await new TestClient(server.url).get(url.pathname + url.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get("location")!, server.url);
    expect(target.pathname).toBe("/reimposta-password");
    return { token: target.searchParams.get("token"), error: target.searchParams.get("error") };
  }

  async function setPassword(token: string | null, password = "password-scelta-1") {
    return new TestClient(server.url).json("POST", "/api/auth/reset-password", { newPassword: password, token });
  }

  it("e-mails the new user a link valid for 7 days; sending again replaces it", async () => {
    const { id, email } = await invite();
    const first = linkFromMail(server, email);
    expect(server.mailbox.at(-1)).toMatchObject({ to: email, subject: "Sei stato invitato su Storie.ai" });
    expect(server.mailbox.at(-1)!.text).toContain("valido 7 giorni");

    const again = await admin.json<{ email: string; expiresAt: string }>("POST", `/api/admin/users/${id}/invitation`);
    expect(again.status).toBe(200);
    expect(again.body.email).toBe(email);
    const expiresIn = Date.parse(again.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(INVITATION_TTL_MS - MINUTE);
    expect(expiresIn).toBeLessThanOrEqual(INVITATION_TTL_MS);
    const second = linkFromMail(server, email);
    expect(second).not.toBe(first);

    // Only the newest link works.
    expect(await openLink(first)).toEqual({ token: null, error: "INVALID_TOKEN" });
    const { token } = await openLink(second);
    expect((await setPassword(token)).status).toBe(200);
    expect((await new TestClient(server.url).post("/api/auth/sign-in/email", { email, password: "password-scelta-1" })).status).toBe(200);
  });

  it("gives the admin a link to copy that sets the password once and signs in; then no more invitations", async () => {
    const { id, email } = await invite();
    const copied = await admin.json<{ link: string; email: string; expiresAt: string }>("POST", `/api/admin/users/${id}/invitation-link`);
    expect(copied.status).toBe(200);
    expect(copied.body.email).toBe(email);
    const { token } = await openLink(copied.body.link);
    expect(token).toBeTruthy();
    expect((await setPassword(token, "password-copiata-1")).status).toBe(200);
    const player = new TestClient(server.url);
    expect((await player.post("/api/auth/sign-in/email", { email, password: "password-copiata-1" })).status).toBe(200);
    expect((await player.json("GET", "/api/me")).body.user.email).toBe(email);

    // Single use, and no new link once a password exists (it would let its holder replace it).
    const reused = await setPassword(token, "password-rubata-1");
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe("INVALID_TOKEN");
    const refused = await admin.json("POST", `/api/admin/users/${id}/invitation-link`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("PASSWORD_ALREADY_SET");
    const row = await admin.json<{ items: { id: string; invitationPending: boolean }[] }>("GET", `/api/admin/users?search=${encodeURIComponent(email)}`);
    expect(row.body.items).toEqual([expect.objectContaining({ id, invitationPending: false })]);
  });

  it("refuses a link older than 7 days, and accepts one a minute younger", async () => {
    const young = await invite();
    const old = await invite();
    const youngLink = (await admin.json<{ link: string }>("POST", `/api/admin/users/${young.id}/invitation-link`)).body.link;
    const oldLink = (await admin.json<{ link: string }>("POST", `/api/admin/users/${old.id}/invitation-link`)).body.link;
    const { token: youngToken } = await openLink(youngLink);
    const { token: oldToken } = await openLink(oldLink);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + INVITATION_TTL_MS - MINUTE });
    expect((await setPassword(youngToken)).status).toBe(200);

    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect(await openLink(oldLink)).toEqual({ token: null, error: "INVALID_TOKEN" });
    const expired = await setPassword(oldToken);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe("INVALID_TOKEN");
  });

  it("refuses a link for an account that signs in with a provider: no admin can add a password to it", async () => {
    const { id } = await invite();
    // The account as a Google sign-in leaves it: a provider's identity, no password.
    await server.deps.db
      .insertInto("account")
      .values({ id: randomUUID(), userId: id, providerId: "google", accountId: `g-${id}`, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() } as never)
      .execute();
    for (const path of ["invitation", "invitation-link"]) {
      const refused = await admin.json("POST", `/api/admin/users/${id}/${path}`);
      expect(refused.status, path).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "PASSWORD_ALREADY_SET", message: "L'utente accede già con un account collegato (per esempio Google): non serve un invito." });
    }
  });

  it("keeps ordinary password recovery at 1 hour", async () => {
    const player = await registerPlayer(server);
    const asked = await new TestClient(server.url).post("/api/auth/request-password-reset", { email: player.email, redirectTo: "/reimposta-password" });
    expect(asked.status).toBe(200);
    const row = await server.deps.db
      .selectFrom("verification")
      .select("expiresAt")
      .where("value", "=", player.id)
      .where("identifier", "like", "reset-password:%")
      .executeTakeFirstOrThrow();
    const lifetime = new Date(row.expiresAt as string | Date).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(60 * MINUTE);
  });

  it("audits every invitation; unknown users and guests are 404", async () => {
    const { id, email } = await invite();
    await admin.json("POST", `/api/admin/users/${id}/invitation`);
    await admin.json("POST", `/api/admin/users/${id}/invitation-link`);
    const audit = await admin.json<{ items: { action: string; detail: string }[] }>("GET", "/api/admin/audit?pageSize=10");
    const actions = audit.body.items.filter((e) => e.detail.includes(email)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.user.create", "admin.user.invite", "admin.user.invite_link"]));

    expect((await admin.json("POST", `/api/admin/users/${randomUUID()}/invitation-link`)).status).toBe(404);
    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const guestId = (await guest.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
    expect((await admin.json("POST", `/api/admin/users/${guestId}/invitation`)).status).toBe(404);
  });
});
