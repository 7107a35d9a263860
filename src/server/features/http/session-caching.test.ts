/**
 * Answers that depend on the session are private (issue 19): over real HTTP, a signed-in request
 * for `/`, a public page and the API gets `Cache-Control: private` and `Vary: Cookie`, so no
 * shared cache may store one player's page; the same requests without a session are not marked
 * private, and answers marked public (the plans) stay public. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

const caching = (response: Response) => ({ cache: response.headers.get("cache-control"), vary: response.headers.get("vary") });

describe.each(DIALECTS)("session-dependent answers on %s", (dialect) => {
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

  it("a signed-in request gets private answers, a visitor's are not private, public ones stay public", async () => {
    const player = await registerPlayer(server);
    const visitor = new TestClient(server.url);
    for (const path of ["/", "/generi", "/galleria", "/pagina-che-non-esiste", "/api/me", "/api/notifications"]) {
      const signedIn = caching(await player.client.get(path));
      expect(signedIn.cache, path).toMatch(/^private\b/);
      expect(signedIn.cache, path).toMatch(/no-cache|no-store/);
      expect(signedIn.vary, path).toMatch(/\bCookie\b/i);
    }
    for (const path of ["/", "/generi", "/galleria"]) {
      expect(caching(await visitor.get(path)).cache, path).toBe("no-cache");
    }
    expect(caching(await player.client.get("/api/plans")).cache).toBe("public, max-age=60");
  });
});
