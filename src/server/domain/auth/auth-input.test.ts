/**
 * A NUL character in any auth body answers 400 with an Italian message, never 500 or 422 with
 * a stack trace (issue 19, low findings; PostgreSQL cannot store it), on SQLite and PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("NUL characters in auth bodies on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it("reset-password, revoke-session, sign-up name, sign-in and e-mail requests answer 400 in Italian", async () => {
    const player = await registerPlayer(server);
    const cases: [string, Record<string, unknown>][] = [
      ["/api/auth/reset-password", { newPassword: "password-nuova-1", token: "abc\u0000def" }],
      ["/api/auth/revoke-session", { token: "abc\u0000def" }],
      ["/api/auth/revoke-session", { id: "abc\u0000def" }],
      ["/api/auth/sign-up/email", { email: "nul@example.com", password: "password-sicura-1", name: "Nome\u0000", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" }],
      ["/api/auth/sign-in/email", { email: player.email, password: "pass\u0000word" }],
      ["/api/auth/request-password-reset", { email: `${player.email}\u0000`, redirectTo: "/reimposta-password" }],
      ["/api/auth/update-user", { name: "Nome\u0000" }],
    ];
    for (const [path, body] of cases) {
      const answer = await player.client.json("POST", path, body);
      expect({ path, status: answer.status, code: answer.body.code, message: answer.body.message }).toEqual({
        path,
        status: 400,
        code: "VALIDATION",
        message: "I dati inviati contengono un carattere non valido.",
      });
    }
    expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", "nul@example.com").execute()).toEqual([]);
  });
});
