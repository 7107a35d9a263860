/**
 * 'Gioca insieme' across two server instances on one PostgreSQL (issue 24 "Quality bar": players
 * on different instances see each other's messages, votes, presence and the streamed narration
 * within 300 ms on loopback). Prints a table; a report, not a test.
 *
 * Instance A runs in this process, instance B in another Node process on the same schema. The host
 * plays on A, a friend on B, each with GET /api/events open. ROUNDS times, measured on loopback:
 *  - side note on B → 'group.changed' on A's host (what carries messages, votes and presence);
 *  - vote on B → 'group.changed' on A's host;
 *  - presence: B's game page opens the story → 'group.changed' on A's host;
 *  - narration: B hears 'group.narration' and opens its GET /live; the first narrated word there
 *    after the first one on the host's turn stream on A, and its end there after the end on A
 *    (the text between flows through the run's row: saved every RUN_FLUSH_MS, read every RUN_POLL_MS).
 * Usage: npm run bench:group-instances (needs PostgreSQL, see benchDialects; BENCH_QUICK=1: 2 rounds).
 */

import { newGame, openLive, readEvents, registerPlayer, startServerProcess, startTestServer, TestClient } from "../src/server/testing/harness";
import { startBenchProvider } from "./bench-provider";
import { benchDialects, expectOk, okBody, percentile, sized } from "./bench-support";

const ROUNDS = sized(30, 2);
const TOKENS_PER_SECOND = 40;

if (!(await benchDialects()).includes("postgres")) process.exit(0);
// A report that never ends is a failure, not a hang.
setTimeout(() => {
  console.error("bench:group-instances: no result within 5 minutes");
  process.exit(1);
}, 300_000).unref();
const provider = await startBenchProvider();
provider.set({ tokensPerSecond: TOKENS_PER_SECOND });
const secret = "bench-group-instances-".padEnd(40, "x");
const env = { AUTH_SECRET: secret, AI_BASE_URL: provider.url, AI_MODEL: "bench-model", AUTH_RATE_LIMIT: "off" };
const a = await startTestServer("postgres", { env });
const b = await startServerProcess(a, env);
const samples: Record<string, number[]> = { "side note B → A": [], "vote B → A": [], "presence B → A": [], "narration: first word on A → on B": [], "narration: end on A → on B": [] };
try {
  const host = await registerPlayer(a);
  const friend = await registerPlayer(a);
  const onB = new TestClient(b.url);
  await expectOk(await onB.post("/api/auth/sign-in/email", { email: friend.email, password: friend.password }), "sign-in on B");
  const hostLive = await openLive(host.client);
  const friendLive = await openLive(onB);
  /** Runs `action` on B and adds to `what` the ms until the host on A hears 'group.changed'. */
  const changed = async (what: string, action: () => Promise<unknown>) => {
    hostLive.events.length = 0;
    const started = performance.now();
    const seen = hostLive.next((e) => e.event === "group.changed", 10_000);
    await action();
    await seen.catch((error: Error) => {
      throw new Error(`${what}: ${error.message}`);
    });
    samples[what]!.push(performance.now() - started);
  };
  for (let r = 0; r < ROUNDS; r++) {
    // One narration a round: keep the host under the free plan's daily messages.
    await a.deps.db.updateTable("user_tokens").set({ messages_sent: 0 }).where("user_id", "=", host.id).execute();
    const gameId = await newGame(host.client);
    const invitation = okBody(await host.client.json<{ url: string }>("POST", `/api/games/${gameId}/invitations`), "invitation");
    okBody(await onB.json("POST", `/api/invitations/${invitation.url.split("/").at(-1)}/join`, { characterName: "Bruna", characterLine: "" }), "join on B");
    okBody(await host.client.json("PUT", `/api/games/${gameId}/group`, { mode: "vote", voteSeconds: 300 }), "group mode");
    // The host's page is open too, so one vote does not close the vote.
    const hostTab = new AbortController();
    void readEvents(await host.client.request("GET", `/api/presence?tab=bench-host-${r.toString().padStart(4, "0")}&game=${gameId}`, undefined, { signal: hostTab.signal })).catch(() => undefined);
    await changed("side note B → A", async () => okBody(await onB.json("POST", `/api/games/${gameId}/notes`, { text: `Nota ${r}` }), "side note"));
    const tab = new AbortController();
    await changed("presence B → A", async () => {
      const response = await onB.request("GET", `/api/presence?tab=bench-tab-${r.toString().padStart(4, "0")}&game=${gameId}`, undefined, { signal: tab.signal });
      void readEvents(response).catch(() => undefined);
    });
    // The host starts the story on A; B hears 'group.narration' and follows it through its own /live.
    friendLive.events.length = 0;
    const told = friendLive.next((e) => e.event === "group.narration", 10_000);
    let firstOnA = 0;
    let endOnA = 0;
    const turn = host.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }).then((response) =>
      readEvents(response, (e) => {
        if (e.event === "delta") firstOnA ||= performance.now();
        if (e.event === "done") endOnA = performance.now();
      }),
    );
    await told;
    let firstOnB = 0;
    let endOnB = 0;
    await readEvents(await expectOk(await onB.get(`/api/games/${gameId}/live`), "GET /live on B"), (e) => {
      if (e.event === "delta") firstOnB ||= performance.now();
      if (e.event === "done") endOnB = performance.now();
    });
    await turn;
    samples["narration: first word on A → on B"]!.push(firstOnB - firstOnA);
    samples["narration: end on A → on B"]!.push(endOnB - endOnA);
    await changed("vote B → A", async () => okBody(await onB.json("POST", `/api/games/${gameId}/votes`, { choice: "A" }), "vote on B"));
    tab.abort();
    hostTab.abort();
  }
  hostLive.close();
  friendLive.close();
} finally {
  await b.close();
  await a.close();
  await provider.close();
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`\nTwo instances on one PostgreSQL, host on A and a friend on B, ${ROUNDS} rounds on loopback\n`);
console.log("| what | p50 | p99 | max |");
console.log("|---|---|---|---|");
for (const [what, values] of Object.entries(samples)) console.log(`| ${what} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} |`);
process.exit(0);
