/**
 * SQLite durability (issue 9): a server process taking chat turns at full speed is killed with
 * SIGKILL; restarted on the same file, it still has every turn a client saw completed (the SSE
 * stream's final 'done' event) and `PRAGMA integrity_check` answers ok. Bounded: about 1.5 s of
 * turns. Also: SQLITE_SYNCHRONOUS chooses the pragma.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "./sqlite-driver";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEvents, type ServerProcess, startServerProcess, TestClient } from "../../testing/harness";
import { outboxLink } from "../../testing/outbox";
import { openDatabase } from "./client";

const PLAYERS = 4;

/** Ids of every message on the game's current path, read page by page as the game page does (GET /api/games/:id, then ?before=). */
async function storyMessageIds(client: TestClient, gameId: string): Promise<Set<string>> {
  type Page = { messages: { id: string }[]; olderCursor: string | null };
  const first = await client.json<Page>("GET", `/api/games/${gameId}`);
  expect(first.status).toBe(200);
  const ids = new Set(first.body.messages.map((m) => m.id));
  let cursor = first.body.olderCursor;
  while (cursor) {
    const page = await client.json<Page>("GET", `/api/games/${gameId}/messages?before=${encodeURIComponent(cursor)}`);
    expect(page.status).toBe(200);
    for (const m of page.body.messages) ids.add(m.id);
    cursor = page.body.olderCursor;
  }
  return ids;
}
const TURNS_FOR_MS = 1500;

describe("SQLite after a crash", () => {
  let folder: string;
  let dbFile: string;
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "storie-crash-"));
    dbFile = path.join(folder, "crash.sqlite");
    dataDir = path.join(folder, "data");
  });
  afterAll(async () => {
    for (const server of running) await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess(undefined, { DATABASE_URL: dbFile, DATA_DIR: dataDir, OFFLINE_WORD_DELAY_MS: "0" });
    running.push(server);
    return server;
  };

  /** A confirmed player on the unlimited plan, with a started game. */
  async function player(url: string, n: number) {
    const client = new TestClient(url);
    const email = `crash-${n}@example.com`;
    expect((await client.post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "C", acceptPrivacy: true, confirmAge: true })).status).toBe(200);
    const link = new URL(await outboxLink(dataDir, email));
    await client.get(link.pathname + link.search);
    const sqlite = new SQLite(dbFile);
    sqlite.prepare(`update user_tokens set model = 'admin', message_limit = -1 where user_id = (select id from "user" where email = ?)`).run(email);
    sqlite.close();
    const game = await client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    const opening = await readEvents(await client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }));
    expect(opening.at(-1)?.event).toBe("done");
    return { client, email, gameId: game.body.id };
  }

  it("keeps every turn a client saw completed, and the file passes integrity_check", async () => {
    const first = await start();
    const players = await Promise.all(Array.from({ length: PLAYERS }, (_, n) => player(first.url, n)));
    const completed = new Map<string, string[]>(players.map((p) => [p.gameId, []]));
    let stop = false;
    const loops = players.map(async (p) => {
      while (!stop) {
        try {
          const events = await readEvents(await p.client.post(`/api/games/${p.gameId}/messages`, { content: "A" }));
          const last = events.at(-1);
          if (last?.event === "done" && last.data.message) completed.get(p.gameId)!.push(last.data.message.id, events[0]!.data.userMessage.id);
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, TURNS_FOR_MS));
    await first.kill();
    stop = true;
    await Promise.all(loops);
    const seen = [...completed.values()].reduce((n, ids) => n + ids.length / 2, 0);
    expect(seen).toBeGreaterThanOrEqual(PLAYERS * 3);

    const second = await start();
    for (const p of players) {
      const resumed = new TestClient(second.url);
      expect((await resumed.post("/api/auth/sign-in/email", { email: p.email, password: "password-sicura-1" })).status).toBe(200);
      const stored = await storyMessageIds(resumed, p.gameId);
      const missing = completed.get(p.gameId)!.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
    }
    await second.close();

    const check = new SQLite(dbFile, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    check.close();
    // Two child servers start from the TypeScript sources (6-7 s each on a loaded 2-core machine).
  }, 120_000);

  it("SQLITE_SYNCHRONOUS=FULL syncs every commit; the default is NORMAL", async () => {
    for (const [wanted, level] of [
      [undefined, 1],
      ["FULL", 2],
    ] as const) {
      const handle = openDatabase({ url: path.join(folder, `sync-${wanted ?? "default"}.sqlite`), dataDir: folder, sqliteSynchronous: wanted });
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(rows[0]!.synchronous).toBe(level);
      await handle.close();
    }
  });
});
