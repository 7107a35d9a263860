/**
 * Gallery benchmark (issue 3). Prints a table; a report, not a test.
 *
 * For SQLite and PostgreSQL (PostgreSQL at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; skipped when it cannot be reached): starts the real
 * server on an empty database, fills generated_images with 100,000 rows from 200 creators, then
 * measures the server time (routing, validation, query, JSON; in-process requests, no network)
 * of GET /api/images for the first page and for a deep page (cursor after the 90,000th image),
 * 300 requests each after 30 warm-up ones: p50 and p99. Target: ≤ 10 ms.
 * Usage: npm run bench:gallery (BENCH_QUICK=1: 2,000 images from 10 creators, 20 requests per page
 * after 3 warm-up ones, the deep page after the 1,800th).
 */

import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createApp } from "../src/server/app/app";
import { createAccountRows } from "../src/server/domain/auth/account-rows";
import { encodeCursor } from "../src/server/platform/keyset-cursor";
import { startTestServer, type TestDialect } from "../src/server/testing/harness";
import { benchDialects, percentile, sized } from "./bench-support";

const IMAGES = sized(100_000, 2_000);
const CREATORS = sized(200, 10);
const RUNS = sized(300, 20);
const WARMUP = sized(30, 3);
const DEEP_POSITION = sized(90_000, 1_800);

async function run(dialect: TestDialect) {
  const server = await startTestServer(dialect);
  try {
    const db = server.deps.db;
    const users: string[] = [];
    for (let i = 0; i < CREATORS; i++) {
      const id = randomUUID();
      const now = new Date();
      const date = dialect === "postgres" ? now : now.toISOString();
      await db
        .insertInto("user")
        .values({ id, name: "b", email: `${id}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: date, updatedAt: date, isAnonymous: null })
        .execute();
      await createAccountRows(db, { id, email: `${id}@example.com` });
      await db.updateTable("profiles").set({ nickname: i % 3 === 0 ? null : `autore${i}` }).where("id", "=", id).execute();
      users.push(id);
    }
    const start = Date.UTC(2024, 0, 1);
    const fillStarted = performance.now();
    const batch = 1000;
    for (let offset = 0; offset < IMAGES; offset += batch) {
      const rows = Array.from({ length: batch }, (_, k) => {
        const n = offset + k;
        const id = randomUUID();
        return {
          id,
          user_id: users[n % CREATORS]!,
          image_url: `/media/images/bench/${id}.png`,
          prompt: `Scena numero ${n}`,
          // ~5 minutes apart, with some equal timestamps to exercise the id tie-break.
          created_at: new Date(start + Math.floor(n / 2) * 300_000).toISOString(),
          slug: `scena-numero-${n}`,
          offline: 1,
          width: 1280,
          height: 720,
        };
      });
      await db.transaction().execute((trx) => trx.insertInto("generated_images").values(rows).execute());
    }
    const fillMs = performance.now() - fillStarted;
    if (dialect === "postgres") await sql`analyze generated_images`.execute(db);

    const deepRow = await db
      .selectFrom("generated_images")
      .select(["id", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(DEEP_POSITION - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const deepCursor = encodeCursor([deepRow.created_at, deepRow.id]);
    const app = createApp(server.deps);

    async function measure(path: string) {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t = performance.now();
        const res = await app.request(path);
        const body = (await res.json()) as { items: unknown[] };
        const elapsed = performance.now() - t;
        if (res.status !== 200 || body.items.length !== 24) throw new Error(`unexpected answer ${res.status} for ${path}`);
        if (i >= WARMUP) times.push(elapsed);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99) };
    }
    const first = await measure("/api/images?limit=24");
    const deep = await measure(`/api/images?limit=24&cursor=${deepCursor}`);
    return { dialect, fillMs, first, deep };
  } finally {
    await server.close();
  }
}

const dialects = await benchDialects();

const results = [];
for (const dialect of dialects) {
  console.log(`${dialect}: inserting ${IMAGES.toLocaleString("en-US")} images…`);
  results.push(await run(dialect));
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);
console.log(`\nGallery: ${IMAGES.toLocaleString("en-US")} images, pages of 24, ${RUNS} requests per row (server time, ms)\n`);
console.log("| database   | page                        |      p50 |      p99 |");
console.log("|------------|-----------------------------|----------|----------|");
for (const r of results) {
  console.log(`| ${r.dialect.padEnd(10)} | ${"first".padEnd(27)} | ${fmt(r.first.p50)} | ${fmt(r.first.p99)} |`);
  console.log(`| ${r.dialect.padEnd(10)} | ${`deep (after the ${DEEP_POSITION.toLocaleString("en-US")}th)`.padEnd(27)} | ${fmt(r.deep.p50)} | ${fmt(r.deep.p99)} |`);
}
console.log(`\nFill: ${results.map((r) => `${r.dialect} ${(r.fillMs / 1000).toFixed(1)} s`).join(", ")}. Target: ≤ 10 ms.`);
