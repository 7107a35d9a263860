/**
 * Over 350 lines: every 'Sicurezza' action of spec §7 in one suite, sharing one server per dialect.
 * Profilo → 'Sicurezza' over real HTTP (issue 10; spec §7 PUT /user, /logout with a scope,
 * /factors with challenge, verify and delete, admin /admin/users/{id}/factors; §3 factors):
 * e-mail and password changes, the session list and the three sign-out scopes, two-step
 * verification with an authenticator app (codes computed here with otpauth), backup codes,
 * the limits on code checks, the admin removal of a factor and REQUIRE_ADMIN_2FA.
 */

import { TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_FREE_FAILURES, PAIR_FAILURES } from "../../domain/auth/limits";
import { DIALECTS, linkFromMail, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { codes, enableTotp } from "../../testing/totp";

const ADMIN = { email: "capo-sicurezza@example.com", password: "password-admin-sicura" };

type Player = Awaited<ReturnType<typeof registerPlayer>>;

function signIn(client: TestClient, email: string, password: string) {
  return client.json("POST", "/api/auth/sign-in/email", { email, password });
}

async function signedIn(client: TestClient): Promise<boolean> {
  return (await client.json("GET", "/api/me")).status === 200;
}

describe.each(DIALECTS)("Profilo → Sicurezza on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(() => server.close());

  /** A second browser of `player`, signed in with the password. */
  async function anotherBrowser(player: Player, localAddress?: string): Promise<TestClient> {
    const client = new TestClient(server.url, localAddress);
    expect((await signIn(client, player.email, player.password)).status).toBe(200);
    return client;
  }

  it("changing the e-mail is approved from the current address, then confirmed from the new one; the old address signs in until then", async () => {
    const player = await registerPlayer(server);
    const newEmail = `nuovo-${player.id.slice(0, 8).toLowerCase()}@example.com`;
    const changed = await player.client.json("POST", "/api/auth/change-email", { newEmail, callbackURL: "/profilo" });
    expect(changed.status).toBe(200);

    // Step 1: only the current address hears of it, with the link that approves the change.
    // Whoever holds the session alone (a stolen cookie) cannot go further.
    expect(server.mailbox.filter((m) => m.to === newEmail)).toHaveLength(0);
    const approval = server.mailbox.filter((m) => m.to === player.email).at(-1)!;
    expect(approval.subject).toMatch(/^Conferma il cambio di email/);
    expect(approval.text).toContain(newEmail);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).status).toBe(200);
    expect((await signIn(new TestClient(server.url), newEmail, player.password)).status).toBe(401);

    const approve = new URL(linkFromMail(server, player.email));
    const approved = await new TestClient(server.url).get(approve.pathname + approve.search);
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe("/profilo");

    // Step 2: the new address confirms; until then the old one still signs in.
    const toNew = server.mailbox.filter((m) => m.to === newEmail);
    expect(toNew).toHaveLength(1);
    expect(toNew[0]!.subject).toMatch(/^Conferma il tuo nuovo indirizzo email/);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).status).toBe(200);
    expect((await signIn(new TestClient(server.url), newEmail, player.password)).status).toBe(401);

    const link = new URL(linkFromMail(server, newEmail));
    const opened = await new TestClient(server.url).get(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/profilo");

    expect((await signIn(new TestClient(server.url), newEmail, player.password)).status).toBe(200);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).status).toBe(401);
    const profile = await server.deps.db.selectFrom("profiles").select("email").where("id", "=", player.id).executeTakeFirstOrThrow();
    expect(profile.email).toBe(newEmail);
    // Each link works once: opened again they land on the profile with the error named (spec §8).
    const reopened = await new TestClient(server.url).get(link.pathname + link.search);
    expect(reopened.headers.get("location")).toBe("/profilo?error=INVALID_TOKEN");
    const reapproved = await new TestClient(server.url).get(approve.pathname + approve.search);
    expect(reapproved.headers.get("location")).toMatch(/^\/profilo\?error=/);
  });

  it("an e-mail taken by another account is answered like any other, and nothing is sent to it", async () => {
    const player = await registerPlayer(server);
    const other = await registerPlayer(server);
    const before = server.mailbox.filter((m) => m.to === other.email).length;
    const changed = await player.client.json("POST", "/api/auth/change-email", { newEmail: other.email });
    expect(changed.status).toBe(200);
    expect(server.mailbox.filter((m) => m.to === other.email)).toHaveLength(before);
  });

  it("changing the password needs the current one and ends every other session, even when the client does not ask", async () => {
    const player = await registerPlayer(server);
    const phone = await anotherBrowser(player);
    const wrong = await player.client.json("POST", "/api/auth/change-password", { currentPassword: "non-e-questa", newPassword: "password-nuova-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Password non corretta." });
    expect(await signedIn(phone)).toBe(true);

    const changed = await player.client.json("POST", "/api/auth/change-password", { currentPassword: player.password, newPassword: "password-nuova-1" });
    expect(changed.status).toBe(200);
    expect(await signedIn(player.client)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).status).toBe(401);
    expect((await signIn(new TestClient(server.url), player.email, "password-nuova-1")).status).toBe(200);
  });

  it("lists the active sessions with address and device, and signs out this device, the others, or everywhere", async () => {
    const player = await registerPlayer(server);
    const laptop = await anotherBrowser(player, "127.0.0.2");
    const phone = await anotherBrowser(player, "127.0.0.3");

    const list = await player.client.json<{ id: string; ipAddress: string | null; userAgent: string | null; updatedAt: string }[]>("GET", "/api/auth/list-sessions");
    expect(list.status).toBe(200);
    expect(list.body.map((s) => s.ipAddress).sort()).toEqual(["127.0.0.1", "127.0.0.2", "127.0.0.3"]);
    expect(list.body.every((s) => typeof s.userAgent === "string" && !Number.isNaN(Date.parse(s.updatedAt)))).toBe(true);
    // Another player's sessions are not listed.
    const stranger = await registerPlayer(server);
    expect((await stranger.client.json<unknown[]>("GET", "/api/auth/list-sessions")).body).toHaveLength(1);

    // No raw session token leaves the server (issue 19); a device is signed out by its session id.
    expect(JSON.stringify(list.body)).not.toMatch(/"token"/);
    const tablet = await anotherBrowser(player, "127.0.0.4");
    const tabletId = (await tablet.json<{ session: { id: string } }>("GET", "/api/auth/get-session")).body.session.id;
    expect((await stranger.client.json("POST", "/api/auth/revoke-session", { id: tabletId })).status).toBe(400);
    expect(await signedIn(tablet)).toBe(true);
    expect((await player.client.json("POST", "/api/auth/revoke-session", { id: tabletId })).status).toBe(200);
    expect(await signedIn(tablet)).toBe(false);

    // 'Esci da questo dispositivo' (scope local).
    expect((await phone.post("/api/auth/sign-out")).status).toBe(200);
    expect([await signedIn(player.client), await signedIn(laptop), await signedIn(phone)]).toEqual([true, true, false]);

    // 'Esci da tutti gli altri' (scope others).
    const phoneAgain = await anotherBrowser(player, "127.0.0.3");
    expect((await player.client.post("/api/auth/revoke-other-sessions")).status).toBe(200);
    expect([await signedIn(player.client), await signedIn(laptop), await signedIn(phoneAgain)]).toEqual([true, false, false]);

    // 'Esci ovunque' (scope global), this device included.
    const laptopAgain = await anotherBrowser(player, "127.0.0.2");
    expect((await player.client.post("/api/auth/revoke-sessions")).status).toBe(200);
    expect([await signedIn(player.client), await signedIn(laptopAgain)]).toEqual([false, false]);
    expect(await signedIn(stranger.client)).toBe(true);
  });

  it("turns two-step verification on with the password and a code; sign-in then asks for the code", async () => {
    const player = await registerPlayer(server);
    const badPassword = await player.client.json("POST", "/api/auth/two-factor/enable", { password: "non-e-questa" });
    expect(badPassword.status).toBe(400);

    const enabled = await player.client.json<{ totpURI: string; backupCodes: string[] }>("POST", "/api/auth/two-factor/enable", { password: player.password });
    expect(enabled.status).toBe(200);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect(totp.issuer).toBe("Storie.ai");
    expect(totp.label).toBe(player.email);
    // Not confirmed yet: sign-in needs only the password.
    expect((await signIn(new TestClient(server.url), player.email, player.password)).body).not.toHaveProperty("twoFactorRedirect");

    expect((await player.client.json("POST", "/api/auth/two-factor/verify-totp", { code: codes(totp).wrong })).status).toBe(401);
    expect((await player.client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    expect(await signedIn(player.client)).toBe(true);

    const browser = new TestClient(server.url);
    const first = await signIn(browser, player.email, player.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signedIn(browser)).toBe(false);
    const wrong = await browser.json("POST", "/api/auth/two-factor/verify-totp", { code: codes(totp).wrong });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Codice non valido. Controlla l'app di autenticazione e riprova.");
    expect(await signedIn(browser)).toBe(false);
    expect((await browser.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    expect(await signedIn(browser)).toBe(true);
    // Without the password step there is nothing to verify.
    expect((await new TestClient(server.url).json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(401);
  });

  it("a backup code signs in instead of the app's code, once", async () => {
    const player = await registerPlayer(server);
    const { backupCodes } = await enableTotp(player.client, player.password);
    const browser = new TestClient(server.url);
    expect((await signIn(browser, player.email, player.password)).body).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.json("POST", "/api/auth/two-factor/verify-backup-code", { code: backupCodes[3] })).status).toBe(200);
    expect(await signedIn(browser)).toBe(true);

    const again = new TestClient(server.url);
    await signIn(again, player.email, player.password);
    const reused = await again.json("POST", "/api/auth/two-factor/verify-backup-code", { code: backupCodes[3] });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("INVALID_BACKUP_CODE");
    expect(await signedIn(again)).toBe(false);
    expect((await again.json("POST", "/api/auth/two-factor/verify-backup-code", { code: backupCodes[4] })).status).toBe(200);
  });

  it("finding 4 as found: once two-step is on, the password alone neither shows the secret again, nor makes new backup codes, nor turns it off", async () => {
    const player = await registerPlayer(server);
    const { totp, backupCodes } = await enableTotp(player.client, player.password);
    const uri = await player.client.json("POST", "/api/auth/two-factor/get-totp-uri", { password: player.password });
    expect(uri.status).toBe(403);
    expect(uri.body).toMatchObject({ code: "TOTP_SECRET_SHOWN_ONCE", message: expect.stringMatching(/^Il codice segreto dell'app si vede solo quando attivi/) });
    expect(JSON.stringify(uri.body)).not.toContain("otpauth");
    // Not even with a code: the secret is never shown again.
    expect((await player.client.json("POST", "/api/auth/two-factor/get-totp-uri", { password: player.password, code: totp.generate() })).status).toBe(403);

    const generate = (body: Record<string, string>) => player.client.json<{ backupCodes?: string[]; code?: string; message?: string }>("POST", "/api/auth/two-factor/generate-backup-codes", body);
    const noCode = await generate({ password: player.password });
    expect(noCode).toMatchObject({ status: 400, body: { code: "TOTP_CODE_REQUIRED", message: "Inserisci il codice attuale dell'app di autenticazione." } });
    expect(noCode.body.backupCodes).toBeUndefined();
    expect((await generate({ password: player.password, code: backupCodes[0]! })).status).toBe(400);
    expect((await generate({ password: player.password, code: codes(totp).wrong })).status).toBe(401);
    // The old backup codes still stand; the password alone cannot turn two-step off.
    expect((await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password })).status).toBe(400);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).body).toMatchObject({ twoFactorRedirect: true });

    // With a current code of the app, new codes replace the old ones.
    const fresh = await generate({ password: player.password, code: totp.generate() });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    expect((await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password, code: backupCodes[0]! })).status).toBe(401);
  });

  it("turning it off needs the password and a code; afterwards sign-in needs only the password", async () => {
    const player = await registerPlayer(server);
    const { totp, backupCodes } = await enableTotp(player.client, player.password);
    const noCode = await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe("TWO_FACTOR_CODE_REQUIRED");
    expect((await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password, code: codes(totp).wrong })).status).toBe(401);
    expect((await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password, code: "aaaaa-bbbbb" })).status).toBe(401);
    expect((await player.client.json("POST", "/api/auth/two-factor/disable", { password: "non-e-questa", code: totp.generate() })).status).toBe(400);
    const stillOn = await signIn(new TestClient(server.url), player.email, player.password);
    expect(stillOn.body).toMatchObject({ twoFactorRedirect: true });

    // A backup code works too (for a lost phone).
    const off = await player.client.json("POST", "/api/auth/two-factor/disable", { password: player.password, code: backupCodes[0] });
    expect(off.status).toBe(200);
    expect(await signedIn(player.client)).toBe(true);
    const plain = new TestClient(server.url);
    expect((await signIn(plain, player.email, player.password)).body).not.toHaveProperty("twoFactorRedirect");
    expect(await signedIn(plain)).toBe(true);
    expect(await server.deps.db.selectFrom("twoFactor").select("id").where("userId", "=", player.id).execute()).toEqual([]);
  });

  it("an admin removes a player's second factor (audited); a player cannot", async () => {
    const player = await registerPlayer(server);
    await enableTotp(player.client, player.password);
    const admin = new TestClient(server.url);
    expect((await signIn(admin, ADMIN.email, ADMIN.password)).status).toBe(200);
    const listed = await admin.json("GET", `/api/admin/users?page=1&pageSize=10&search=${encodeURIComponent(player.email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: player.id, twoFactorEnabled: true })]);

    const other = await registerPlayer(server);
    const denied = await other.client.json("DELETE", `/api/admin/users/${player.id}/factors`);
    expect(denied.status).toBe(403);
    expect((await new TestClient(server.url).json("DELETE", `/api/admin/users/${player.id}/factors`)).status).toBe(401);
    expect((await signIn(new TestClient(server.url), player.email, player.password)).body).toMatchObject({ twoFactorRedirect: true });

    const removed = await admin.json("DELETE", `/api/admin/users/${player.id}/factors`);
    expect(removed).toEqual({ status: 200, body: { ok: true, removed: true } });
    const audit = await server.deps.db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "admin.user.factors.delete").execute();
    expect(audit).toContainEqual({ action: "admin.user.factors.delete", detail: `${player.email} (${player.id}): verifica in due passaggi rimossa` });
    const browser = new TestClient(server.url);
    expect((await signIn(browser, player.email, player.password)).body).not.toHaveProperty("twoFactorRedirect");
    expect(await signedIn(browser)).toBe(true);
    expect((await admin.json("DELETE", `/api/admin/users/${player.id}/factors`)).body).toEqual({ ok: true, removed: false });
    expect((await admin.json("DELETE", "/api/admin/users/sconosciuto/factors")).status).toBe(404);
  });
});

describe.each(DIALECTS)("two-factor code limits on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on" } });
  });
  afterAll(() => server.close());

  /** A pending sign-in (password accepted, code asked) of `player` from `address`. */
  async function challenge(player: Player, address: string): Promise<TestClient> {
    const client = new TestClient(server.url, address);
    expect((await signIn(client, player.email, player.password)).body).toMatchObject({ twoFactorRedirect: true });
    return client;
  }

  it("wrong codes are limited per address and per account; refusals never reach the check, and the player at another address gets in", async () => {
    const player = await registerPlayer(server);
    const { totp } = await enableTotp(player.client, player.password);
    const verify = (client: TestClient, code: string) => client.json("POST", "/api/auth/two-factor/verify-totp", { code });

    const attacker = await challenge(player, "127.0.0.2");
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await verify(attacker, codes(totp).wrong)).status).toBe(401);
    // A new challenge from the same address does not lift the address limit, not even for the right code.
    const again = await challenge(player, "127.0.0.2");
    const refused = await verify(again, totp.generate());
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    // The refusal cost nothing: Better Auth's attempt counter of that challenge is untouched.
    // (the attacker's first challenge holds its 5 failures, the new one none)
    const attempts = await server.deps.db.selectFrom("verification").select("value").where("identifier", "like", "2fa-attempts-%").execute();
    expect(attempts.map((a) => a.value).sort()).toEqual(["0", String(PAIR_FAILURES)]);
    expect(await signedIn(again)).toBe(false);

    // The player, elsewhere, signs in.
    const player2 = await challenge(player, "127.0.0.9");
    expect((await verify(player2, totp.generate())).status).toBe(200);
    expect(await signedIn(player2)).toBe(true);

    // Rotating addresses: after ACCOUNT_FREE_FAILURES failures on the account, every address waits.
    let address = 10;
    for (let failures = 0; failures < ACCOUNT_FREE_FAILURES; failures += PAIR_FAILURES) {
      const client = await challenge(player, `127.0.0.${address++}`);
      for (let i = 0; i < PAIR_FAILURES; i++) expect((await verify(client, codes(totp).wrong)).status).toBe(401);
    }
    const late = await challenge(player, `127.0.0.${address}`);
    const delayed = await verify(late, totp.generate());
    expect(delayed.status).toBe(429);
    expect(delayed.body.message).toMatch(/^Troppi tentativi di accesso a questo account\. Riprova tra /);
  });
});

describe.each(DIALECTS)("REQUIRE_ADMIN_2FA on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REQUIRE_ADMIN_2FA: "on" } });
  });
  afterAll(() => server.close());

  it("an admin without two-step verification is refused every admin route until it is on", async () => {
    const admin = new TestClient(server.url);
    expect((await signIn(admin, ADMIN.email, ADMIN.password)).status).toBe(200);
    for (const path of ["/api/admin/check", "/api/admin/users?page=1&pageSize=10"]) {
      const refused = await admin.json("GET", path);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "ADMIN_2FA_REQUIRED", title: "Verifica in due passaggi richiesta" });
    }
    expect((await admin.json("GET", "/api/me")).body.isAdmin).toBe(true);
    const player = await registerPlayer(server);
    expect((await player.client.json("GET", "/api/admin/check")).body.error.code).toBe("FORBIDDEN");

    const { totp } = await enableTotp(admin, ADMIN.password);
    expect((await admin.json("GET", "/api/admin/check")).status).toBe(200);
    const browser = new TestClient(server.url);
    expect((await signIn(browser, ADMIN.email, ADMIN.password)).body).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.json("GET", "/api/admin/check")).status).toBe(401);
    expect((await browser.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    expect((await browser.json("GET", "/api/admin/check")).status).toBe(200);
  });

  it("defaults to on in production and off otherwise", async () => {
    const { loadEnv } = await import("../../platform/env");
    expect(loadEnv({ NODE_ENV: "production" }).REQUIRE_ADMIN_2FA).toBe(true);
    expect(loadEnv({ NODE_ENV: "development" }).REQUIRE_ADMIN_2FA).toBe(false);
    expect(loadEnv({ NODE_ENV: "production", REQUIRE_ADMIN_2FA: "off" }).REQUIRE_ADMIN_2FA).toBe(false);
    expect(() => loadEnv({ REQUIRE_ADMIN_2FA: "forse" })).toThrow(/REQUIRE_ADMIN_2FA/);
  });
});
