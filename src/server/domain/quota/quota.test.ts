/** Quota rules (spec §6, §9; DESIGN §4) on a real database: limits, daily reset in Rome time, refunds. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRows } from "../auth/account-rows";
import { nowIso, romePeriods } from "../../platform/clock";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";
import { readTokens, refundMessages, takeMessages } from "./quota";

describe.each(DIALECTS)("message quota on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let n = 0;
  async function user(plan: "base" | "admin" = "base") {
    const id = `quota-user-${++n}`;
    const now = new Date();
    await server.deps.db
      .insertInto("user")
      .values({ id, name: "Q", email: `${id}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: dialect === "postgres" ? now : now.toISOString(), updatedAt: dialect === "postgres" ? now : now.toISOString(), isAnonymous: null })
      .execute();
    await createAccountRows(server.deps.db, { id, email: `${id}@example.com` }, plan === "admin" ? "admin" : "user", plan);
    return id;
  }

  it("uses Europe/Rome days: 23:30 UTC in winter is already tomorrow in Rome", () => {
    expect(romePeriods(new Date("2026-01-14T23:30:00Z"))).toEqual({ day: "2026-01-15", month: "2026-01" });
    expect(romePeriods(new Date("2026-07-31T22:30:00Z"))).toEqual({ day: "2026-08-01", month: "2026-08" });
    expect(nowIso() < nowIso()).toBe(true);
  });

  it("takes up to the plan's limit (15 on base), then refuses", async () => {
    const id = await user();
    const at = new Date("2026-05-10T10:00:00Z");
    const results = [];
    for (let i = 0; i < 16; i++) results.push(await takeMessages(server.deps.db, id, 1, at));
    expect(results.filter(Boolean)).toHaveLength(15);
    expect(results[14]).toMatchObject({ messagesSent: 15, remaining: 0 });
    expect(results[15]).toBeNull();
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ messagesSent: 15, remaining: 0, messageLimit: 15 });
  });

  it("resets at the first use of a new Rome day", async () => {
    const id = await user();
    const day1 = new Date("2026-05-10T21:00:00Z");
    for (let i = 0; i < 15; i++) await takeMessages(server.deps.db, id, 1, day1);
    expect(await takeMessages(server.deps.db, id, 1, day1)).toBeNull();
    const nextRomeDay = new Date("2026-05-10T22:30:00Z"); // 00:30 in Rome (CEST)
    expect(await readTokens(server.deps.db, id, nextRomeDay)).toMatchObject({ messagesSent: 0, remaining: 15 });
    expect(await takeMessages(server.deps.db, id, 1, nextRomeDay)).toMatchObject({ messagesSent: 1 });
    expect(await readTokens(server.deps.db, id, nextRomeDay)).toMatchObject({ messagesSent: 1, remaining: 14 });
  });

  it("a refund gives back only today's messages and never goes below zero", async () => {
    const id = await user();
    const at = new Date("2026-05-11T09:00:00Z");
    await takeMessages(server.deps.db, id, 1, at);
    await refundMessages(server.deps.db, id, 1, at);
    await refundMessages(server.deps.db, id, 1, at);
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ messagesSent: 0 });
    await takeMessages(server.deps.db, id, 1, at);
    await refundMessages(server.deps.db, id, 1, new Date("2026-05-12T09:00:00Z"));
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ messagesSent: 1 });
  });

  it("admins are unlimited and never charged", async () => {
    const id = await user("admin");
    const at = new Date("2026-05-11T09:00:00Z");
    for (let i = 0; i < 40; i++) expect(await takeMessages(server.deps.db, id, 1, at)).toMatchObject({ remaining: null });
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ plan: "admin", messagesSent: 0, remaining: null, messageLimit: -1 });
  });

  it("never exceeds the limit under 30 concurrent takes", async () => {
    const id = await user();
    const at = new Date("2026-05-13T09:00:00Z");
    const results = await Promise.all(Array.from({ length: 30 }, () => takeMessages(server.deps.db, id, 1, at)));
    expect(results.filter(Boolean)).toHaveLength(15);
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ messagesSent: 15 });
  });
});
