/** Image counter rules (spec §6, §9; issue 3): monthly limit, reset in Europe/Rome months, refunds, unlimited admins. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRows } from "../auth/account-rows";
import type { PlanId } from "../../platform/db/schema";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";
import { readTokens, refundVisualization, takeVisualization } from "./quota";

describe.each(DIALECTS)("image quota on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let n = 0;
  async function user(plan: PlanId) {
    const id = `img-quota-${++n}`;
    const now = new Date();
    const date = dialect === "postgres" ? now : now.toISOString();
    await server.deps.db
      .insertInto("user")
      .values({ id, name: "Q", email: `${id}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: date, updatedAt: date, isAnonymous: null })
      .execute();
    await createAccountRows(server.deps.db, { id, email: `${id}@example.com` }, plan === "admin" ? "admin" : "user", plan);
    return id;
  }

  it("base plan: 0 images, always refused", async () => {
    const id = await user("base");
    expect(await takeVisualization(server.deps.db, id)).toBeNull();
  });

  it("premium: 10 a month, then refused; a new Rome month starts again at the first use", async () => {
    const id = await user("premium");
    const endOfMonth = new Date("2026-03-31T21:30:00Z"); // 23:30 in Rome (CEST), still March
    for (let i = 0; i < 10; i++) expect(await takeVisualization(server.deps.db, id, endOfMonth)).not.toBeNull();
    expect(await takeVisualization(server.deps.db, id, endOfMonth)).toBeNull();
    expect(await readTokens(server.deps.db, id, endOfMonth)).toMatchObject({ visualizeLimit: 10, visualizationsSent: 10 });
    const april = new Date("2026-03-31T22:30:00Z"); // 00:30 on 1 April in Rome
    expect(await readTokens(server.deps.db, id, april)).toMatchObject({ visualizationsSent: 0 });
    expect(await takeVisualization(server.deps.db, id, april)).toMatchObject({ visualizationsSent: 1 });
  });

  it("a refund gives back only this month's image and never goes below zero", async () => {
    const id = await user("pro");
    const at = new Date("2026-05-10T10:00:00Z");
    await takeVisualization(server.deps.db, id, at);
    await refundVisualization(server.deps.db, id, at);
    await refundVisualization(server.deps.db, id, at);
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ visualizationsSent: 0 });
    await takeVisualization(server.deps.db, id, at);
    await refundVisualization(server.deps.db, id, new Date("2026-06-02T10:00:00Z"));
    expect(await readTokens(server.deps.db, id, at)).toMatchObject({ visualizationsSent: 1 });
  });

  it("admins are never charged", async () => {
    const id = await user("admin");
    for (let i = 0; i < 3; i++) expect(await takeVisualization(server.deps.db, id)).toMatchObject({ visualizeLimit: -1, visualizationsSent: 0 });
  });

  it("20 parallel takes on premium: exactly 10 succeed", async () => {
    const id = await user("premium");
    const results = await Promise.all(Array.from({ length: 20 }, () => takeVisualization(server.deps.db, id)));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await readTokens(server.deps.db, id)).toMatchObject({ visualizationsSent: 10 });
  });
});
