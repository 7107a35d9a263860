/**
 * A confirmation link signs in only the browser that started that sign-up (issue 36 finding 1),
 * over real HTTP on SQLite and PostgreSQL. An attacker signs up and keeps the link; a 'Tutorial'
 * guest's browser, or a signed-in player's, opens it (a top-level redirect from any site is
 * enough): the address is confirmed, but nobody is signed in as the attacker and the guest's
 * stories stay the guest's. The owner's own link still signs in the browser that signed up or
 * proved the password (issue 22 §1 is auth/guest-link.test.ts), and opened anywhere else it only
 * confirms the address.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, linkFromMail, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const PASSWORD = "password-sicura-1";

type Me = { user: { id: string; email: string | null; isAnonymous: boolean } };

describe.each(DIALECTS)("confirmation links on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** Signs `email` up from `client` (a new browser by default). Output: path + query of its confirmation link. */
  async function signUp(email: string, client = new TestClient(server.url)): Promise<string> {
    const answer = await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/" });
    expect(answer.status).toBe(200);
    const link = new URL(linkFromMail(server, email));
    return link.pathname + link.search;
  }

  const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const gamesOf = async (client: TestClient) => (await client.json<{ id: string }[]>("GET", "/api/profile/games")).body.map((g) => g.id);

  it("a guest's browser opening an attacker's link stays the guest and keeps its stories", async () => {
    const attackerEmail = newEmail("attaccante");
    const link = await signUp(attackerEmail);
    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    const guestId = (await guest.json<Me>("GET", "/api/me")).body.user.id;
    const gameId = await newGame(guest);

    const opened = await guest.get(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.getSetCookie().some((c) => c.startsWith("storie.session_token="))).toBe(false);
    const me = await guest.json<Me>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ id: guestId, isAnonymous: true });
    expect(await gamesOf(guest)).toEqual([gameId]);

    // The address is confirmed, but the attacker's account got nothing of the guest's.
    const attacker = new TestClient(server.url);
    expect((await attacker.post("/api/auth/sign-in/email", { email: attackerEmail, password: PASSWORD })).status).toBe(200);
    expect(await gamesOf(attacker)).toEqual([]);
    const moved = await server.deps.db.selectFrom("saved_games").select("user_id").where("id", "=", gameId).executeTakeFirstOrThrow();
    expect(moved.user_id).toBe(guestId);
  });

  it("a signed-in player opening an attacker's link stays who they are (no login CSRF)", async () => {
    const link = await signUp(newEmail("attaccante"));
    const player = await registerPlayer(server);
    const opened = await player.client.get(link);
    expect(opened.status).toBe(302);
    expect((await player.client.json<Me>("GET", "/api/me")).body.user).toMatchObject({ id: player.id, email: player.email });
  });

  it("a visitor's browser opening someone's link is not signed in; the owner then signs in with the password", async () => {
    const email = newEmail("telefono");
    const link = await signUp(email);
    const elsewhere = new TestClient(server.url);
    expect((await elsewhere.get(link)).status).toBe(302);
    expect((await elsewhere.json("GET", "/api/me")).status).toBe(401);
    const owner = new TestClient(server.url);
    expect((await owner.post("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
  });

  it("the browser that proved the password on an unconfirmed sign-in is signed in by the link it was sent", async () => {
    const email = newEmail("ritorno");
    await signUp(email);
    const laptop = new TestClient(server.url);
    const refused = await laptop.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(((await refused.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
    // The binding is signed and out of the page's scripts' reach.
    expect(refused.headers.getSetCookie().find((c) => c.startsWith("storie.confirmation="))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    const link = new URL(linkFromMail(server, email));
    expect((await laptop.get(link.pathname + link.search)).status).toBe(302);
    expect((await laptop.json<Me>("GET", "/api/me")).body.user.email).toBe(email);
    // The link signs that browser in once: opened again after signing out, it only confirms.
    expect((await laptop.post("/api/auth/sign-out")).status).toBe(200);
    expect((await laptop.get(link.pathname + link.search)).status).toBe(302);
    expect((await laptop.json("GET", "/api/me")).status).toBe(401);
  });
});
