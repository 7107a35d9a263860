/**
 * Duplicate-session detection (spec §4 Duplicate session, §8 'Sessione già attiva') on a real
 * database: a second tab is refused, a reload of the same tab is not, expired tabs fade, and on
 * PostgreSQL a tab open on one server process is seen by another.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRows } from "../../domain/auth/account-rows";
import { DIALECTS, readEvents, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { createDatabasePresence, PRESENCE_DEFAULTS } from "./presence";

describe.each(DIALECTS)("presence on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let n = 0;
  async function user() {
    const id = `presence-user-${++n}`;
    const now = new Date();
    const date = dialect === "postgres" ? now : now.toISOString();
    await server.deps.db
      .insertInto("user")
      .values({ id, name: "P", email: `${id}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: date, updatedAt: date, isAnonymous: null })
      .execute();
    await createAccountRows(server.deps.db, { id, email: `${id}@example.com` });
    return id;
  }

  it("refuses a second tab, lets the same tab reload, and frees the tab when it closes", async () => {
    const presence = createDatabasePresence(server.deps.db);
    const id = await user();
    const first = await presence.join(id, "tab-aaaaaaaa");
    expect(first.duplicate).toBe(false);
    expect((await presence.join(id, "tab-bbbbbbbb")).duplicate).toBe(true);

    // A reload: the new connection of the same tab takes the row over; the old one's release
    // (arriving late) must not free the tab.
    const reloaded = await presence.join(id, "tab-aaaaaaaa");
    expect(reloaded.duplicate).toBe(false);
    await first.release();
    expect((await presence.join(id, "tab-bbbbbbbb")).duplicate).toBe(true);

    await reloaded.release();
    const other = await presence.join(id, "tab-bbbbbbbb");
    expect(other.duplicate).toBe(false);
    await other.release();
    // Another user's tabs never count.
    expect((await presence.join(await user(), "tab-cccccccc")).duplicate).toBe(false);
  });

  it("a tab that stops renewing expires", async () => {
    const presence = createDatabasePresence(server.deps.db, { ...PRESENCE_DEFAULTS, ttlMs: 100, renewMs: 10_000 });
    const id = await user();
    await presence.join(id, "tab-dddddddd");
    expect((await presence.join(id, "tab-eeeeeeee")).duplicate).toBe(true);
    await new Promise((r) => setTimeout(r, 150));
    expect((await presence.join(id, "tab-eeeeeeee")).duplicate).toBe(false);
  });

  if (dialect === "postgres") {
    it("a tab open on server process A makes a second tab on process B 'Sessione già attiva'", async () => {
      const secret = "presence-secret-".padEnd(40, "x");
      const a = await startTestServer("postgres", { env: { AUTH_SECRET: secret } });
      const b = await startServerProcess(a, { AUTH_SECRET: secret });
      try {
        const player = await registerPlayer(a);
        const onB = new TestClient(b.url);
        expect((await onB.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
        const holder = new AbortController();
        const first = await player.client.request("GET", "/api/presence?tab=tab-on-a-0001", undefined, { signal: holder.signal });
        const firstEvents: string[] = [];
        const reading = readEvents(first, (e) => void firstEvents.push(e.event)).catch(() => undefined);
        await expect.poll(() => firstEvents, { timeout: 10_000 }).toContain("ready");

        // The first event of a tab on B. A 'ready' tab stays open: the client closes it once read.
        // A 'duplicate' one is closed by the server (aborting a stream that has already ended
        // would leave its reader waiting forever: while A's tab was still closing, that hung).
        const firstOnB = async () => {
          const controller = new AbortController();
          const res = await onB.request("GET", "/api/presence?tab=tab-on-b-0002", undefined, { signal: controller.signal });
          const events: { event: string; data: unknown }[] = [];
          await readEvents(res, (e) => {
            events.push(e);
            if (e.event === "ready") controller.abort();
          }).catch(() => undefined);
          return events[0];
        };
        expect(await firstOnB()).toMatchObject({
          event: "duplicate",
          data: { title: "Sessione già attiva", message: "Hai già una chat attiva in un'altra finestra. Chiudi le altre chat prima di continuare." },
        });

        holder.abort();
        await reading;
        await expect.poll(async () => (await firstOnB())?.event, { timeout: 10_000 }).toBe("ready");
      } finally {
        await b.close();
        await a.close();
      }
      // Starting a second Node process is slow when the whole suite loads both cores.
    }, 90_000);
  }
});
