/**
 * AI usage and the daily budget (issue 20 §4) over real HTTP on SQLite and PostgreSQL: a turn
 * adds the provider's tokens to the ai_usage row of its day, model, purpose and player; 'Utilizzo
 * AI' (GET /api/admin/usage) reports them with the estimated cost, admins only, with Italian
 * errors for bad ranges; once the day's tokens reach AI_DAILY_TOKEN_BUDGET the next turn is
 * refused with "Il narratore si riposa fino a domani…" and nothing is charged, while an admin
 * plays on; an erased player's rows stay, anonymised.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { memoryIdle } from "../../domain/memory/background";
import { type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, type TestClient, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-utilizzo@example.com";
const ADMIN_PASSWORD = "password-admin-utilizzo";

/** Plays '/inizia' on a new game of `client`. Output: the turn's HTTP status and its last event (null when refused). */
async function play(client: TestClient) {
  const gameId = await newGame(client, "fantasy");
  const response = await client.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" });
  if (response.status !== 200) return { status: response.status, body: await response.json(), final: null };
  return { status: 200, body: null, final: (await readEvents(response)).at(-1)! };
}

describe.each(DIALECTS)("AI usage and the daily budget on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: {
        AI_BASE_URL: fake.url,
        AI_MODEL: "modello-costi",
        AI_PRICE_INPUT: "2.5",
        AI_PRICE_OUTPUT: "10",
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("a turn adds the provider's tokens to its row, and 'Utilizzo AI' reports them with their cost", async () => {
    const player = await registerPlayer(server);
    expect((await play(player.client)).final!.event).toBe("done");
    await memoryIdle();
    const rows = await server.deps.db.selectFrom("ai_usage").selectAll().where("user_id", "=", player.id).execute();
    const narration = rows.find((r) => r.purpose === "narration")!;
    // The fake provider reports its usage at the end of the stream (stream_options.include_usage).
    const sent = fake.requests.at(-1)!;
    const reportedInput = Math.ceil(sent.messages.reduce((n: number, m: { content: string }) => n + m.content.length, 0) / 4);
    expect(sent.stream_options).toEqual({ include_usage: true });
    expect(narration.model).toBe("modello-costi");
    expect(Number(narration.calls)).toBe(1);
    expect(Number(narration.input_tokens)).toBe(reportedInput);
    expect(Number(narration.output_tokens)).toBeGreaterThan(10);
    expect(rows.some((r) => r.purpose === "memory")).toBe(true);

    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const report = await admin.json("GET", "/api/admin/usage");
    expect(report.status).toBe(200);
    const mine = report.body.players.find((p: { userId: string }) => p.userId === player.id);
    const input = rows.reduce((n, r) => n + Number(r.input_tokens), 0);
    const output = rows.reduce((n, r) => n + Number(r.output_tokens), 0);
    expect(mine).toMatchObject({ email: player.email, inputTokens: input, outputTokens: output });
    expect(mine.cost).toBeCloseTo((input * 2.5 + output * 10) / 1_000_000, 4);
    expect(report.body.days).toContainEqual(expect.objectContaining({ day: report.body.to, model: "modello-costi" }));
    expect(report.body.prices).toEqual({ input: 2.5, output: 10 });
    expect(report.body.budget).toMatchObject({ limit: 0, exhausted: false });
    expect(report.body.budget.usedToday).toBeGreaterThanOrEqual(input + output);
  });

  it("only admins read it, and a bad range is a 400 in Italian", async () => {
    const player = await registerPlayer(server);
    expect((await player.client.json("GET", "/api/admin/usage")).status).toBe(403);
    const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const reversed = await admin.json("GET", "/api/admin/usage?from=2026-05-02&to=2026-05-01");
    expect(reversed).toMatchObject({ status: 400, body: { error: { message: "La data iniziale deve precedere quella finale." } } });
    expect((await admin.json("GET", "/api/admin/usage?from=2026-02-30")).status).toBe(400);
    expect((await admin.json("GET", "/api/admin/usage?from=2020-01-01&to=2026-01-01")).status).toBe(400);
    expect((await admin.json("GET", `/api/admin/usage?from=${"9".repeat(5000)}`)).status).toBe(400);
    const empty = await admin.json("GET", "/api/admin/usage?from=2001-01-01&to=2001-01-31");
    expect(empty.body).toMatchObject({ days: [], players: [], total: { calls: 0, inputTokens: 0, outputTokens: 0, cost: 0 } });
  });

  it("an erased player's usage stays in the site's history, tied to no one", async () => {
    const player = await registerPlayer(server);
    await play(player.client);
    await memoryIdle();
    expect((await player.client.request("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    const rows = await server.deps.db.selectFrom("ai_usage").select("user_id").where("user_id", "=", player.id).execute();
    expect(rows).toEqual([]);
    const anonymous = await server.deps.db.selectFrom("ai_usage").select("id").where("user_id", "is", null).execute();
    expect(anonymous.length).toBeGreaterThan(0);
  });
});

describe.each(DIALECTS)("the daily token budget on %s", (dialect) => {
  it("refuses the turn after the one that spent it, charging nothing, while an admin plays on", async () => {
    const fake = await startFakeOpenAI();
    const server = await startTestServer(dialect, {
      env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-budget", AI_DAILY_TOKEN_BUDGET: "50", ADMIN_EMAIL, ADMIN_PASSWORD },
    });
    try {
      const player = await registerPlayer(server);
      // The first turn starts under the budget and spends more than it.
      expect((await play(player.client)).final!.event).toBe("done");
      await memoryIdle();
      const before = (await player.client.json("GET", "/api/me")).body.tokens.messagesSent;
      const refused = await play(player.client);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: { code: "AI_BUDGET_EXHAUSTED", ...ERRORS.AI_BUDGET_EXHAUSTED } });
      expect(refused.body.error.message.startsWith("Il narratore si riposa fino a domani")).toBe(true);
      expect((await player.client.json("GET", "/api/me")).body.tokens.messagesSent).toBe(before);

      const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await play(admin)).final!.event).toBe("done");
      const report = await admin.json("GET", "/api/admin/usage");
      expect(report.body.budget).toMatchObject({ limit: 50, exhausted: true });
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
