/**
 * The membership ledger of a group story over real HTTP (issue 36 findings 8 and 12), on SQLite
 * and (TEST_DATABASE_URL) PostgreSQL: a removal is remembered (the same link never lets the
 * removed player back; only an invitation the host makes afterwards does; a player who left on
 * their own may come back), and a host hand-over never passes the public share to the new host
 * ('Storia di <new host>') nor makes them the author the moderators deal with.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

const ADMIN_EMAIL = "admin-registro@example.com";
const ADMIN_PASSWORD = "password-admin-registro";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("the membership ledger on %s", (dialect) => {
  let server: TestServer;
  let web: ReturnType<typeof tempWebRoot>;
  const visitor = () => new TestClient(server.url);

  beforeAll(async () => {
    web = tempWebRoot();
    server = await startTestServer(dialect, { webRoot: web.root, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  afterAll(async () => {
    await server.close();
    web.remove();
  });

  async function invite(host: Player, gameId: string): Promise<string> {
    const created = await host.client.json("POST", `/api/games/${gameId}/invitations`);
    expect(created.status).toBe(201);
    return (created.body.url as string).split("/").at(-1)!;
  }

  const join = (player: Player, token: string) => player.client.json("POST", `/api/invitations/${token}/join`, { characterName: "Bruna", characterLine: "" });

  it("a removed player cannot come back with the same link; a new invitation from the host lets them in; a player who left may come back", async () => {
    const host = await registerPlayer(server);
    const [a, b] = [await registerPlayer(server), await registerPlayer(server)];
    const gameId = await newGame(host.client);
    const token = await invite(host, gameId);
    for (const player of [a, b]) expect((await join(player, token)).status).toBe(200);

    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`)).status).toBe(204);
    const refused = await join(b, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "PLAYER_REMOVED", message: "Chi ospita la storia ti ha tolto dal gruppo: per rientrare ti serve un suo nuovo invito." });
    expect((await b.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);
    expect((await host.client.json("GET", `/api/games/${gameId}/group`)).body.players.map((p: any) => p.userId)).toEqual([host.id, a.id]);

    // Leaving is not a removal: the same link lets the player back.
    expect((await a.client.json("DELETE", `/api/games/${gameId}/players/${a.id}`)).status).toBe(204);
    expect((await join(a, token)).status).toBe(200);

    // Only an invitation made after the removal lets the removed player back, and a second removal is remembered too.
    const again = await invite(host, gameId);
    expect((await join(b, again)).status).toBe(200);
    expect((await b.client.json("GET", `/api/games/${gameId}`)).status).toBe(200);
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`)).status).toBe(204);
    for (const old of [token, again]) expect((await join(b, old)).status).toBe(403);
    expect((await join(b, await invite(host, gameId))).status).toBe(200);
  });

  /** A host with a nickname, a narrated story shared with their nickname on the gallery, and a second player with a nickname. */
  async function sharedGroupStory() {
    const suffix = randomUUID().slice(0, 6);
    const [host, next] = [await registerPlayer(server), await registerPlayer(server)];
    for (const [player, nickname] of [[host, `Alice_${suffix}`], [next, `Dave_${suffix}`]] as const) {
      expect((await player.client.json("PUT", "/api/profile", { nickname, firstName: "", lastName: "" })).status).toBe(200);
    }
    const gameId = await newGame(host.client);
    expect((await readEvents(await host.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    const share = await host.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: true, listed: true });
    expect(share.status).toBe(201);
    expect((await join(next, await invite(host, gameId))).status).toBe(200);
    const page = await visitor().get(share.body.path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Alice_${suffix}`);
    return { host, next, gameId, share: share.body as { id: string; path: string }, hostNick: `Alice_${suffix}`, nextNick: `Dave_${suffix}` };
  }

  const sharedIds = async () => (await visitor().json("GET", "/api/shares?limit=48")).body.items.map((s: any) => s.id);

  it("a host who leaves takes their public share with them: the page is not 'Storia di <new host>'; the new host may share it under their own name", async () => {
    const { host, next, gameId, share, nextNick } = await sharedGroupStory();
    expect(await sharedIds()).toContain(share.id);
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${host.id}`)).status).toBe(204);

    const page = await visitor().get(share.path);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(nextNick);
    expect(await sharedIds()).not.toContain(share.id);
    expect((await next.client.json("GET", `/api/games/${gameId}/share`)).body).toEqual({ share: null });

    const own = await next.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: true, listed: true });
    expect(own.status).toBe(201);
    expect(own.body.id).not.toBe(share.id);
    expect(await (await visitor().get(own.body.path)).text()).toContain(nextNick);
  });

  it("a share under a moderation measure stays with the story after a hand-over, nameless; the moderators still see who published it", async () => {
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { host, gameId, share, hostNick, nextNick } = await sharedGroupStory();
    // A moderator's 'restrict': reachable by its link, never listed.
    await server.deps.db.updateTable("story_shares").set({ moderation_state: "restricted" }).where("id", "=", share.id).execute();
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${host.id}`)).status).toBe(204);

    const page = await visitor().get(share.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(nextNick);
    expect(html).not.toContain(hostNick);
    const reported = await visitor().json("POST", "/api/reports", { kind: "story", contentId: share.id, reason: "violenza", explanation: "", email: "", goodFaith: true });
    expect(reported.status).toBe(201);
    const item = (await admin.json("GET", "/api/moderation/queue")).body.items.find((i: any) => i.id === share.id);
    expect(item.author.email).toBe(host.email);
  });
});
