/**
 * The spending gate over real HTTP (issue 36 finding 3; policies/spending.ts), on SQLite and on
 * PostgreSQL with TEST_DATABASE_URL: once the site's daily token budget (AI_DAILY_TOKEN_BUDGET)
 * is spent, every request that would call the provider answers 503 AI_BUDGET_EXHAUSTED before any
 * call (the fake provider counts none) and charges nothing (the player's counters do not move):
 * turns, pictures ('/visualizza' and POST /images), /crea-gioco's 'Genera con AI', the admin
 * template helpers (improve, generate, cover). Only an admin's own turns go on. Work that follows
 * a turn (choice repair, the narrator's memory) is skipped once the turn has spent the budget.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { GENERIC_CHOICES } from "../ai/choice-contract";
import { recordUsage } from "../ai/usage";
import { memoryIdle } from "../memory/background";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, type TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "admin-budget@example.com", password: "password-admin-budget" };
/** The site's daily budget in these tests, tokens. */
const BUDGET = 5_000;
const REFUSED = { error: { code: "AI_BUDGET_EXHAUSTED", ...ERRORS.AI_BUDGET_EXHAUSTED } };

describe.each(DIALECTS)("the spending gate on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: {
        AI_BASE_URL: fake.url,
        AI_MODEL: "modello-budget",
        IMAGE_MODEL: "immagini-budget",
        AI_DAILY_TOKEN_BUDGET: String(BUDGET),
        AI_RETRY_MAX_WAIT_MS: "0",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(async () => {
    // Each test starts with today's budget untouched.
    await memoryIdle();
    await server.deps.db.deleteFrom("ai_usage").execute();
    fake.set({ mode: "ok", text: FAKE_REPLY });
    fake.setImages("b64");
    for (const calls of [fake.requests, fake.memoryRequests, fake.imageRequests]) calls.length = 0;
  });

  /** Today's tokens so far: `tokens` are added as one call of nobody's. */
  const spend = (tokens: number) => recordUsage(server.deps.db, { model: "altro-modello", purpose: "narration", userId: undefined, inputTokens: tokens, outputTokens: 0 });
  /** Every request the fake provider received so far: chat (narrations, repairs, helpers, titles), memory, pictures. */
  const providerCalls = () => fake.requests.length + fake.memoryRequests.length + fake.imageRequests.length;
  const counters = async (client: TestClient) => (await client.json("GET", "/api/me")).body.tokens;

  /** A player on the premium plan (pictures allowed), with a started game. */
  async function playerWithGame() {
    const player = await registerPlayer(server);
    const limits = await server.deps.db.selectFrom("plans").select(["message_limit", "visualize_limit"]).where("id", "=", "premium").executeTakeFirstOrThrow();
    await server.deps.db.updateTable("user_tokens").set({ model: "premium", ...limits }).where("user_id", "=", player.id).execute();
    const gameId = await newGame(player.client, "fantasy");
    expect((await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    await memoryIdle();
    return { ...player, gameId };
  }

  it("refuses a player's turns and pictures, calling nothing and charging nothing", async () => {
    const player = await playerWithGame();
    await spend(BUDGET);
    const before = await counters(player.client);
    const calls = providerCalls();
    const answers = [
      await player.client.request("POST", `/api/games/${player.gameId}/messages`, { content: "Apro la porta" }),
      await player.client.request("POST", `/api/games/${player.gameId}/regenerate`),
      await player.client.request("POST", `/api/games/${player.gameId}/messages`, { content: "/visualizza" }),
      await player.client.request("POST", `/api/games/${player.gameId}/images`, {}),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual(REFUSED);
    }
    expect(providerCalls()).toBe(calls);
    expect(await counters(player.client)).toEqual(before);
    const pictures = await server.deps.db.selectFrom("generated_images").select("id").where("user_id", "=", player.id).execute();
    expect(pictures).toEqual([]);
  });

  it("refuses /crea-gioco's 'Genera con AI' before the provider, its message not taken", async () => {
    const player = await registerPlayer(server);
    await spend(BUDGET);
    const before = await counters(player.client);
    const answer = await player.client.json("POST", "/api/custom-games/generate", { title: "Neon", genre: "Cyberpunk", fields: { premise: "" } });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual(REFUSED);
    expect(providerCalls()).toBe(0);
    expect(await counters(player.client)).toEqual(before);
  });

  it("refuses the admin template helpers (improve, generate, cover): the budget binds admins too", async () => {
    await spend(BUDGET);
    const helpers: [string, unknown][] = [
      ["/api/admin/templates/ai/improve", { text: "Un faro sulla scogliera.", field: "description", context: { genre: "Giallo", title: "Il Faro", description: "" } }],
      ["/api/admin/templates/ai/generate", { title: "Il Faro", genre: "Giallo", fields: { description: "" } }],
      ["/api/admin/templates/ai/cover", { title: "Il Faro", description: "Un faro sulla scogliera in tempesta.", genre: "Giallo" }],
    ];
    for (const [path, body] of helpers) {
      const answer = await admin.json("POST", path, body);
      expect(answer.status, path).toBe(503);
      expect(answer.body).toEqual(REFUSED);
    }
    expect(providerCalls()).toBe(0);
  });

  it("lets an admin play their own turn on, but not make a picture", async () => {
    const gameId = await newGame(admin, "fantasy");
    await spend(BUDGET);
    const turn = await readEvents(await admin.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    expect(turn.at(-1)?.event).toBe("done");
    const picture = await admin.json("POST", `/api/games/${gameId}/images`, {});
    expect(picture.status).toBe(503);
    expect(picture.body).toEqual(REFUSED);
    expect(fake.imageRequests).toHaveLength(0);
  });

  it("skips the choice repair and the narrator's memory of the turn that spends the budget", async () => {
    const player = await playerWithGame();
    const memoryCalls = fake.memoryRequests.length;
    const chatCalls = fake.requests.length;
    // The next turn starts one token under the budget, and its narration (without choices) crosses it.
    await spend(BUDGET - 1 - (await tokensToday()));
    fake.set({ text: "La nebbia si alza sul porto e il guardiano ti fa cenno di avvicinarti." });
    const turn = await readEvents(await player.client.post(`/api/games/${player.gameId}/messages`, { content: "Seguo il guardiano" }));
    await memoryIdle();
    const done = turn.at(-1)!;
    expect(done.event).toBe("done");
    // The generic choices instead of a repair call; no memory call.
    expect(done.data.message.content).toContain(`A) ${GENERIC_CHOICES[0]}`);
    expect(fake.requests.length - chatCalls).toBe(1);
    expect(fake.memoryRequests.length - memoryCalls).toBe(0);
  });

  async function tokensToday(): Promise<number> {
    const rows = await server.deps.db.selectFrom("ai_usage").select(["input_tokens", "output_tokens"]).execute();
    return rows.reduce((sum, r) => sum + Number(r.input_tokens) + Number(r.output_tokens), 0);
  }
});
