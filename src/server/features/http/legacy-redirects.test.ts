/**
 * The old English addresses over real HTTP (spec §2 route table; issue 22 §7): a permanent
 * redirect to the Italian one that keeps the parameters and the query string. No database is read,
 * so one dialect is enough.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/harness";

describe("old English addresses", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server.close());

  it.each([
    ["/discover?genere=horror", "/scopri?genere=horror"],
    ["/genres", "/generi"],
    ["/create?da=menu", "/crea-gioco?da=menu"],
    ["/game/horror/abc-123?x=1&y=2", "/gioco/horror/abc-123?x=1&y=2"],
    ["/gallery?vista=storie", "/galleria?vista=storie"],
    ["/gallery/abc", "/galleria/abc"],
    ["/gallery/abc/la-torre-nera?utm_source=chat", "/galleria/abc/la-torre-nera?utm_source=chat"],
    ["/gallery/a%2Fb%3Fc", "/galleria/a%2Fb%3Fc"],
    ["/pricing", "/prezzi"],
    ["/profile?scheda=sicurezza", "/profilo?scheda=sicurezza"],
    ["/admin/games?pagina=2", "/admin/activity?pagina=2"],
  ])("%s → %s (301)", async (from, to) => {
    const response = await fetch(server.url + from, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });
});
