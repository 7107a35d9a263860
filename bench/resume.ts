/**
 * Narration resume benchmark (issue 11 §4). Prints a table; a report, not a test.
 *
 * On each database (SQLite; PostgreSQL when reachable, see benchDialects) a player plays
 * NARRATIONS turns with the offline narrator writing a word every WORD_DELAY_MS; each time the
 * client drops after a few words and at once resumes with Last-Event-ID, on the same instance
 * and, on PostgreSQL, on a second instance in its own process. Measured per case:
 *  - resume → first delta (ms, p50/p99): how long a reconnecting reader waits for the rest;
 *  - characters lost or repeated (must be 0): received + resumed text against the stored narration;
 *  - narration_runs text behind the client at the drop (characters, p50/p99): what a page that
 *    reloads shows at once before the resume catches up;
 *  - messages charged per narration (must be 1).
 * Usage: npm run bench:resume (BENCH_QUICK=1: 2 narrations per case).
 */

import { newGame, readEvents, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../src/server/testing/harness";
import { benchDialects, expectOk, percentile, sized } from "./bench-support";

const NARRATIONS = sized(20, 2);
const WORD_DELAY_MS = "10";
const DROP_AFTER_WORDS = 8;

interface Row {
  dialect: string;
  reader: string;
  firstDelta: number[];
  lag: number[];
  lost: number;
  charged: number;
}

async function measure(server: TestServer, reader: (player: Awaited<ReturnType<typeof registerPlayer>>) => Promise<TestClient>, row: Row) {
  const player = await registerPlayer(server);
  await server.deps.db.updateTable("user_tokens").set({ message_limit: 1_000 }).where("user_id", "=", player.id).execute();
  const client = await reader(player);
  const id = await newGame(player.client);
  for (let turn = 0; turn < NARRATIONS; turn++) {
    const controller = new AbortController();
    const response = await expectOk(await player.client.request("POST", `/api/games/${id}/messages`, { content: turn === 0 ? "/inizia" : "A" }, { signal: controller.signal }), `turn ${turn}`);
    let received = "";
    await readEvents(response, (e) => {
      if (e.event === "delta") received += e.data.text;
      if (received.split(/\s+/).length > DROP_AFTER_WORDS) controller.abort();
    }).catch(() => undefined);
    const game = await client.json("GET", `/api/games/${id}`);
    if (game.status !== 200) throw new Error(`GET /api/games/:id answered ${game.status}`);
    const live = game.body.liveNarration as { text: string } | null;
    row.lag.push(received.length - (live?.text.length ?? received.length));
    const started = performance.now();
    const resumed = await expectOk(await client.request("GET", `/api/games/${id}/live`, undefined, { headers: { "Last-Event-ID": String(received.length) } }), "resume (GET /live)");
    let first: number | undefined;
    let rest = "";
    const events = await readEvents(resumed, (e) => {
      if (e.event === "delta") {
        first ??= performance.now() - started;
        rest += e.data.text;
      }
    });
    row.firstDelta.push(first ?? Number.NaN);
    const stored = events.at(-1)?.data.message?.content as string | undefined;
    if ((received + rest).trim() !== stored) row.lost++;
  }
  const me = await player.client.json("GET", "/api/me");
  row.charged = me.body.tokens.messagesSent / NARRATIONS;
}

const rows: Row[] = [];
for (const dialect of await benchDialects()) {
  const secret = "bench-resume-secret-".padEnd(40, "x");
  const a = await startTestServer(dialect, { env: { AUTH_SECRET: secret, OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS } });
  try {
    const same: Row = { dialect, reader: "same instance", firstDelta: [], lag: [], lost: 0, charged: 0 };
    await measure(a, async (player) => player.client, same);
    rows.push(same);
    if (dialect === "postgres") {
      const b = await startServerProcess(a, { AUTH_SECRET: secret, OFFLINE_WORD_DELAY_MS: WORD_DELAY_MS });
      try {
        const other: Row = { dialect, reader: "other instance", firstDelta: [], lag: [], lost: 0, charged: 0 };
        await measure(
          a,
          async (player) => {
            const onB = new TestClient(b.url);
            await expectOk(await onB.post("/api/auth/sign-in/email", { email: player.email, password: player.password }), "sign-in on the other instance");
            return onB;
          },
          other,
        );
        rows.push(other);
      } finally {
        await b.close();
      }
    }
  } finally {
    await a.close();
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`\n${NARRATIONS} narrations per case, a word every ${WORD_DELAY_MS} ms, dropped after ${DROP_AFTER_WORDS} words\n`);
console.log("| database | resumed on | resume → first delta p50 | p99 | row behind client p50 | p99 | narrations not whole | messages charged per narration |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.dialect} | ${r.reader} | ${ms(percentile(r.firstDelta, 50))} | ${ms(percentile(r.firstDelta, 99))} | ${percentile(r.lag, 50)} chars | ${percentile(r.lag, 99)} chars | ${r.lost} | ${r.charged} |`,
  );
}
process.exit(0);
