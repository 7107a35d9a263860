/**
 * 'Elimina account' asks for a proof (issue 36 finding 17) over real HTTP, on SQLite and
 * PostgreSQL: the password (with two-step verification on, also a code of the app or a backup
 * code), the typed word ELIMINA for a guest, the word and a recent sign-in for a provider account.
 * Nothing is erased until the proof holds; wrong passwords pass the sign-in limits (per address
 * and account, refused without hashing); the profile says what the dialog must ask.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAIR_FAILURES } from "../../domain/auth/limits";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { type OidcMock, startOidcMock } from "../../testing/oidc-mock";
import { signInWithProvider } from "../../testing/provider-flow";
import { codes, enableTotp } from "../../testing/totp";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("erasing the account asks for a proof on %s", (dialect) => {
  let server: TestServer;
  let mock: OidcMock;
  beforeAll(async () => {
    mock = await startOidcMock();
    server = await startTestServer(dialect, {
      env: { AUTH_RATE_LIMIT: "on", OIDC_ISSUER_URL: mock.issuerUrl, OIDC_CLIENT_ID: "storie-test", OIDC_CLIENT_SECRET: "storie-test-secret", OIDC_NAME: "Provider di prova" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await mock?.close();
  });

  /** DELETE /api/profile with `body`: status and error code. */
  async function erase(client: TestClient, body?: Record<string, string>) {
    const answer = await client.json<{ ok?: true; error?: { code: string; message: string } }>("DELETE", "/api/profile", body);
    return { status: answer.status, code: answer.body?.error?.code, message: answer.body?.error?.message };
  }
  const exists = async (id: string) => (await server.deps.db.selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  const proofOf = async (client: TestClient) => (await client.json("GET", "/api/profile")).body.erasure;

  it("a player with a password: nothing happens without it or with a wrong one; the password erases", async () => {
    const player = await registerPlayer(server, undefined, "127.0.4.1");
    expect(await proofOf(player.client)).toEqual({ password: true, code: false, word: false, recentSignIn: false });
    expect(await erase(player.client)).toMatchObject({ status: 400, code: "ERASURE_PASSWORD_REQUIRED", message: "Inserisci la tua password per eliminare l'account." });
    expect(await erase(player.client, { word: "ELIMINA" })).toMatchObject({ status: 400, code: "ERASURE_PASSWORD_REQUIRED" });
    expect(await erase(player.client, { password: "non-e-questa" })).toMatchObject({ status: 403, code: "ERASURE_PASSWORD_WRONG", message: "Password non corretta." });
    expect(await erase(player.client, { password: "x".repeat(129) })).toMatchObject({ status: 400, code: "VALIDATION" });
    expect(await exists(player.id)).toBe(true);
    expect((await player.client.json("GET", "/api/me")).status).toBe(200);

    expect(await erase(player.client, { password: player.password })).toEqual({ status: 200, code: undefined, message: undefined });
    expect(await exists(player.id)).toBe(false);
  });

  it("with two-step verification on, the password alone is not enough: a code of the app or a backup code", async () => {
    const player = await registerPlayer(server, undefined, "127.0.4.2");
    const { totp, backupCodes } = await enableTotp(player.client, player.password);
    expect(await proofOf(player.client)).toEqual({ password: true, code: true, word: false, recentSignIn: false });
    expect(await erase(player.client, { password: player.password })).toMatchObject({ status: 400, code: "ERASURE_CODE_REQUIRED" });
    expect(await erase(player.client, { password: player.password, code: codes(totp).wrong })).toMatchObject({ status: 403, code: "ERASURE_CODE_WRONG" });
    expect(await erase(player.client, { password: player.password, code: "abcde-fghij" })).toMatchObject({ status: 403, code: "ERASURE_CODE_WRONG" });
    expect(await erase(player.client, { password: "non-e-questa", code: codes(totp).right })).toMatchObject({ status: 403, code: "ERASURE_PASSWORD_WRONG" });
    expect(await exists(player.id)).toBe(true);
    expect(await erase(player.client, { password: player.password, code: backupCodes[0]! })).toMatchObject({ status: 200 });
    expect(await exists(player.id)).toBe(false);
  });

  it("wrong passwords are limited like sign-ins: refused without hashing after the per-address limit, the right one too", async () => {
    const player: Player = await registerPlayer(server, undefined, "127.0.4.3");
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await erase(player.client, { password: `sbagliata-${i}` })).status).toBe(403);
    const { hash, verify } = server.deps.auth.passwordWork;
    const refused = await erase(player.client, { password: player.password });
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", message: expect.stringMatching(/^Troppi tentativi\. Riprova tra \d+ minut[io]\.$/) });
    expect(server.deps.auth.passwordWork.hash + server.deps.auth.passwordWork.verify).toBe(hash + verify);
    expect(await exists(player.id)).toBe(true);
    // From another address (another browser of the player), the right password still works.
    const elsewhere = new TestClient(server.url, "127.0.4.4");
    expect((await elsewhere.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
    expect(await erase(elsewhere, { password: player.password })).toMatchObject({ status: 200 });
  });

  it("a guest, who has no password, confirms with the word ELIMINA", async () => {
    const guest = new TestClient(server.url, "127.0.4.5");
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const id = (await guest.json("GET", "/api/me")).body.user.id;
    expect(await proofOf(guest)).toEqual({ password: false, code: false, word: true, recentSignIn: false });
    expect(await erase(guest)).toMatchObject({ status: 400, code: "ERASURE_WORD_REQUIRED", message: "Scrivi ELIMINA per confermare." });
    expect(await erase(guest, { word: "elimina?" })).toMatchObject({ status: 400, code: "ERASURE_WORD_REQUIRED" });
    expect(await exists(id)).toBe(true);
    expect(await erase(guest, { word: " elimina " })).toMatchObject({ status: 200 });
    expect(await exists(id)).toBe(false);
  });

  it("a provider account confirms with the word, after a sign-in of the last minutes", async () => {
    const client = new TestClient(server.url, "127.0.4.6");
    await signInWithProvider(client, `oidc-${randomUUID().slice(0, 8)}@example.com`);
    const id = (await client.json("GET", "/api/me")).body.user.id;
    expect(await proofOf(client)).toEqual({ password: false, code: false, word: true, recentSignIn: true });
    // A session signed in 11 minutes ago (an old or stolen cookie) cannot erase.
    const { db } = server.deps;
    const signedIn = new Date(Date.now() - 11 * 60_000);
    await db.updateTable("session").set({ createdAt: dialect === "postgres" ? signedIn : signedIn.toISOString() }).where("userId", "=", id).execute();
    expect(await erase(client, { word: "ELIMINA" })).toMatchObject({ status: 403, code: "ERASURE_SIGN_IN_AGAIN", message: "Per sicurezza esci e accedi di nuovo, poi elimina l'account entro 10 minuti." });
    expect(await exists(id)).toBe(true);
    await db.updateTable("session").set({ createdAt: dialect === "postgres" ? new Date() : new Date().toISOString() }).where("userId", "=", id).execute();
    expect(await erase(client, { word: "ELIMINA" })).toMatchObject({ status: 200 });
    expect(await exists(id)).toBe(false);
  });
});
