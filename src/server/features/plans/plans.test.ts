/**
 * Plans over real HTTP (issue 5 Pricing; spec §9): the pricing page's plans come from the plans
 * table the quota uses. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";

describe.each(DIALECTS)("plans on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it("GET /api/plans is public and reads the plans table the quota uses", async () => {
    const res = await fetch(`${server.url}/api/plans`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: "base", name: "Base", messageLimit: 15, visualizeLimit: 0, priceCents: 0 },
      { id: "premium", name: "Premium", messageLimit: 30, visualizeLimit: 10, priceCents: 999 },
      { id: "pro", name: "Pro", messageLimit: 100, visualizeLimit: 25, priceCents: 1999 },
    ]);
    await server.deps.db.updateTable("plans").set({ message_limit: 40 }).where("id", "=", "premium").execute();
    const changed = (await (await fetch(`${server.url}/api/plans`)).json()) as { id: string; messageLimit: number }[];
    expect(changed.find((p) => p.id === "premium")?.messageLimit).toBe(40);
  });
});
