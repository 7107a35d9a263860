/**
 * Book export benchmark (issue 13 "The story as a book": large stories export in seconds and in
 * bounded memory). Prints a table; a report, not a test.
 *
 * For SQLite and PostgreSQL (PostgreSQL at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; skipped when it cannot be reached): starts the real
 * server on an empty database, gives one player a story of 5,000 messages on one path with 200
 * scene pictures (1280×720 PNGs of the offline illustrator, 20 distinct drawings stored under
 * 200 keys, so every picture is read and re-encoded), then downloads GET /api/games/:id/export
 * as EPUB and as PDF over HTTP, each twice (the first warms up; the second is reported): time to
 * the first byte, total time, size, and the server process's peak RSS and heap during the
 * download (sampled every 10 ms, above the level before it). Checks each file opens (EPUB: zip
 * entries and pictures; PDF: pages and pictures with pdf.js).
 * Usage: npm run bench:export (BENCH_QUICK=1: 200 messages with 4 pictures of 2 drawings).
 */

import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type Insertable, sql } from "kysely";
import type { ChatMessagesTable, GeneratedImagesTable } from "../src/server/platform/db/schema";
import { drawOfflineScene } from "../src/server/domain/ai/illustrator/offline-illustrator";
import { readPdf, readZip } from "../src/server/features/book/book-testing";
import { newGame, registerPlayer, startTestServer, type TestClient, type TestDialect, type TestServer } from "../src/server/testing/harness";
import { benchDialects, sized } from "./bench-support";

const MESSAGES = sized(5_000, 200);
const IMAGES = sized(200, 4);
const DRAWINGS = sized(20, 2);

/** A narration of the offline storyteller's length (~120 words) with dialogue, ending with three choices. */
function narration(turn: number): string {
  const prose = `Turno ${turn}. La nebbia sale dal porto e la lanterna del guardiano oscilla nel buio. "Chi va là?" - chiede una voce... `.repeat(6).trim();
  return `${prose}\n\n1. Segui il guardiano\n2. Esplora il molo\n3. Torna alla locanda`;
}

/**
 * Inserts `MESSAGES` messages on one path: player's message, narration, and every
 * (MESSAGES / IMAGES)th message a scene picture (with its gallery row), then sets the tip.
 */
async function fillStory(server: TestServer, userId: string, gameId: string, pictures: string[]): Promise<void> {
  const db = server.deps.db;
  const start = Date.UTC(2026, 0, 1);
  const every = Math.floor(MESSAGES / IMAGES);
  let parent: string | null = null;
  let image = 0;
  const batch = 500;
  for (let offset = 0; offset < MESSAGES; offset += batch) {
    const rows: Insertable<ChatMessagesTable>[] = [];
    const gallery: Insertable<GeneratedImagesTable>[] = [];
    for (let depth = offset; depth < Math.min(MESSAGES, offset + batch); depth++) {
      const id = randomUUID();
      const createdAt = new Date(start + depth * 1000).toISOString();
      const picture = depth % every === every - 1 && image < IMAGES ? pictures[image++] : undefined;
      const user = depth % 2 === 0;
      rows.push({
        id,
        game_id: gameId,
        user_id: userId,
        role: user && !picture ? "user" : "assistant",
        content: picture ? `La scena numero ${image}` : depth === 0 ? "/inizia" : user ? (depth % 4 === 0 ? "/A" : `Provo la strada numero ${depth}`) : narration(depth),
        image_url: picture ?? null,
        created_at: createdAt,
        parent_id: parent,
        depth,
      });
      if (picture) gallery.push({ id: randomUUID(), user_id: userId, image_url: picture, prompt: `La scena numero ${image}`, created_at: createdAt, slug: `scena-${image}`, offline: 1, width: 1280, height: 720 });
      parent = id;
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("chat_messages").values(rows).execute();
      if (gallery.length > 0) await trx.insertInto("generated_images").values(gallery).execute();
    });
  }
  await db.updateTable("saved_games").set({ tip_message_id: parent }).where("id", "=", gameId).execute();
  if (server.dialect === "postgres") await sql`analyze chat_messages`.execute(db);
}

