/**
 * Long-story benchmark (issue 11 §5). Prints a table; a report, not a test.
 *
 * For SQLite and PostgreSQL (PostgreSQL at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; skipped when it cannot be reached): starts the real
 * server on an empty database, gives one player a story of 5,000 messages on one path (2,500
 * turns), then measures the server time of the game's first page (getGameView: ownership, the
 * recursive path query, pictures and versions; no HTTP) and of GET /api/games/:id over HTTP,
 * 200 runs each after 20 warm-up ones: p50 and p99. Target: ≤ 10 ms.
 *
 * On SQLite it also opens the game in Chromium (/usr/bin/chromium, the built site from `dist/`,
 * built by the script): time from navigation to the latest narration on screen, for this story
 * and for a story of two messages (the long one must open as fast as a new one), both as players
 * open a saved story (Profilo's 'Continua' link, the site already running) and by loading its
 * address (the site's code from a warm cache, booted again: issue 12's work), DOM nodes,
 * JS heap used, and the time from a key press in the message box to the next painted frame
 * (median and worst of 30 keys). Targets: ≤ 300 ms, ≤ 60 MB, ≤ 16 ms per key.
 *
 * The narrator's memory (issue 11 §1 and "Tests"), on each database: a 400-turn story played
 * over HTTP through the fake OpenAI-compatible provider plants 40 facts and later asks about
 * each entity (src/server/testing/recall-story.ts): recall (target ≥ 95%) and the prompts' tokens
 * against the budget. Then the prompt's size at turn 10, 100, 1,000 and 5,000: a story of that
 * many turns (inserted), its memory in steady state (40 facts, a full recap), and the prompts of
 * its last 50 player's messages (p50 and p99 tokens, counted with the memory's tokenizer).
 * Usage: npm run bench:story (BENCH_QUICK=1: a story of 120 messages, 10 runs per row after 2
 * warm-up ones; a 30-turn memory story with 5 facts; prompts at turn 10 and 60 over 10 messages).
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { type Insertable, sql } from "kysely";
import type { ChatMessagesTable } from "../src/server/platform/db/schema";
import { findOwnedGame, getGameView, narratorConfigFor } from "../src/server/features/games/games.service";
import { buildNarrationContext } from "../src/server/domain/memory/context";
import { storeFoundFacts } from "../src/server/domain/memory/fact-store";
import { boundedRecap } from "../src/server/domain/memory/recap";
import { currentPath } from "../src/server/domain/story/story-tree";
import { startFakeOpenAI } from "../src/server/testing/fake-openai";
import { plantedFact, runRecallStory } from "../src/server/testing/recall-story";
import { registerPlayer, startTestServer, type TestDialect, type TestServer } from "../src/server/testing/harness";
import { CHROMIUM, benchDialects, percentile, sized } from "./bench-support";

const MESSAGES = sized(5_000, 120);
const RUNS = sized(200, 10);
const WARMUP = sized(20, 2);
const KEYS = 30;
const WEB_ROOT = path.resolve("dist");

/** A narration of the offline storyteller's length (~120 words) ending with three choices. */
function narration(turn: number): string {
  const prose = `Turno ${turn}. La nebbia sale dal porto e la lanterna del guardiano oscilla nel buio. `.repeat(8).trim();
  return `${prose}\n\n1. Segui il guardiano\n2. Esplora il molo\n3. Torna alla locanda`;
}

/** Inserts `count` messages on one path (player's message, narration, …) and sets the tip. */
async function fillStory(server: TestServer, userId: string, gameId: string, count: number): Promise<void> {
  const db = server.deps.db;
  const start = Date.UTC(2026, 0, 1);
  let parent: string | null = null;
  const batch = 500;
  for (let offset = 0; offset < count; offset += batch) {
    const rows: Insertable<ChatMessagesTable>[] = [];
    for (let depth = offset; depth < Math.min(count, offset + batch); depth++) {
      const id = randomUUID();
      const user = depth % 2 === 0;
      rows.push({
        id,
        game_id: gameId,
        user_id: userId,
        role: user ? ("user" as const) : ("assistant" as const),
        content: depth === 0 ? "/inizia" : user ? `Provo la strada numero ${depth}` : narration(depth),
        image_url: null,
        created_at: new Date(start + depth * 1000).toISOString(),
        parent_id: parent,
        depth,
      });
      parent = id;
    }
    await db.transaction().execute((trx) => trx.insertInto("chat_messages").values(rows).execute());
  }
  await db.updateTable("saved_games").set({ tip_message_id: parent }).where("id", "=", gameId).execute();
  if (server.dialect === "postgres") await sql`analyze chat_messages`.execute(db);
}

