/**
 * Issue 39 "Installable": a story's answers name their account for the service worker's
 * per-account cache (docs/decisions/0024). Over real HTTP on SQLite (and PostgreSQL with
 * TEST_DATABASE_URL): the owner's GET /api/games/:id carries ACCOUNT_HEADER with the owner's id;
 * another player's 404, a visitor's request and the other API answers carry none. (The game page
 * rendered with it carries it too: this test's web root has no render module, so e2e/pwa.spec.ts
 * proves it, the page reading offline from the account's cache.)
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_HEADER } from "../../../shared/account-header";
import { DIALECTS, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

describe.each(DIALECTS)("the account of a story's answers on %s", (dialect) => {
  let server: TestServer;
  let site: ReturnType<typeof tempWebRoot>;

  beforeAll(async () => {
    site = tempWebRoot();
    server = await startTestServer(dialect, { webRoot: site.root });
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  it("names the owner on the story's JSON, and nobody on anyone else's answers", async () => {
    const owner = await registerPlayer(server);
    const other = await registerPlayer(server);
    const gameId = await newGame(owner.client, "fantasy");
    const me = (await (await owner.client.get("/api/session")).json()) as { me: { user: { id: string } } };

    const json = await owner.client.get(`/api/games/${gameId}`);
    expect(json.status).toBe(200);
    expect(json.headers.get(ACCOUNT_HEADER)).toBe(me.me.user.id);

    const refused = await other.client.get(`/api/games/${gameId}`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get(ACCOUNT_HEADER)).toBeNull();
    expect((await new TestClient(server.url).get(`/api/games/${gameId}`)).headers.get(ACCOUNT_HEADER)).toBeNull();
    expect((await owner.client.get("/api/me")).headers.get(ACCOUNT_HEADER)).toBeNull();
    expect((await owner.client.get(`/api/games/${gameId}/map`)).headers.get(ACCOUNT_HEADER)).toBeNull();
  });
});