interface Download {
  firstByteMs: number;
  totalMs: number;
  bytes: Buffer;
  peakRssMb: number;
  peakHeapMb: number;
}

/** Downloads one export while sampling this process's memory (the server runs in it). */
async function download(client: TestClient, path: string): Promise<Download> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  const response = await client.get(path);
  if (response.status !== 200 || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let firstByteMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) firstByteMs = performance.now() - started;
    chunks.push(Buffer.from(value));
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  return { firstByteMs, totalMs, bytes: Buffer.concat(chunks), peakRssMb: (peakRss - before.rss) / 2 ** 20, peakHeapMb: (peakHeap - before.heapUsed) / 2 ** 20 };
}

/** A one-line check that the file opens: EPUB entries and pictures, PDF pages and pictures. */
async function opens(format: "epub" | "pdf", bytes: Buffer): Promise<string> {
  if (format === "epub") {
    const entries = await readZip(bytes);
    return `${entries.length} entries, ${entries.filter((e) => e.name.startsWith("OEBPS/images/")).length} pictures`;
  }
  const pdf = await readPdf(bytes);
  return `${pdf.pages} pages, ${pdf.images} pictures`;
}

async function run(dialect: TestDialect) {
  const server = await startTestServer(dialect);
  try {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "Giallo");
    const fillStarted = performance.now();
    const drawings = await Promise.all(
      Array.from({ length: DRAWINGS }, (_, i) => drawOfflineScene(`scena ${i}`, `Il porto di notte, la nebbia e il faro numero ${i} sul mare in tempesta`, "Giallo")),
    );
    const pictures: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const drawn = drawings[i % DRAWINGS]!;
      pictures.push((await server.deps.media.put(`images/2026/01/bench-${i}.png`, drawn.bytes, drawn.contentType)).url);
    }
    await fillStory(server, player.id, gameId, pictures);
    const fillMs = performance.now() - fillStarted;
    const rows = [];
    for (const format of ["epub", "pdf"] as const) {
      const path = `/api/games/${gameId}/export?format=${format}`;
      await download(player.client, path);
      const measured = await download(player.client, path);
      rows.push({ format, ...measured, check: await opens(format, measured.bytes) });
    }
    return { dialect, fillMs, rows };
  } finally {
    await server.close();
  }
}

const dialects = await benchDialects();
const results = [];
for (const dialect of dialects) {
  console.log(`${dialect}: a story of ${MESSAGES.toLocaleString("en-US")} messages with ${IMAGES} pictures…`);
  results.push(await run(dialect));
}

console.log(`\nExporting a story of ${MESSAGES.toLocaleString("en-US")} messages and ${IMAGES} pictures over HTTP (second run of each)\n`);
console.log("| database   | format | first byte | total    | size     | peak RSS  | peak heap | file opens                  |");
console.log("|------------|--------|------------|----------|----------|-----------|-----------|-----------------------------|");
for (const r of results) {
  for (const row of r.rows) {
    console.log(
      `| ${r.dialect.padEnd(10)} | ${row.format.padEnd(6)} | ${`${row.firstByteMs.toFixed(0)} ms`.padStart(10)} | ${`${(row.totalMs / 1000).toFixed(2)} s`.padStart(8)} | ${`${(row.bytes.length / 2 ** 20).toFixed(1)} MB`.padStart(8)} | ${`+${row.peakRssMb.toFixed(0)} MB`.padStart(9)} | ${`+${row.peakHeapMb.toFixed(0)} MB`.padStart(9)} | ${row.check.padEnd(27)} |`,
    );
  }
}
console.log(`\nPeak RSS and heap: the server process's growth over its level before the download. Fill: ${results.map((r) => `${r.dialect} ${(r.fillMs / 1000).toFixed(1)} s`).join(", ")}.`);
