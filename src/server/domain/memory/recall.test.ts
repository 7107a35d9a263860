/**
 * The narrator's memory with a provider (the fake OpenAI-compatible one, over real HTTP), on
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 * Recall (issue 11 "Tests", smaller than `npm run bench:story`): a 120-turn story plants 12 facts
 * in its narrations; later player's messages mention each entity; the provider's requests must
 * carry the planted fact for ≥ 95% of them, every prompt within its budget (counted with the
 * memory's tokenizer).
 * 'Ricordi' from the model (issue 38 §2): after a narration the memory asks the model for its
 * entities as structured output (a JSON schema of {name, kind, summary}, the game's known names
 * sent along); nothing is guessed from the narration's capital letters; an entity that comes back
 * updates its card; an answer that is no valid JSON stores nothing and the story goes on.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MemoryView } from "../../../shared/api-types";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";
import { runRecallStory } from "../../testing/recall-story";
import { memoryIdle } from "./background";

/** A narration full of capitalised words that are no names ('Brucio', 'Che', 'Quello'). */
const NARRATION = "«Brucio di freddo», dice Elena. «Che ci fai qui?» Quello che resta del faro trema.\n\nA) Entra nel faro\nB) Parla con Elena\nC) Torna al porto";

describe.each(DIALECTS)("narrator memory with a provider on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  /** What the fake answers the memory's fact requests (structured output). */
  let factsAnswer: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ text: NARRATION, respond: (body) => (body.response_format ? { text: factsAnswer } : undefined) });
  });

  it("a 120-turn story recalls ≥ 95% of 12 planted facts, every prompt within its budget", { timeout: 240_000 }, async () => {
    const result = await runRecallStory(server, fake, 120, 12);
    expect(result.missed).toEqual([]);
    expect(result.recall).toBeGreaterThanOrEqual(0.95);
    expect(result.overBudget).toBe(0);
    expect(Math.max(...result.promptTokens)).toBeLessThanOrEqual(result.budget);
  });

  async function turn(player: Awaited<ReturnType<typeof registerPlayer>>, gameId: string, content: string) {
    const events = await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content }));
    expect(events.at(-1)?.event).toBe("done");
    await memoryIdle();
  }
  const factsRequests = () => fake.memoryRequests.filter((r) => r.response_format);
  const memory = async (player: Awaited<ReturnType<typeof registerPlayer>>, gameId: string) => (await player.client.json<MemoryView>("GET", `/api/games/${gameId}/memory`)).body;

  it("asks the model with a JSON schema of {name, kind, summary}; the same entity twice gives one updated card, the known names sent back", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    factsAnswer = JSON.stringify({ facts: [{ name: "Elena", kind: "personaggio", summary: "La guardiana del faro, infreddolita." }, { name: "Il faro", kind: "luogo", summary: "Un faro che trema sul mare." }] });
    await turn(player, gameId, "/inizia");

    const first = factsRequests().at(-1);
    expect(first.response_format.type).toBe("json_schema");
    const item = first.response_format.json_schema.schema.properties.facts.items;
    expect(item.required).toEqual(["name", "kind", "summary"]);
    expect(item.properties.kind.enum).toEqual(["personaggio", "luogo", "oggetto", "evento"]);
    expect(first.messages.at(-1).content).toContain("Nomi già noti: nessuno");
    expect(first.messages.at(-1).content).toContain(NARRATION);
    const cards = (await memory(player, gameId)).facts;
    expect(cards.map((f) => [f.title, f.kind, f.text])).toEqual([
      ["Elena", "personaggio", "La guardiana del faro, infreddolita."],
      ["Il faro", "luogo", "Un faro che trema sul mare."],
    ]);

    factsAnswer = JSON.stringify({ facts: [{ name: "elena", kind: "personaggio", summary: "Ti consegna la chiave della lanterna." }, { name: "La tempesta", kind: "evento", summary: "Una tempesta si abbatte sul porto." }] });
    await turn(player, gameId, "/B");
    expect(factsRequests().at(-1).messages.at(-1).content).toMatch(/Nomi già noti: (Elena; Il faro|Il faro; Elena)\n/);
    const after = (await memory(player, gameId)).facts;
    expect(after.map((f) => f.title)).toEqual(["Elena", "Il faro", "La tempesta"]);
    const elena = after.find((f) => f.title === "Elena")!;
    expect(elena).toMatchObject({ kind: "personaggio", text: "La guardiana del faro, infreddolita. Ti consegna la chiave della lanterna." });
    expect(elena.id).toBe(cards.find((f) => f.title === "Elena")!.id);
    expect(elena.sourceMessageId).not.toBe(cards.find((f) => f.title === "Elena")!.sourceMessageId);
    expect(after.find((f) => f.title === "La tempesta")!.kind).toBe("evento");
  });

  it("stores nothing from an answer that is no valid JSON, or not the schema, and the story goes on", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    factsAnswer = "Ecco i fatti: Elena, il faro.";
    await turn(player, gameId, "/inizia");
    factsAnswer = JSON.stringify({ facts: [{ name: "Elena", kind: "drago", summary: "Non è un tipo." }] });
    await turn(player, gameId, "/A");
    expect(factsRequests().length).toBeGreaterThanOrEqual(2);
    expect((await memory(player, gameId)).facts).toEqual([]);
    fake.set({ text: FAKE_REPLY });
    factsAnswer = JSON.stringify({ facts: [{ name: "Valmora", kind: "luogo", summary: "Un porto nella nebbia." }] });
    await turn(player, gameId, "/A");
    expect((await memory(player, gameId)).facts.map((f) => f.title)).toEqual(["Valmora"]);
  });
});
