/**
 * A deleted account stops acting at once, everywhere (issue 9 finding 12): its next request is a
 * 401, never a 500, whether an admin deleted it, the player deleted it from another browser, or
 * the request reaches another server instance on the same PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { ADMIN_EMAIL: "capo@example.com", ADMIN_PASSWORD: "password-admin-1" };

async function signedIn(url: string, email: string, password: string): Promise<TestClient> {
  const client = new TestClient(url);
  expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
  return client;
}

/** The user's next calls: GET /api/me and POST /api/games statuses. */
async function nextCalls(client: TestClient) {
  return { me: (await client.json("GET", "/api/me")).status, newGame: (await client.json("POST", "/api/games", { genre: "fantasy" })).status };
}

describe.each(DIALECTS)("deleted accounts on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: ADMIN });
  });
  afterAll(() => server.close());

  it("a user deleted by an admin gets 401 at the very next request, in every browser", async () => {
    const admin = await signedIn(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const player = await registerPlayer(server);
    const otherBrowser = await signedIn(server.url, player.email, player.password);
    expect(await nextCalls(player.client)).toEqual({ me: 200, newGame: 201 });

    expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).status).toBe(200);

    expect(await nextCalls(player.client)).toEqual({ me: 401, newGame: 401 });
    expect(await nextCalls(otherBrowser)).toEqual({ me: 401, newGame: 401 });
  });

  it("deleting one's own account signs out the other browsers at once", async () => {
    const player = await registerPlayer(server);
    const otherBrowser = await signedIn(server.url, player.email, player.password);
    expect((await otherBrowser.json("GET", "/api/me")).status).toBe(200);
    expect((await player.client.json("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    expect(await nextCalls(otherBrowser)).toEqual({ me: 401, newGame: 401 });
  });

  if (dialect === "postgres") {
    it("an account deleted through one server instance is refused at once by another", async () => {
      const secret = randomUUID() + randomUUID();
      const a = await startTestServer("postgres", { env: { ...ADMIN, AUTH_SECRET: secret } });
      const b = await startServerProcess(a, { AUTH_SECRET: secret });
      try {
        const admin = await signedIn(a.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
        const player = await registerPlayer(a);
        const onB = await signedIn(b.url, player.email, player.password);
        expect((await onB.json("GET", "/api/me")).status).toBe(200);
        expect((await admin.json("DELETE", `/api/admin/users/${player.id}`)).status).toBe(200);
        expect(await nextCalls(onB)).toEqual({ me: 401, newGame: 401 });
      } finally {
        await b.close();
        await a.close();
      }
    });
  }
});
