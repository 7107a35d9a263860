/**
 * Server lifecycle (issue: foundation §1): configuration errors name the variable, seeds are
 * idempotent, and stopping finishes the turn in flight before closing the database.
 */

import http from "node:http";
import { describe, expect, it } from "vitest";
import { seedReferenceData } from "../platform/db/reference-data";
import { EnvError, loadEnv } from "../platform/env";
import { startFakeOpenAI } from "../testing/fake-openai";
import { DIALECTS, readEvents, registerPlayer, startTestServer } from "../testing/harness";

describe("configuration", () => {
  it("names the bad variable", () => {
    expect(() => loadEnv({ PORT: "novanta" })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: "novanta" })).toThrow(/PORT/);
    expect(() => loadEnv({ AI_BASE_URL: "http://localhost:11434/v1" })).toThrow(/AI_MODEL/);
    expect(() => loadEnv({ ADMIN_EMAIL: "admin@example.com" })).toThrow(/ADMIN_PASSWORD/);
    expect(loadEnv({})).toMatchObject({ PORT: 3000, BRAND_NAME: "Storie", DATA_DIR: "./data" });
  });
});

describe.each(DIALECTS)("lifecycle on %s", (dialect) => {
  it("seeds once however often it runs", async () => {
    const server = await startTestServer(dialect, { env: { ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "password-admin" } });
    try {
      await seedReferenceData(server.deps.db);
      await seedReferenceData(server.deps.db);
      const prompts = await server.deps.db.selectFrom("genre_prompts").select("genre").execute();
      expect(prompts).toHaveLength(14);
      const plans = await server.deps.db.selectFrom("plans").selectAll().orderBy("position").execute();
      expect(plans.map((p) => [p.id, p.message_limit, p.visualize_limit])).toEqual([
        ["base", 15, 0],
        ["premium", 30, 10],
        ["pro", 100, 25],
        ["admin", -1, -1],
      ]);
    } finally {
      await server.close();
    }
  });

  it("stopping lets the turn in flight finish, then closes", async () => {
    const fake = await startFakeOpenAI({ tokensPerSecond: 25 });
    const server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
    try {
      const player = await registerPlayer(server);
      const game = await player.client.json<{ id: string }>("POST", "/api/games", { genre: "western" });
      const response = await player.client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" });
      const reading = readEvents(response);
      await new Promise((r) => setTimeout(r, 150));
      const closing = server.close();
      const events = await reading;
      await closing;
      expect(events.at(-1)?.event).toBe("done");
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await server.close();
      await fake.close();
    }
  });
});

describe("keep-alive", () => {
  it("keeps an idle connection open past Node's 5 s default, so a client reusing it is not reset", async () => {
    const server = await startTestServer("sqlite");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    /** GET /api/health through the agent; resolves with the client port of the socket used. */
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(`${server.url}/api/health`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(request.socket!.localPort!));
        });
        request.on("error", reject);
      });
    try {
      const first = await get();
      await new Promise((r) => setTimeout(r, 5_500));
      expect(await get()).toBe(first);
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