async function timed(run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t = performance.now();
    await run();
    if (i >= WARMUP) times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

interface BrowserFigures {
  /** A story of two messages, for comparison: what the long story must match. */
  shortOpenMs: number;
  openMs: number;
  /** The same two stories opened from Profilo's 'Continua' link, the site already loaded. */
  shortInAppMs: number;
  inAppMs: number;
  domNodes: number;
  heapMb: number;
  keyP50: number;
  keyMax: number;
}

/** Opens the game in Chromium as the player and measures what the player would notice. */
async function browse(server: TestServer, email: string, password: string, gameId: string, shortGameId: string): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: server.url } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    // The cookie banner answered, as for a returning player.
    await context.addInitScript(() => window.localStorage.setItem("cookie_consent", "true"));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Warm the browser cache with the site's code, as a returning player has it.
    await page.goto("/generi");
    await page.waitForLoadState("networkidle");

    const open = async (id: string, lastTurn: number) => {
      const started = Date.now();
      await page.goto(`/gioco/horror/${id}`);
      await page.getByText(`Turno ${lastTurn}.`, { exact: false }).first().waitFor();
      const elapsed = Date.now() - started;
      await page.waitForLoadState("networkidle");
      return elapsed;
    };
    // As players open a saved story: from Profilo, its 'Continua' link (the site's code already running).
    const openFromProfile = async (id: string, lastTurn: number) => {
      await page.goto("/profilo");
      const link = page.locator(`a[href$="/${id}"]`);
      await link.waitFor();
      await page.waitForLoadState("networkidle");
      const started = Date.now();
      await link.click();
      await page.getByText(`Turno ${lastTurn}.`, { exact: false }).first().waitFor();
      return Date.now() - started;
    };
    const shortInAppMs = await openFromProfile(shortGameId, 1);
    const inAppMs = await openFromProfile(gameId, MESSAGES - 1);
    const shortOpenMs = await open(shortGameId, 1);
    const openMs = await open(gameId, MESSAGES - 1);

    const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };

    const box = page.getByLabel("Scrivi la tua azione");
    await box.click();
    await page.evaluate(() => {
      const w = window as unknown as { keyTimes: number[] };
      w.keyTimes = [];
      document.addEventListener("keydown", (event) => {
        const t = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.keyTimes.push(performance.now() - t)));
      });
    });
    await page.keyboard.type("vado verso il faro con la lanterna", { delay: 40 });
    await page.waitForTimeout(200);
    const keyTimes = (await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes)).slice(0, KEYS);
    return { shortOpenMs, openMs, shortInAppMs, inAppMs, domNodes, heapMb: heap.usedSize / 1024 / 1024, keyP50: percentile(keyTimes, 50), keyMax: Math.max(...keyTimes) };
  } finally {
    await browser.close();
  }
}

async function run(dialect: TestDialect) {
  const web = dialect === "sqlite" && fs.existsSync(path.join(WEB_ROOT, "index.html"));
  const server = await startTestServer(dialect, web ? { webRoot: WEB_ROOT } : {});
  try {
    const player = await registerPlayer(server);
    const newGame = async () => {
      const created = await player.client.json<{ id: string }>("POST", "/api/games", { genre: "horror" });
      if (created.status !== 201) throw new Error(`game not created: ${created.status}`);
      return created.body.id;
    };
    const gameId = await newGame();
    const fillStarted = performance.now();
    await fillStory(server, player.id, gameId, MESSAGES);
    const fillMs = performance.now() - fillStarted;

    const service = await timed(async () => {
      const view = await getGameView(server.deps.db, player.id, gameId);
      if (view.messages.length !== 50 || !view.olderCursor) throw new Error("unexpected first page");
    });
    const http = await timed(async () => {
      const res = await player.client.request("GET", `/api/games/${gameId}`);
      if (res.status !== 200) throw new Error(`GET game answered ${res.status}`);
      await res.arrayBuffer();
    });
    let browser: BrowserFigures | null = null;
    if (web) {
      const shortGameId = await newGame();
      await fillStory(server, player.id, shortGameId, 2);
      browser = await browse(server, player.email, player.password, gameId, shortGameId);
    }
    return { dialect, fillMs, service, http, browser };
  } finally {
    await server.close();
  }
}

const MEMORY_TURNS = sized(400, 30);
const MEMORY_FACTS = sized(40, 5);
const PROMPT_AT_TURNS = sized([10, 100, 1_000, 5_000], [10, 60]);
const PROMPT_SAMPLES = sized(50, 10);

/** The prompts' tokens at the end of a story of `turns` turns whose memory is in steady state. */
async function promptTokensAt(server: TestServer, player: Awaited<ReturnType<typeof registerPlayer>>, turns: number) {
  const db = server.deps.db;
  const created = await player.client.json<{ id: string }>("POST", "/api/games", { genre: "horror" });
  if (created.status !== 201) throw new Error(`game not created: ${created.status}`);
  const gameId = created.body.id;
  await fillStory(server, player.id, gameId, turns * 2);
  const game = await findOwnedGame(db, player.id, gameId);
  const path = await currentPath(db, gameId, game.tip_message_id, PROMPT_SAMPLES * 2);
  for (let i = 0; i < MEMORY_FACTS; i++) {
    const { name, sentence } = plantedFact(i);
    await storeFoundFacts(db, gameId, game.tip_message_id!, [{ kind: "personaggio", title: name, text: sentence }]);
  }
  await db.updateTable("saved_games").set({ recap: boundedRecap(path.map((m) => m.content).join(" ").repeat(4)) }).where("id", "=", gameId).execute();
  const config = await narratorConfigFor(db, game);
  const tokens: number[] = [];
  for (const message of path.filter((m) => m.role === "user")) {
    tokens.push((await buildNarrationContext(db, gameId, message.id, config, "middle", { showSystem: false })).preview.total);
  }
  return { turns, p50: percentile(tokens, 50), p99: percentile(tokens, 99), budget: config.prompt_budget };
}

