/**
 * The memory's recall test (issue 11 "Tests", smaller than `npm run bench:story`): a 120-turn
 * story through the fake OpenAI-compatible provider plants 12 facts in its narrations; later
 * player's messages mention each entity; the provider's requests must carry the planted fact for
 * ≥ 95% of them, every prompt within its budget (counted with the memory's tokenizer).
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";
import { runRecallStory } from "../../testing/recall-story";

describe.each(DIALECTS)("narrator recall on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("a 120-turn story recalls ≥ 95% of 12 planted facts, every prompt within its budget", { timeout: 240_000 }, async () => {
    const result = await runRecallStory(server, fake, 120, 12);
    expect(result.missed).toEqual([]);
    expect(result.recall).toBeGreaterThanOrEqual(0.95);
    expect(result.overBudget).toBe(0);
    expect(Math.max(...result.promptTokens)).toBeLessThanOrEqual(result.budget);
  });
});
