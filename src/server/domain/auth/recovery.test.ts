/**
 * Account recovery over real HTTP (issue 10; spec §5 Login and Registration, §7 /recover,
 * /resend, /verify, §8 errors in the URL): 'Password dimenticata?' answers the same for any
 * address, its link works once and for one hour, a reset ends every session; confirmation links
 * can be sent again and a bad one comes back with ?error=; every return path stays on the site.
 */

import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, linkFromMail, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const HOUR = 60 * 60 * 1000;

/** Path + query of the newest link mailed to `email`. */
function mailedPath(server: TestServer, email: string): string {
  const link = new URL(linkFromMail(server, email));
  return link.pathname + link.search;
}

/** Moves the clock (Date only: timers and sockets keep running) by `ms` for the rest of the test. */
function moveClock(ms: number): void {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ms });
}

const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

describe.each(DIALECTS)("account recovery on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Asks for a reset link and follows it to /reimposta-password. Output: the token. */
  async function resetToken(client: TestClient, email: string): Promise<string> {
    expect((await client.post("/api/auth/request-password-reset", { email, redirectTo: "/reimposta-password" })).status).toBe(200);
    const landing = await client.get(mailedPath(server, email));
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get("location")!, server.url);
    expect(target.pathname).toBe("/reimposta-password");
    return target.searchParams.get("token")!;
  }

  it("answers a reset request the same way whether or not the address has an account", async () => {
    const player = await registerPlayer(server);
    const client = new TestClient(server.url);
    const known = await client.json("POST", "/api/auth/request-password-reset", { email: player.email, redirectTo: "/reimposta-password" });
    const unknownEmail = newEmail("nessuno");
    const unknown = await client.json("POST", "/api/auth/request-password-reset", { email: unknownEmail, redirectTo: "/reimposta-password" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // In Italian, not Better Auth's "If this email exists in our system…" (issue 19).
    expect(known.body).toEqual({ status: true, message: "Se l'indirizzo è registrato, riceverai un'email con il link per impostare una nuova password." });
    expect(server.mailbox.some((m) => m.to === unknownEmail)).toBe(false);
    expect(server.mailbox.filter((m) => m.to === player.email).at(-1)?.subject).toMatch(/^Imposta la tua password/);
    const malformed = await client.json("POST", "/api/auth/request-password-reset", { email: "non-una-email" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Inserisci un'email valida.");
  });

  it("the new password signs in, every other session ends, and the link works only once", async () => {
    const player = await registerPlayer(server);
    const otherDevice = new TestClient(server.url);
    expect((await otherDevice.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
    expect((await otherDevice.json("GET", "/api/me")).status).toBe(200);

    const browser = new TestClient(server.url);
    const link = await (async () => {
      await resetToken(browser, player.email);
      return mailedPath(server, player.email);
    })();
    const token = new URL((await browser.get(link)).headers.get("location")!, server.url).searchParams.get("token");

    const short = await browser.json("POST", "/api/auth/reset-password", { newPassword: "corta", token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("La password deve contenere almeno 8 caratteri.");

    const reset = await browser.json("POST", "/api/auth/reset-password", { newPassword: "password-nuova-1", token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: true, email: player.email });
    // Every session of the account ended: the player's own and the other device's.
    expect((await player.client.json("GET", "/api/me")).status).toBe(401);
    expect((await otherDevice.json("GET", "/api/me")).status).toBe(401);
    // The page signs in with the e-mail it got back and the new password.
    expect((await browser.post("/api/auth/sign-in/email", { email: reset.body.email, password: "password-nuova-1" })).status).toBe(200);
    expect((await browser.json("GET", "/api/me")).body.user.email).toBe(player.email);
    expect((await new TestClient(server.url).post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(401);

    // Used: the e-mail link now lands on the page with ?error, and the token is refused.
    const again = await new TestClient(server.url).get(link);
    expect(again.status).toBe(302);
    const target = new URL(again.headers.get("location")!, server.url);
    expect(target.pathname).toBe("/reimposta-password");
    expect(target.searchParams.get("error")).toBe("INVALID_TOKEN");
    const reuse = await new TestClient(server.url).json("POST", "/api/auth/reset-password", { newPassword: "password-altra-2", token });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: "INVALID_TOKEN", message: "Il link non è valido o è scaduto. Richiedine uno nuovo." });
  });

  it("a reset link expires after one hour", async () => {
    const player = await registerPlayer(server);
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/request-password-reset", { email: player.email, redirectTo: "/reimposta-password" })).status).toBe(200);
    const link = mailedPath(server, player.email);

    moveClock(HOUR - 60_000);
    const stillValid = await client.get(link);
    expect(new URL(stillValid.headers.get("location")!, server.url).searchParams.get("token")).toBeTruthy();
    const token = new URL(stillValid.headers.get("location")!, server.url).searchParams.get("token");

    moveClock(HOUR + 60_000);
    const expired = await client.get(link);
    expect(new URL(expired.headers.get("location")!, server.url).searchParams.get("error")).toBe("INVALID_TOKEN");
    const refused = await client.json("POST", "/api/auth/reset-password", { newPassword: "password-nuova-1", token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INVALID_TOKEN");
  });

  it("a newcomer who never confirmed the address gets in through a reset link", async () => {
    const email = newEmail("mai-confermato");
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-up/email", { email, password: "password-dimenticata", name: "x", acceptPrivacy: true, confirmAge: true })).status).toBe(200);
    const token = await resetToken(client, email);
    const reset = await client.json("POST", "/api/auth/reset-password", { newPassword: "password-nuova-1", token });
    expect(reset.body.email).toBe(email);
    expect((await client.post("/api/auth/sign-in/email", { email, password: "password-nuova-1" })).status).toBe(200);
  });

  it("sends the confirmation e-mail again, answering the same for any address", async () => {
    const email = newEmail("da-confermare");
    const client = new TestClient(server.url);
    const callbackURL = "/login?conferma=1&next=%2Fscopri%2Fx%2F1";
    expect((await client.post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL })).status).toBe(200);
    const sent = () => server.mailbox.filter((m) => m.to === email).length;
    expect(sent()).toBe(1);

    const resend = await client.json("POST", "/api/auth/send-verification-email", { email, callbackURL });
    expect(resend).toEqual({ status: 200, body: { status: true } });
    expect(sent()).toBe(2);
    const unknown = await client.json("POST", "/api/auth/send-verification-email", { email: newEmail("nessuno"), callbackURL });
    expect(unknown).toEqual(resend);

    // The new link confirms, signs in and returns to the path it carries.
    const confirmed = await client.get(mailedPath(server, email));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(callbackURL);
    expect((await client.json("GET", "/api/me")).body.user.email).toBe(email);
  });

  it("a confirmation link that is expired or tampered comes back with ?error= instead of a silent landing", async () => {
    const email = newEmail("link-scaduto");
    const client = new TestClient(server.url);
    const callbackURL = "/login?conferma=1";
    expect((await client.post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL })).status).toBe(200);
    const link = mailedPath(server, email);

    const tampered = await client.get(link.replace(/token=([^&]+)/, (_m, t: string) => `token=${t.slice(0, -4)}abcd`));
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toBe(`${callbackURL}&error=INVALID_TOKEN`);

    moveClock(HOUR + 60_000);
    const expired = await client.get(link);
    expect(expired.status).toBe(302);
    expect(expired.headers.get("location")).toBe(`${callbackURL}&error=TOKEN_EXPIRED`);
    expect((await client.json("GET", "/api/me")).status).toBe(401);
  });

  describe("return paths", () => {
    const evil = ["https://evil.example/generi", "SITE/generi", "//evil.example", "/\\evil.example", "javascript:alert(1)"];

    // SITE: the site's own absolute URL, which Better Auth's trustedOrigins would accept.
    it.each(evil)("refuses %s as a sign-up callbackURL, before any account or e-mail", async (value) => {
      const callbackURL = value.replace("SITE", server.url);
      const email = newEmail("redirect");
      const res = await new TestClient(server.url).json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "INVALID_CALLBACK_URL", message: "Dati non validi." });
      expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
      expect(server.mailbox.some((m) => m.to === email)).toBe(false);
    });

    it("refuses foreign paths on reset, resend, sign-in and in an e-mail link", async () => {
      const player = await registerPlayer(server);
      const client = new TestClient(server.url);
      const before = server.mailbox.length;
      for (const [path, body] of [
        ["/api/auth/request-password-reset", { email: player.email, redirectTo: "//evil.example" }],
        ["/api/auth/send-verification-email", { email: player.email, callbackURL: "https://evil.example" }],
        ["/api/auth/sign-in/email", { email: player.email, password: player.password, callbackURL: "//evil.example" }],
      ] as const) {
        const res = await client.json("POST", path, body);
        expect(res.status, path).toBe(403);
        expect(res.body.code, path).toMatch(/^INVALID_(CALLBACK|REDIRECT)_URL$/);
      }
      expect(server.mailbox.length).toBe(before);

      const email = newEmail("link-forgiato");
      expect((await client.post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" })).status).toBe(200);
      const forged = mailedPath(server, email).replace(/callbackURL=[^&]*/, `callbackURL=${encodeURIComponent("https://evil.example")}`);
      const res = await client.get(forged);
      expect(res.status).toBe(403);
      expect(res.headers.get("location")).toBeNull();
    });
  });
});

describe.each(DIALECTS)("confirmation e-mails under the per-recipient limit on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on" } });
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a sign-in with an unconfirmed address says whether a new link was really sent", async () => {
    const email = newEmail("limite");
    const sent = () => server.mailbox.filter((m) => m.to === email).length;
    expect(
      (await new TestClient(server.url, "127.0.7.1").post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true })).status,
    ).toBe(200);
    const signIn = () => new TestClient(server.url, "127.0.7.2").json("POST", "/api/auth/sign-in/email", { email, password: "password-sicura-1" });

    const recent = await signIn();
    expect(recent.status).toBe(403);
    expect(recent.body).toMatchObject({
      code: "EMAIL_NOT_VERIFIED_LINK_RECENT",
      message: "Conferma il tuo indirizzo email: ti abbiamo già inviato un link negli ultimi minuti. Controlla la posta, anche nella cartella spam.",
    });
    expect(sent()).toBe(1);

    moveClock(6 * 60_000);
    const fresh = await signIn();
    expect(fresh.status).toBe(403);
    expect(fresh.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Conferma il tuo indirizzo email: ti abbiamo inviato un nuovo link." });
    expect(sent()).toBe(2);
  });

  it("a reset request skipped by the limit answers exactly like the others", async () => {
    const player = await registerPlayer(server);
    const ask = (i: number, email: string) =>
      new TestClient(server.url, `127.0.8.${i}`).json("POST", "/api/auth/request-password-reset", { email, redirectTo: "/reimposta-password" });
    const first = await ask(1, player.email);
    const skipped = await ask(2, player.email);
    const unknown = await ask(3, newEmail("nessuno"));
    expect(skipped).toEqual(first);
    expect(unknown).toEqual(first);
    expect(server.mailbox.filter((m) => m.to === player.email && m.subject.startsWith("Imposta")).length).toBe(1);
  });
});