/** Recall and prompt sizes of the narrator's memory on one database. */
async function memoryFigures(dialect: TestDialect) {
  const fake = await startFakeOpenAI();
  const server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
  try {
    const recall = await runRecallStory(server, fake, MEMORY_TURNS, MEMORY_FACTS);
    const player = await registerPlayer(server);
    const at = [];
    for (const turns of PROMPT_AT_TURNS) at.push(await promptTokensAt(server, player, turns));
    return { dialect, recall, at };
  } finally {
    await server.close();
    await fake.close();
  }
}

const dialects = await benchDialects();
if (!fs.existsSync(path.join(WEB_ROOT, "index.html"))) console.log("dist/ not built (npm run build): Chromium figures skipped.");

const results = [];
for (const dialect of dialects) {
  console.log(`${dialect}: a story of ${MESSAGES.toLocaleString("en-US")} messages…`);
  results.push(await run(dialect));
}

const fmt = (n: number) => n.toFixed(2).padStart(8);
console.log(`\nOpening a story of ${MESSAGES.toLocaleString("en-US")} messages: first page of 50, ${RUNS} runs per row (ms)\n`);
console.log("| database   | measure                         |      p50 |      p99 |");
console.log("|------------|---------------------------------|----------|----------|");
for (const r of results) {
  console.log(`| ${r.dialect.padEnd(10)} | ${"server time (getGameView)".padEnd(31)} | ${fmt(r.service.p50)} | ${fmt(r.service.p99)} |`);
  console.log(`| ${r.dialect.padEnd(10)} | ${"GET /api/games/:id over HTTP".padEnd(31)} | ${fmt(r.http.p50)} | ${fmt(r.http.p99)} |`);
}
for (const r of results) {
  if (!r.browser) continue;
  const b = r.browser;
  console.log(`\nChromium (${r.dialect}, 1280×900), latest narration on screen after navigation (target ≤ 300 ms):`);
  console.log(`| opened                                   | ${`${MESSAGES.toLocaleString("en-US")} messages`.padStart(14)} | 2 messages |`);
  console.log("|------------------------------------------|----------------|------------|");
  console.log(`| from Profilo's 'Continua' link (in-app)  | ${`${b.inAppMs} ms`.padStart(14)} | ${`${b.shortInAppMs} ms`.padStart(10)} |`);
  console.log(`| by its address (page load, cache warm)   | ${`${b.openMs} ms`.padStart(14)} | ${`${b.shortOpenMs} ms`.padStart(10)} |`);
  console.log(`DOM nodes ${b.domNodes.toLocaleString("en-US")}, JS heap used ${b.heapMb.toFixed(1)} MB (target ≤ 60 MB)`);
  console.log(`key press to next frame: median ${b.keyP50.toFixed(1)} ms, worst ${b.keyMax.toFixed(1)} ms over ${KEYS} keys (target ≤ 16 ms)`);
}
console.log(`\nFill: ${results.map((r) => `${r.dialect} ${(r.fillMs / 1000).toFixed(1)} s`).join(", ")}.`);

const memory = [];
for (const dialect of dialects) {
  console.log(`\n${dialect}: the narrator's memory, a ${MEMORY_TURNS}-turn story with ${MEMORY_FACTS} planted facts…`);
  memory.push(await memoryFigures(dialect));
}
console.log(`\nNarrator's memory: recall of ${MEMORY_FACTS} facts planted in a ${MEMORY_TURNS}-turn story (target ≥ 95%), every prompt within its budget\n`);
console.log("| database   | recall  | prompts over budget | prompt tokens p50 | p99   | budget |");
console.log("|------------|---------|---------------------|-------------------|-------|--------|");
for (const m of memory) {
  const r = m.recall;
  console.log(`| ${m.dialect.padEnd(10)} | ${`${(r.recall * 100).toFixed(1)}%`.padStart(7)} | ${String(r.overBudget).padStart(19)} | ${String(percentile(r.promptTokens, 50)).padStart(17)} | ${String(percentile(r.promptTokens, 99)).padStart(5)} | ${String(r.budget).padStart(6)} |`);
}
console.log(`\nPrompt tokens at turn N (memory in steady state: ${MEMORY_FACTS} facts, a full recap; the last ${PROMPT_SAMPLES} player's messages)\n`);
console.log("| database   |  turn | p50   | p99   | budget |");
console.log("|------------|-------|-------|-------|--------|");
for (const m of memory) {
  for (const a of m.at) console.log(`| ${m.dialect.padEnd(10)} | ${a.turns.toLocaleString("en-US").padStart(5)} | ${String(a.p50).padStart(5)} | ${String(a.p99).padStart(5)} | ${String(a.budget).padStart(6)} |`);
}
