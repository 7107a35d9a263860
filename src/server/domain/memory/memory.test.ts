/**
 * The narrator's memory over real HTTP (issue 11 §1; ADR 0009), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: the memory routes and their refusals, Italian full-text
 * retrieval, the prompt budget and its drop order, story cards copied from a template and matched
 * by keyword, the recap carried on and the player's edit kept, facts found in narrations (offline:
 * only the storyteller's cast and places, issue 38 §2).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FactView, MemoryView, PromptPreviewView } from "../../../shared/api-types";
import { MAX_FACTS_PER_GAME } from "../../../shared/memory-limits";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { phaseFor } from "../ai/progress";
import { findOwnedGame, narratorConfigFor } from "../../features/games/games.service";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, type TestServer } from "../../testing/harness";
import { castFor } from "../ai/offline/cast";
import { memoryIdle } from "./background";
import { castNames } from "./facts";
import { buildNarrationContext } from "./context";
import { relevantFacts } from "./retrieval";

const ADMIN = { email: "capo-memoria@example.com", password: "password-admin-memoria" };
type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("narrator memory on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, REQUIRE_ADMIN_2FA: "off" } });
  });
  afterAll(() => server.close());

  async function say(player: Player, gameId: string, content: string): Promise<void> {
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    expect(response.status).toBe(200);
    expect((await readEvents(response)).at(-1)?.event).toBe("done");
  }
  async function play(player: Player, gameId: string, turns: number): Promise<void> {
    await say(player, gameId, "/inizia");
    for (let i = 1; i < turns; i++) await say(player, gameId, i % 2 ? "/A" : "Guardo intorno e ascolto.");
    await memoryIdle();
  }
  const memory = async (player: Player, gameId: string) => (await player.client.json<MemoryView>("GET", `/api/games/${gameId}/memory`)).body;
  const addFact = (player: Player, gameId: string, body: Record<string, unknown>) => player.client.json<FactView>("POST", `/api/games/${gameId}/memory/facts`, { kind: "personaggio", ...body });

  it("lists, adds, edits, pins and deletes facts; refuses another user's game and bad input in Italian", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    expect(await memory(player, gameId)).toEqual({ recap: null, facts: [], cards: [] });

    const added = await addFact(player, gameId, { title: "Elena", text: "Tua sorella, ti aspetta al faro." });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: "personaggio", title: "Elena", pinned: false, source: "giocatore", sourceMessageId: null });
    const patched = await player.client.json<FactView>("PATCH", `/api/games/${gameId}/memory/facts/${added.body.id}`, { pinned: true });
    expect(patched.status).toBe(200);
    expect(patched.body.pinned).toBe(true);
    expect((await memory(player, gameId)).facts.map((f) => f.title)).toEqual(["Elena"]);

    const other = await registerPlayer(server);
    for (const [method, path, body] of [
      ["GET", `/api/games/${gameId}/memory`, undefined],
      ["GET", `/api/games/${gameId}/memory/prompt`, undefined],
      ["PUT", `/api/games/${gameId}/memory/recap`, { text: "Furto." }],
      ["POST", `/api/games/${gameId}/memory/facts`, { kind: "altro", title: "X", text: "Y" }],
      ["PATCH", `/api/games/${gameId}/memory/facts/${added.body.id}`, { pinned: false }],
      ["DELETE", `/api/games/${gameId}/memory/facts/${added.body.id}`, undefined],
    ] as const) {
      const res = await other.client.json(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe("Partita non trovata o non autorizzata.");
    }
    const otherGame = await newGame(other.client);
    expect((await player.client.json("PATCH", `/api/games/${gameId}/memory/facts/x%00y`, { pinned: true })).status).toBe(404);
    const foreignFact = await player.client.json("DELETE", `/api/games/${otherGame}/memory/facts/${added.body.id}`);
    expect(foreignFact.status).toBe(404);

    const refusals: [string, string, unknown, RegExp][] = [
      ["POST", "facts", { kind: "personaggio", title: "", text: "x" }, /nome del ricordo non può essere vuoto/],
      ["POST", "facts", { kind: "drago", title: "A", text: "x" }, /tipo del ricordo/],
      ["POST", "facts", { kind: "luogo", title: "A", text: "x".repeat(501) }, /al massimo 500 caratteri/],
      ["POST", "facts", "non è un oggetto", /./],
      ["PATCH", `facts/${added.body.id}`, {}, /Nessuna modifica da salvare/],
      ["PUT", "recap", { text: "x".repeat(4001) }, /al massimo 4000 caratteri/],
    ];
    for (const [method, path, body, message] of refusals) {
      const res = await player.client.json(method, `/api/games/${gameId}/memory/${path}`, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const huge = await player.client.request("POST", `/api/games/${gameId}/memory/facts`, undefined, { body: `{"title":"${"x".repeat(3_000_000)}"}`, headers: { "content-type": "application/json" } });
    expect(huge.status).toBe(413);

    expect((await player.client.request("DELETE", `/api/games/${gameId}/memory/facts/${added.body.id}`)).status).toBe(204);
    expect((await player.client.json("DELETE", `/api/games/${gameId}/memory/facts/${added.body.id}`)).body.error.message).toBe("Ricordo non trovato in questa partita.");
  });

  it(`refuses a fact beyond ${MAX_FACTS_PER_GAME} per game`, async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_FACTS_PER_GAME }, (_, i) => ({ id: `f-${gameId}-${i}`, game_id: gameId, kind: "altro" as const, title: `Fatto ${i}`, text: "Un fatto.", source: "giocatore" as const, source_message_id: null, created_at: now, updated_at: now }));
    for (let i = 0; i < rows.length; i += 100) await server.deps.db.insertInto("story_facts").values(rows.slice(i, i + 100)).execute();
    const res = await addFact(player, gameId, { title: "Uno di troppo", text: "Non entra." });
    expect(res.status).toBe(409);
    expect((res.body as any).error.message).toMatch(/già 500 ricordi/);
  });

  it("retrieves the facts relevant to the latest exchange by Italian full-text search, pinned ones always", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await addFact(player, gameId, { title: "Elena", text: "Elena, tua sorella, ti aspetta al faro." });
    await addFact(player, gameId, { kind: "luogo", title: "Fucina", text: "Il fabbro Bruno forgia spade nella fucina del villaggio." });
    await addFact(player, gameId, { kind: "oggetto", title: "Chiave d'argento", text: "La chiave d'argento apre la cripta.", pinned: true });
    const db = server.deps.db;
    const titles = async (texts: string[]) => (await relevantFacts(db, gameId, null, texts, 5)).map((f) => f.title);
    expect(await titles(["Cosa mi direbbe Elena?"])).toEqual(["Chiave d'argento", "Elena"]);
    expect(await titles(["Vado dal fabbro a comprare una spada", "La nebbia copre il molo."])).toEqual(["Chiave d'argento", "Fucina"]);
    expect(await titles(["(\"*) OR; -- ' NEAR"])).toEqual(["Chiave d'argento"]);
    expect(await titles([""])).toEqual(["Chiave d'argento"]);
    // Only the game's own facts.
    const otherGame = await newGame(player.client);
    expect(await relevantFacts(db, otherGame, null, ["Elena"], 5)).toEqual([]);
  });

  it("keeps every prompt within its budget, dropping old turns first, then unpinned facts, cards, the recap", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await play(player, gameId, 8);
    const db = server.deps.db;
    await db.updateTable("saved_games").set({ recap: "Il viaggio comincia al porto. Il giocatore trova una mappa. La mappa indica il faro.", recap_turns: 2, story_cards: JSON.stringify([{ title: "Il faro", text: "Un faro spento da anni.", keywords: ["guardo"] }]) }).where("id", "=", gameId).execute();
    for (let i = 0; i < 6; i++) await addFact(player, gameId, { title: `Guardiano ${i}`, text: `Il guardiano numero ${i} ascolta e guarda intorno.` });
    await addFact(player, gameId, { kind: "oggetto", title: "Anello", text: "L'anello della madre, mai perduto.", pinned: true });

    const game = await findOwnedGame(db, player.id, gameId);
    const config = await narratorConfigFor(db, game);
    const phase = phaseFor(game.progress, config.story_pacing, false);
    const context = (budget: number) => buildNarrationContext(db, gameId, game.tip_message_id, { ...config, prompt_budget: budget }, phase, { showSystem: false });
    const preview = async (budget: number) => (await context(budget)).preview;
    const dropped = (p: PromptPreviewView) => Object.fromEntries(p.sections.map((s) => [s.key, s.dropped]));

    const full = await preview(100_000);
    const size = (p: PromptPreviewView, key: string) => p.sections.find((s) => s.key === key)!;
    expect(dropped(full)).toEqual({ system: 0, cards: 0, facts: 0, recap: 0, recent: 0 });
    expect(full.sections.reduce((a, s) => a + s.tokens, 0)).toBe(full.total);
    const turns = (await context(100_000)).messages.length;
    const facts = size(full, "facts").text!.split("\n").length - 1;
    const seen = new Set<string>();
    for (let budget = full.total; budget > 0; budget -= 40) {
      const p = await preview(budget);
      const d = dropped(p);
      // Over the budget only once nothing but the instructions and the latest message is left (context.ts).
      const bare = d.recent === turns - 1 && d.facts === facts && d.cards === 1 && size(p, "recap").text === null;
      if (!bare) expect(p.total).toBeLessThanOrEqual(budget);
      // The documented order: a later kind goes only once the earlier ones are gone.
      if (d.facts! > 0) expect(d.recent).toBe(turns - 1);
      if (d.cards! > 0) expect(d.facts).toBeGreaterThanOrEqual(facts - 1);
      if (d.recap! > 0) expect(d.cards).toBe(1);
      if (d.facts === facts) expect(d.recap).toBeGreaterThan(0);
      expect(size(p, "facts").text ?? "").toMatch(d.facts! < facts ? /Anello/ : /^$/);
      for (const [key, n] of Object.entries(d)) if (n! > 0) seen.add(key);
    }
    expect([...seen].sort()).toEqual(["cards", "facts", "recap", "recent"]);

    // Through the API, for the player: the instructions' text stays hidden.
    const api = await player.client.json<PromptPreviewView>("GET", `/api/games/${gameId}/memory/prompt`);
    expect(api.status).toBe(200);
    expect(api.body.budget).toBe(6000);
    expect(api.body.sections.map((s) => s.key)).toEqual(["system", "cards", "facts", "recap", "recent"]);
    expect(api.body.sections[0]!.text).toBeNull();
  });

  it("puts a fact found in a narration in the prompt only while that narration is on the current path", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await play(player, gameId, 3);
    const db = server.deps.db;
    const { tip_message_id: tip } = await db.selectFrom("saved_games").select("tip_message_id").where("id", "=", gameId).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.insertInto("story_facts").values({ id: `z-${gameId}`, game_id: gameId, kind: "personaggio", title: "Zaccaria", text: "Zaccaria custodisce la chiave.", pinned: 1, source: "narratore", source_message_id: tip, created_at: now, updated_at: now }).execute();
    await addFact(player, gameId, { title: "Elena", text: "Tua sorella.", pinned: true });
    const factsText = async () => (await player.client.json<PromptPreviewView>("GET", `/api/games/${gameId}/memory/prompt`)).body.sections.find((s) => s.key === "facts")!.text;
    expect(await factsText()).toMatch(/Zaccaria[\s\S]*Elena|Elena[\s\S]*Zaccaria/);
    expect((await player.client.json("POST", `/api/games/${gameId}/undo`, {})).status).toBe(200);
    const after = await factsText();
    expect(after).toContain("Elena");
    expect(after).not.toContain("Zaccaria");
  });

  it("takes the budget from the genre prompt the admin edits, refusing one out of bounds", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const { prompts } = (await admin.json<{ prompts: { id: string; genre: string; prompt_budget: number }[] }>("GET", "/api/admin/genres")).body;
    const horror = prompts.find((p) => p.genre === "Horror")!;
    expect(horror.prompt_budget).toBe(6000);
    const bad = await admin.json("PUT", `/api/admin/genres/${horror.id}`, { ...horror, prompt_budget: 999_999 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/budget del prompt/);
    try {
      expect((await admin.json("PUT", `/api/admin/genres/${horror.id}`, { ...horror, prompt_budget: 2500 })).status).toBe(200);
      const player = await registerPlayer(server);
      const gameId = await newGame(player.client);
      expect((await player.client.json<PromptPreviewView>("GET", `/api/games/${gameId}/memory/prompt`)).body.budget).toBe(2500);
    } finally {
      const current = (await admin.json<{ prompts: { id: string; version: number }[] }>("GET", "/api/admin/genres")).body.prompts.find((p) => p.id === horror.id)!;
      await admin.json("PUT", `/api/admin/genres/${horror.id}`, { ...horror, prompt_budget: 6000, version: current.version });
    }
  });

  it("copies a template's story cards into the game and puts a card in the prompt when its keyword appears", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const cards = [
      { title: "La Confraternita", text: "Una setta che venera il mare.", keywords: ["confraternita", "setta"] },
      { title: "La città sommersa", text: "Le sue campane suonano con la bassa marea.", keywords: ["Città"] },
    ];
    const form = { ...TEMPLATE_FORM_DEFAULTS, title: "Le campane di Vela", description: "Un paese che ascolta il mare.", genre: "Giallo", initial_prompt: "Le campane suonano sott'acqua e nessuno sa perché.", prompt_budget: 4000, story_cards: cards };
    const created = await admin.json<{ id: string; story_cards: unknown; prompt_budget: number }>("POST", "/api/admin/templates", form);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ story_cards: cards, prompt_budget: 4000 });
    const bad = await admin.json("POST", "/api/admin/templates", { ...form, prompt_budget: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/budget del prompt/);

    const player = await registerPlayer(server);
    const played = await player.client.json<{ id: string }>("POST", `/api/templates/${created.body.id}/play`);
    expect(played.status).toBe(201);
    expect((await memory(player, played.body.id)).cards).toEqual(cards.map((card) => ({ ...card, constant: false, enabled: true, order: 100 })));
    await say(player, played.body.id, "/inizia");
    await say(player, played.body.id, "Chiedo della citta sommersa");
    const preview = (await player.client.json<PromptPreviewView>("GET", `/api/games/${played.body.id}/memory/prompt`)).body;
    expect(preview.budget).toBe(4000);
    const section = preview.sections.find((s) => s.key === "cards")!;
    expect(section.text).toContain("La città sommersa");
    expect(section.text).not.toContain("Confraternita");
  });

  it("keeps a card's 'Attiva', 'Sempre attiva' and 'Ordine' (issue 40 §2) through the admin's create, edit and reload", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const cards = [
      { title: "Il Custode", text: "Un guardiano che non dorme mai.", keywords: [], constant: true, enabled: true, order: 5 },
      { title: "La vecchia mappa", text: "Una mappa che mente.", keywords: ["mappa"], constant: false, enabled: false, order: -3 },
      { title: "Il porto", text: "Un porto di pescatori.", keywords: ["porto"], constant: false, enabled: true, order: 100 },
    ];
    const form = { ...TEMPLATE_FORM_DEFAULTS, title: "La torre del Custode", description: "Una torre sul mare.", genre: "Avventura", initial_prompt: "La torre ti aspetta.", story_cards: cards };
    const created = await admin.json<{ id: string; version: number; story_cards: unknown }>("POST", "/api/admin/templates", form);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.story_cards).toEqual(cards);
    // Edited: the switches flipped and the order changed are what the dialog shows again.
    const edited = cards.map((card, i) => (i === 0 ? { ...card, constant: false, keywords: ["custode"], order: 200 } : i === 1 ? { ...card, enabled: true } : card));
    const saved = await admin.json("PUT", `/api/admin/templates/${created.body.id}`, { ...form, story_cards: edited, version: created.body.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = (await admin.json("GET", `/api/admin/templates?search=${encodeURIComponent("La torre del Custode")}`)).body.items;
    expect(list.find((t: { id: string }) => t.id === created.body.id).story_cards).toEqual(edited);
    // Hostile: an order that is not a whole number, or far out of range, is refused and saves nothing.
    for (const order of [1.5, 10_000_000, "5"]) {
      const bad = await admin.json("PUT", `/api/admin/templates/${created.body.id}`, { ...form, story_cards: [{ ...cards[0], order }], version: created.body.version + 1 });
      expect(bad.status, String(order)).toBe(400);
    }
    const after = (await admin.json("GET", `/api/admin/templates?search=${encodeURIComponent("La torre del Custode")}`)).body.items;
    expect(after.find((t: { id: string }) => t.id === created.body.id).story_cards).toEqual(edited);
  });

  it("finds facts in the narrations and carries the recap on every 4 turns, keeping the player's edit", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    // The game's own configuration (as a template's copy), with a window of one exchange.
    await server.deps.db.updateTable("saved_games").set({ system_prompt: "Sei il narratore di una storia horror.", context_memory: 1 }).where("id", "=", gameId).execute();
    await play(player, gameId, 9);
    const first = await memory(player, gameId);
    expect(first.facts.length).toBeGreaterThan(0);
    expect(first.facts.every((f) => f.source === "narratore" && f.sourceMessageId !== null)).toBe(true);
    expect(first.recap).toMatchObject({ editedByPlayer: false, coversTurns: 8 });
    expect(first.recap!.text).toContain("Il giocatore: «Inizia la storia");

    const edit = await player.client.json("PUT", `/api/games/${gameId}/memory/recap`, { text: "  La mia versione: tutto comincia al porto.  " });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ text: "La mia versione: tutto comincia al porto.", editedByPlayer: true, coversTurns: 8 });
    for (let i = 0; i < 4; i++) await say(player, gameId, "/B");
    await memoryIdle();
    const after = (await memory(player, gameId)).recap!;
    expect(after.coversTurns).toBe(12);
    expect(after.editedByPlayer).toBe(true);
    expect(after.text.startsWith("La mia versione: tutto comincia al porto.\n\n")).toBe(true);
    expect(after.text.length).toBeGreaterThan(60);

    const cleared = await player.client.json("PUT", `/api/games/${gameId}/memory/recap`, { text: "" });
    expect(cleared.body).toBeNull();
  });

  it("keeps as 'Ricordi' after 5 offline turns only the storyteller's cast and places it named, never a guessed word (issue 38 §2)", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "fantasy");
    await play(player, gameId, 5);
    const cast = castNames(castFor(gameId, "Fantasy"));
    const facts = (await memory(player, gameId)).facts;
    expect(facts.length).toBeGreaterThan(0);
    for (const fact of facts) expect(cast, fact.title).toContainEqual({ title: fact.title, kind: fact.kind });
  });

  it("puts the facts and the recap in the profile export; erasing the account removes them", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client);
    await addFact(player, gameId, { title: "Elena", text: "Tua sorella, ti aspetta al faro." });
    await player.client.json("PUT", `/api/games/${gameId}/memory/recap`, { text: "Tutto comincia al porto." });
    const exported = await player.client.json("GET", "/api/profile/export");
    expect(exported.status).toBe(200);
    expect(exported.body.tables.story_facts).toEqual([expect.objectContaining({ game_id: gameId, title: "Elena", source: "giocatore" })]);
    expect(exported.body.tables.saved_games).toEqual([expect.objectContaining({ id: gameId, recap: "Tutto comincia al porto.", recap_edited: 1 })]);

    expect((await player.client.request("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    expect(await server.deps.db.selectFrom("story_facts").select("id").where("game_id", "=", gameId).execute()).toEqual([]);
  });
});
