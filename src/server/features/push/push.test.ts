/**
 * Push notifications on the phone (issue 39) over real HTTP, on SQLite and PostgreSQL, against a
 * local HTTPS push service: a player whose turn comes in a group story receives a VAPID-signed,
 * encrypted push that opens the story; endpoints off the allow-list are refused; a push service's
 * 410 deletes the subscription; at most PUSHES_PER_MINUTE pushes a minute reach a player whatever
 * the triggers; a player removes only their own subscription; preferences turn a kind off.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_TEXTS } from "../../../shared/push-kinds";
import { PUSHES_PER_MINUTE, pushIdle, pushToPlayers } from "../../domain/push/push-notify";
import { startFakePushService } from "../../testing/fake-push-service";
import { groupPlay } from "../../testing/group-play";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("push notifications on %s", (dialect) => {
  let server: TestServer;
  let service: Awaited<ReturnType<typeof startFakePushService>>;

  beforeAll(async () => {
    service = await startFakePushService();
    server = await startTestServer(dialect, { env: { PUSH_SERVICE_ORIGINS: service.origin }, pushAgent: service.agent });
  });
  afterAll(async () => {
    await pushIdle();
    await server.close();
    await service.close();
  });
  const { group, send } = groupPlay(() => server);
  const subscriptionsOf = (userId: string) => server.deps.db.selectFrom("push_subscriptions").select(["endpoint", "user_id"]).where("user_id", "=", userId).execute();

  it("the player whose turn comes receives a VAPID-signed, encrypted push that opens the story, with no story text", async () => {
    const { host, gameId, players } = await group(1);
    const phone = service.browser();
    const key = await new TestClient(server.url).json("GET", "/api/push/key");
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await players[0]!.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);

    // 'A turno', the host first: once the host's turn is narrated, it is the friend's turn.
    expect((await send(host, gameId, "/inizia")).events.at(-1)?.event).toBe("done");
    await expect.poll(() => service.to(phone.path).length, { timeout: 10_000 }).toBe(1);
    const push = service.to(phone.path)[0]!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    const authorization = String(push.headers.authorization);
    expect(authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.body.publicKey}$`));
    const claims = JSON.parse(Buffer.from(/t=[\w-]+\.([\w-]+)\./.exec(authorization)![1]!, "base64url").toString("utf8"));
    expect(claims.aud).toBe(service.origin);
    expect(phone.read(push)).toEqual({ kind: "turn", title: "Tocca a te", body: PUSH_TEXTS.turn.body, url: `/gioco/horror/${gameId}` });
  });

  it("refuses an endpoint off the allow-list, an unparsable one and a visitor, in Italian", async () => {
    const player = await registerPlayer(server);
    const { subscription } = service.browser();
    for (const endpoint of ["https://fcm.googleapis.com.evil.example/x", "http" + service.origin.slice(5) + "/x", service.origin.replace("https://", "https://user:pw@") + "/x", "https://169.254.169.254/latest"]) {
      const refused = await player.client.json("POST", "/api/push/subscriptions", { ...subscription, endpoint });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "PUSH_SERVICE_NOT_ALLOWED", message: expect.stringContaining("non è tra quelli consentiti") });
    }
    const malformed = await player.client.json("POST", "/api/push/subscriptions", { ...subscription, keys: { p256dh: "<script>", auth: "x" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe("La sottoscrizione del browser non è valida.");
    expect((await new TestClient(server.url).json("POST", "/api/push/subscriptions", subscription)).status).toBe(401);
    expect(await subscriptionsOf(player.id)).toEqual([]);
  });

  it("a subscription the push service calls gone (410) is deleted", async () => {
    const { host, gameId, players } = await group(1);
    const phone = service.browser();
    expect((await players[0]!.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    service.markGone(phone.path);
    // The host skips their own turn: it passes to the friend, whose phone is gone.
    expect((await host.client.json("POST", `/api/games/${gameId}/group/skip`)).status).toBe(200);
    await expect.poll(() => service.to(phone.path).length, { timeout: 10_000 }).toBe(1);
    await pushIdle();
    expect(await subscriptionsOf(players[0]!.id)).toEqual([]);
  });

  it(`at most ${PUSHES_PER_MINUTE} pushes a minute reach a player when 1,000 triggers come at once`, async () => {
    const player = await registerPlayer(server);
    const phone = service.browser();
    expect((await player.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    const sent = await Promise.all(Array.from({ length: 1000 }, () => pushToPlayers(server.deps, [player.id], "site", "/notifiche")));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(PUSHES_PER_MINUTE);
    expect(service.to(phone.path)).toHaveLength(PUSHES_PER_MINUTE);
  });

  it("a player removes only their own subscription; a browser signed in as another account moves to it", async () => {
    const [owner, other] = [await registerPlayer(server), await registerPlayer(server)];
    const phone = service.browser();
    expect((await owner.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    expect((await other.client.json("DELETE", "/api/push/subscriptions", { endpoint: phone.subscription.endpoint })).status).toBe(204);
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);
    expect((await owner.client.json("DELETE", "/api/push/subscriptions", { endpoint: phone.subscription.endpoint })).status).toBe(204);
    expect(await subscriptionsOf(owner.id)).toEqual([]);

    expect((await owner.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    expect((await other.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    expect(await subscriptionsOf(owner.id)).toEqual([]);
    expect(await subscriptionsOf(other.id)).toHaveLength(1);
  });

  it("the export shows that a browser receives pushes, never its address or keys; erasure deletes the rows", async () => {
    const player = await registerPlayer(server);
    const phone = service.browser();
    expect((await player.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    expect((await player.client.json("PUT", "/api/push/preferences", { turn: true, vote: false, friend: true, moderation: true, site: true })).status).toBe(200);
    const exported = await player.client.json("GET", "/api/profile/export");
    expect(exported.status).toBe(200);
    expect(exported.body.tables.push_subscriptions).toEqual([{ id: expect.any(String), expires_at: null, created_at: expect.any(String) }]);
    expect(exported.body.tables.push_preferences).toEqual([expect.objectContaining({ vote: 0, turn: 1 })]);
    const text = JSON.stringify(exported.body);
    for (const secret of [phone.subscription.endpoint, phone.subscription.keys.p256dh, phone.subscription.keys.auth]) expect(text).not.toContain(secret);

    expect((await player.client.json("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    expect(await subscriptionsOf(player.id)).toEqual([]);
    expect(await server.deps.db.selectFrom("push_preferences").selectAll().where("user_id", "=", player.id).execute()).toEqual([]);
  });

  it("preferences are all on at first, and a kind turned off is not pushed", async () => {
    const { host, gameId, players } = await group(1);
    const friend = players[0]!;
    const phone = service.browser();
    expect((await friend.client.json("POST", "/api/push/subscriptions", phone.subscription)).status).toBe(201);
    expect((await friend.client.json("GET", "/api/push/preferences")).body).toEqual({ turn: true, vote: true, friend: true, moderation: true, site: true });
    const changed = await friend.client.json("PUT", "/api/push/preferences", { turn: false, vote: true, friend: true, moderation: true, site: true });
    expect(changed.body).toMatchObject({ turn: false, site: true });
    expect((await friend.client.json("PUT", "/api/push/preferences", { turn: "no" })).status).toBe(400);
    expect((await host.client.json("POST", `/api/games/${gameId}/group/skip`)).status).toBe(200);
    await pushIdle();
    expect(service.to(phone.path)).toEqual([]);
  });
});
