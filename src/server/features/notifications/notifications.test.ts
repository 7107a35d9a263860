/**
 * Notifications over real HTTP (issue 5 Notifications and Live; spec §2 Admin notifications,
 * Notification popover; §4 Notification, Admin flag; §8 Notifications): only admins manage them,
 * users see published ones only, read records are per user, and a publication reaches every
 * connected browser through GET /api/events — on PostgreSQL also across two server instances
 * sharing the database (LISTEN/NOTIFY). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../platform/clock";
import { publishAccountChanged } from "../../platform/realtime/live-events";
import { DIALECTS, openLive, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("notifications on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  async function admin(target: TestServer = server) {
    const player = await registerPlayer(target);
    await target.deps.db.insertInto("user_roles").values({ id: randomUUID(), user_id: player.id, role: "admin", created_at: nowIso() }).execute();
    return player;
  }

  const draft = (title = `Novità ${randomUUID().slice(0, 6)}`) => ({ title, content: "Nuovi generi disponibili!", url: "https://example.com/novita" });

  it("only admins manage notifications; a refused attempt is audit-logged once", async () => {
    const visitor = new TestClient(server.url);
    const player = await registerPlayer(server);
    const boss = await admin();
    const created = await boss.client.json("POST", "/api/admin/notifications", draft());
    expect(created.status).toBe(201);
    const id = created.body.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/notifications"],
      ["POST", "/api/admin/notifications", draft()],
      ["PUT", `/api/admin/notifications/${id}`, { ...draft(), version: 1 }],
      ["POST", `/api/admin/notifications/${id}/publish`, {}],
      ["DELETE", `/api/admin/notifications/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await visitor.json(method, url, body)).status, `visitor ${method} ${url}`).toBe(401);
      const refused = await player.client.json(method, url, body);
      expect(refused.status, `user ${method} ${url}`).toBe(403);
      expect(refused.body.error).toMatchObject({ title: "Accesso negato", message: "Non hai i permessi per accedere a questa pagina" });
    }
    const audit = await server.deps.db.selectFrom("audit_log").select(["action", "detail"]).where("user_id", "=", player.id).execute();
    expect(audit).toHaveLength(calls.length);
    expect(audit.every((a) => a.action === "admin.denied")).toBe(true);
    // Nothing changed.
    const list = await boss.client.json("GET", "/api/admin/notifications");
    expect(list.body.items.find((n: any) => n.id === id)).toMatchObject({ title: created.body.title, status: null, publishedAt: null });
  });

  it("an admin creates, edits, publishes and deletes; users see only published ones, newest first", async () => {
    const boss = await admin();
    const player = await registerPlayer(server);
    const first = (await boss.client.json("POST", "/api/admin/notifications", draft("Prima"))).body;
    const second = (await boss.client.json("POST", "/api/admin/notifications", { title: "Seconda", content: "Testo", url: "" })).body;
    expect(second).toMatchObject({ url: null, status: null });

    const seen = async () => (await player.client.json("GET", "/api/notifications")).body.map((n: any) => n.id);
    expect(await seen()).not.toContain(first.id);
    expect((await player.client.json("POST", `/api/notifications/${first.id}/read`)).status).toBe(404);

    const edited = await boss.client.json("PUT", `/api/admin/notifications/${first.id}`, { title: "Prima (corretta)", content: "Testo nuovo", url: "", version: first.version });
    expect(edited.body).toMatchObject({ title: "Prima (corretta)", url: null });

    const published = await boss.client.json("POST", `/api/admin/notifications/${first.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.status).toBe("published");
    expect(Date.parse(published.body.publishedAt)).toBeGreaterThan(Date.now() - 10_000);
    const twice = await boss.client.json("POST", `/api/admin/notifications/${first.id}/publish`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("La notifica è già pubblicata.");
    await boss.client.json("POST", `/api/admin/notifications/${second.id}/publish`);

    const mine = (await player.client.json("GET", "/api/notifications")).body;
    const ids = mine.map((n: any) => n.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(mine.find((n: any) => n.id === first.id)).toMatchObject({ title: "Prima (corretta)", content: "Testo nuovo", url: null, read: false });

    expect((await boss.client.json("DELETE", `/api/admin/notifications/${first.id}`)).status).toBe(200);
    expect(await seen()).not.toContain(first.id);
    expect((await boss.client.json("DELETE", `/api/admin/notifications/${first.id}`)).status).toBe(404);
  });

  it("refuses an empty title or a URL that is not http(s)", async () => {
    const boss = await admin();
    const noTitle = await boss.client.json("POST", "/api/admin/notifications", { ...draft(), title: "  " });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.message).toBe("Il titolo è obbligatorio.");
    const badUrl = await boss.client.json("POST", "/api/admin/notifications", { ...draft(), url: "javascript:alert(1)" });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.message).toBe("Inserisci un URL valido (http:// o https://).");
  });

  it("marking read creates the read record for that user only", async () => {
    const boss = await admin();
    const reader = await registerPlayer(server);
    const other = await registerPlayer(server);
    const n = (await boss.client.json("POST", "/api/admin/notifications", draft())).body;
    await boss.client.json("POST", `/api/admin/notifications/${n.id}/publish`);

    const read = await reader.client.json("POST", `/api/notifications/${n.id}/read`);
    expect(read.status).toBe(200);
    expect((await reader.client.json("POST", `/api/notifications/${n.id}/read`)).status).toBe(200);
    const flag = async (p: typeof reader) => (await p.client.json("GET", "/api/notifications")).body.find((x: any) => x.id === n.id).read;
    expect(await flag(reader)).toBe(true);
    expect(await flag(other)).toBe(false);
    const rows = await server.deps.db.selectFrom("notification_reads").select("user_id").where("notification_id", "=", n.id).execute();
    expect(rows).toEqual([{ user_id: reader.id }]);
    // The user id always comes from the session: a body naming someone else changes nothing.
    await other.client.json("POST", `/api/notifications/${n.id}/read`, { user_id: reader.id });
    const after = await server.deps.db.selectFrom("notification_reads").select("user_id").where("notification_id", "=", n.id).orderBy("user_id").execute();
    expect(after.map((r) => r.user_id).sort()).toEqual([reader.id, other.id].sort());
    expect((await new TestClient(server.url).json("POST", `/api/notifications/${n.id}/read`)).status).toBe(401);
  });

  it("a publication reaches every connected user within a second; drafts reach no one", async () => {
    const boss = await admin();
    const players = await Promise.all([registerPlayer(server), registerPlayer(server)]);
    const streams = await Promise.all(players.map((p) => openLive(p.client)));
    try {
      const n = (await boss.client.json("POST", "/api/admin/notifications", draft())).body;
      const started = Date.now();
      await boss.client.json("POST", `/api/admin/notifications/${n.id}/publish`);
      for (const s of streams) {
        const event = await s.next((e) => e.event === "notifications.changed" && e.data.id === n.id, 1000);
        expect(event.data).toEqual({ type: "notifications.changed", reason: "published", id: n.id });
        expect(event.at - started).toBeLessThan(1000);
      }
      expect(streams[0]!.events.filter((e) => e.event === "notifications.changed")).toHaveLength(1);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("a change of the user's role rows reaches that user's stream only", async () => {
    const target = await registerPlayer(server);
    const bystander = await registerPlayer(server);
    const [mine, theirs] = await Promise.all([openLive(target.client), openLive(bystander.client)]);
    try {
      await server.deps.db.insertInto("user_roles").values({ id: randomUUID(), user_id: target.id, role: "admin", created_at: nowIso() }).execute();
      await publishAccountChanged(server.deps.bus, target.id);
      const event = await mine.next((e) => e.event === "account.changed", 1000);
      expect(event.data).toEqual({ type: "account.changed", reason: "roles" });
      expect((await target.client.json("GET", "/api/me")).body.isAdmin).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(theirs.events.some((e) => e.event === "account.changed")).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("visitors cannot open the event stream", async () => {
    expect((await new TestClient(server.url).get("/api/events")).status).toBe(401);
  });

  if (dialect === "postgres") {
    it("two server processes on one PostgreSQL: a publication through A reaches an SSE client on B within 1 s", async () => {
      const secret = randomUUID() + randomUUID();
      const a = await startTestServer("postgres", { env: { AUTH_SECRET: secret } });
      const b = await startServerProcess(a, { AUTH_SECRET: secret });
      try {
        const boss = await admin(a);
        // Registered through A; the same account signs in on B (one database, another process).
        const player = await registerPlayer(a);
        const onB = new TestClient(b.url);
        expect((await onB.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
        const stream = await openLive(onB);
        const elsewhere = await openLive((await registerPlayer(server)).client);
        try {
          const n = (await boss.client.json("POST", "/api/admin/notifications", draft())).body;
          const started = Date.now();
          expect((await boss.client.json("POST", `/api/admin/notifications/${n.id}/publish`)).status).toBe(200);
          const event = await stream.next((e) => e.event === "notifications.changed" && e.data.id === n.id, 1000);
          expect(event.at - started).toBeLessThan(1000);
          expect((await onB.json("GET", "/api/notifications")).body.map((x: any) => x.id)).toContain(n.id);

          // A role change announced on A reaches the user's stream on B; other schemas hear nothing.
          await publishAccountChanged(a.deps.bus, player.id);
          await stream.next((e) => e.event === "account.changed", 1000);
          await new Promise((r) => setTimeout(r, 200));
          expect(elsewhere.events.some((e) => e.event === "account.changed" || e.event === "notifications.changed")).toBe(false);
        } finally {
          stream.close();
          elsewhere.close();
        }
      } finally {
        await b.close();
        await a.close();
      }
      // Starting a second Node process is slow when the whole suite loads both cores.
    }, 90_000);
  }
});
