/**
 * Backup and restore benchmark (issue 20 §5: the times for a site of 1,000 stories). Prints a
 * table; a report, not a test.
 *
 * Starts the real server on an empty SQLite database, gives 100 players 1,000 stories of 40
 * messages each (a player's message and a narration of ~120 words, alternating; 40,000 messages)
 * and 300 scene pictures of 150 KB (incompressible bytes under media/), then times the commands
 * an operator runs, `npm run backup` and `npm run restore` (the built dist-server/backup-cli.js,
 * each in its own process, start-up included): the backup of the running site (SQLite online
 * backup, media, secret, manifest with SHA-256), idle and while messages are being written, and
 * the restore into an empty folder (every checksum checked first).
 * Usage: npm run bench:backup (BENCH_QUICK=1: 5 players, 20 stories, 10 pictures).
 */

import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import type { Insertable } from "kysely";
import type { ChatMessagesTable } from "../src/server/platform/db/schema";
import { createGame } from "../src/server/features/games/games.service";
import type { BackupManifest } from "../src/server/platform/ops/backup";
import { registerPlayer, startTestServer, type TestServer } from "../src/server/testing/harness";
import { sized } from "./bench-support";

const PLAYERS = sized(100, 5);
const STORIES = sized(1_000, 20);
const MESSAGES_PER_STORY = 40;
const PICTURES = sized(300, 10);
const PICTURE_BYTES = 150 * 1024;

const narration = (turn: number) =>
  `Turno ${turn}. La nebbia sale dal porto e la lanterna del guardiano oscilla nel buio. "Chi va là?" chiede una voce dal molo. `.repeat(6).trim() +
  "\n\nA) Segui il guardiano\nB) Esplora il molo\nC) Torna alla locanda";

/** Fills the site: players, stories with their messages on one path each, pictures in media/. */
async function fill(server: TestServer): Promise<void> {
  const db = server.deps.db;
  const players = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await registerPlayer(server));
  for (let s = 0; s < STORIES; s++) {
    const player = players[s % PLAYERS]!;
    const gameId = await createGame(db, player.id, "Fantasy");
    const rows: Insertable<ChatMessagesTable>[] = [];
    let parent: string | null = null;
    for (let depth = 0; depth < MESSAGES_PER_STORY; depth++) {
      const id = randomUUID();
      const user = depth % 2 === 0;
      rows.push({ id, game_id: gameId, user_id: player.id, role: user ? "user" : "assistant", content: user ? `Provo la strada ${depth}` : narration(depth), image_url: null, created_at: new Date(Date.UTC(2026, 0, 1) + depth * 1000).toISOString(), parent_id: parent, depth });
      parent = id;
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("chat_messages").values(rows).execute();
      await trx.updateTable("saved_games").set({ tip_message_id: parent }).where("id", "=", gameId).execute();
    });
  }
  const media = path.join(server.dataDir, "media", "scenes");
  fs.mkdirSync(media, { recursive: true });
  for (let i = 0; i < PICTURES; i++) fs.writeFileSync(path.join(media, `scena-${i}.png`), randomBytes(PICTURE_BYTES));
}

/** Keeps writing messages (as turns would) until `stop` aborts. Output: how many were written. */
async function keepWriting(server: TestServer, stop: AbortSignal): Promise<number> {
  const db = server.deps.db;
  const game = await db.selectFrom("saved_games").select(["id", "user_id"]).limit(1).executeTakeFirstOrThrow();
  let written = 0;
  while (!stop.aborted) {
    await db.insertInto("chat_messages").values({ id: randomUUID(), game_id: game.id, user_id: game.user_id, role: "assistant", content: narration(written), image_url: null, created_at: new Date().toISOString(), parent_id: null, depth: 0 }).execute();
    written++;
    await new Promise((r) => setTimeout(r, 5));
  }
  return written;
}

const run = promisify(execFile);

/** Runs the built backup command with a site's DATA_DIR and database. Output: seconds it took. */
async function cli(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  await run(process.execPath, ["dist-server/backup-cli.js", ...args], { env: { ...process.env, DATABASE_URL: "", S3_BUCKET: "", ...env } });
  return (performance.now() - started) / 1000;
}

const filesOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as BackupManifest).files.length;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const folderBytes = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);

async function main() {
  const server = await startTestServer("sqlite");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storie-bench-backup-"));
  try {
    const filling = performance.now();
    await fill(server);
    console.log(`Site filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const site = { DATA_DIR: server.dataDir, DATABASE_URL: path.join(server.dataDir, "test.sqlite") };
    const rows: string[][] = [];

    const quiet = path.join(scratch, "quiet");
    const quietSeconds = await cli(["backup", "--to", quiet], site);
    rows.push(["npm run backup (site idle)", quietSeconds.toFixed(2), `${filesOf(quiet)}`, mb(folderBytes(quiet))]);

    const stop = new AbortController();
    const writer = keepWriting(server, stop.signal);
    const busy = path.join(scratch, "busy");
    const busySeconds = await cli(["backup", "--to", busy], site);
    stop.abort();
    const written = await writer;
    rows.push([`npm run backup (${written} messages written meanwhile)`, busySeconds.toFixed(2), `${filesOf(busy)}`, mb(folderBytes(busy))]);

    const target = path.join(scratch, "restored");
    const restoreSeconds = await cli(["restore", "--from", quiet], { DATA_DIR: target });
    rows.push(["npm run restore (checksums + copy)", restoreSeconds.toFixed(2), `${filesOf(quiet)}`, mb(folderBytes(target))]);

    console.log(`\n${STORIES} stories × ${MESSAGES_PER_STORY} messages, ${PLAYERS} players, ${PICTURES} pictures of ${PICTURE_BYTES / 1024} KB (SQLite, Node ${process.version})\n`);
    console.log("| step | seconds | files | MB |\n|---|---:|---:|---:|");
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } finally {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
