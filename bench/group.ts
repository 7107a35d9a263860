/**
 * 'Gioca insieme' benchmark (issue 24). Prints a table; a report, not a test.
 *
 * On each database (SQLite; PostgreSQL when reachable, see benchDialects) one server instance
 * holds GROUPS groups of 4 players, each player with GET /api/events open. For ROUNDS rounds all
 * groups vote at once: three players vote, then the fourth; the host's page hears
 * `group.narration`, opens GET /api/games/:id/live and reads the narration, which the bench
 * provider streams at TOKENS_PER_SECOND. Measured:
 *  - last vote → first narrated word (ms, p50/p99): from sending the fourth vote to the first
 *    'delta' on the host's /live, through the live event;
 *  - memory per player: the process's heap (after GC) with every player connected, minus the heap
 *    before the players existed, divided by the players (clients and server share this process).
 * Usage: npm run bench:group (BENCH_QUICK=1: 3 groups, 2 rounds).
 */

import { newGame, openLive, readEvents, registerPlayer, startTestServer, type LiveStream, type TestServer } from "../src/server/testing/harness";
import { startBenchProvider } from "./bench-provider";
import { benchDialects, expectOk, okBody, percentile, sized } from "./bench-support";

const GROUPS = sized(50, 3);
const PLAYERS_PER_GROUP = 4;
const ROUNDS = sized(3, 2);
const TOKENS_PER_SECOND = 40;

type Player = Awaited<ReturnType<typeof registerPlayer>>;

interface Group {
  gameId: string;
  players: Player[];
  hostLive: LiveStream;
}

const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

/** A host's story with three more players joined through an invitation, in 'voto', started. */
async function makeGroup(server: TestServer): Promise<Group & { lives: LiveStream[] }> {
  const host = await registerPlayer(server);
  const gameId = await newGame(host.client);
  const invitation = okBody(await host.client.json<{ url: string }>("POST", `/api/games/${gameId}/invitations`), "invitation");
  const token = invitation.url.split("/").at(-1)!;
  const players = [host];
  for (let i = 1; i < PLAYERS_PER_GROUP; i++) {
    const player = await registerPlayer(server);
    okBody(await player.client.json("POST", `/api/invitations/${token}/join`, { characterName: `Eroe ${i}`, characterLine: "" }), "join");
    players.push(player);
  }
  okBody(await host.client.json("PUT", `/api/games/${gameId}/group`, { mode: "vote", voteSeconds: 300 }), "group mode");
  const started = await readEvents(await expectOk(await host.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }), "first turn"));
  if (started.at(-1)?.event !== "done") throw new Error(`first turn failed: ${JSON.stringify(started.at(-1))}`);
  const lives = await Promise.all(players.map((p) => openLive(p.client)));
  return { gameId, players, hostLive: lives[0]!, lives };
}

/** One round of one group. Output: ms from the last vote to the first narrated word on the host's /live. */
async function round(group: Group): Promise<number> {
  const host = group.players[0]!;
  const last = group.players.at(-1)!;
  const vote = async (p: Player, choice: string) => okBody(await p.client.json("POST", `/api/games/${group.gameId}/votes`, { choice }), "vote");
  await Promise.all(group.players.slice(0, -1).map((p) => vote(p, "A")));
  group.hostLive.events.length = 0;
  const started = performance.now();
  const narration = group.hostLive.next((e) => e.event === "group.narration", 30_000);
  await vote(last, "B");
  await narration;
  let first: number | undefined;
  await readEvents(await expectOk(await host.client.get(`/api/games/${group.gameId}/live`), "GET /live"), (e) => {
    if (e.event === "delta") first ??= performance.now() - started;
  });
  return first ?? Number.NaN;
}

const rows: { dialect: string; latency: number[]; perPlayerKb: number }[] = [];
const provider = await startBenchProvider();
provider.set({ tokensPerSecond: TOKENS_PER_SECOND });
for (const dialect of await benchDialects()) {
  const server = await startTestServer(dialect, { env: { AI_BASE_URL: provider.url, AI_MODEL: "bench-model", AUTH_RATE_LIMIT: "off" } });
  try {
    const before = heap();
    const groups: (Group & { lives: LiveStream[] })[] = [];
    for (let g = 0; g < GROUPS; g++) groups.push(await makeGroup(server));
    const perPlayerKb = (heap() - before) / (GROUPS * PLAYERS_PER_GROUP) / 1024;
    const latency: number[] = [];
    for (let r = 0; r < ROUNDS; r++) latency.push(...(await Promise.all(groups.map(round))));
    rows.push({ dialect, latency, perPlayerKb });
    for (const group of groups) for (const live of group.lives) live.close();
  } finally {
    await server.close();
  }
}
await provider.close();

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`\n${GROUPS} groups of ${PLAYERS_PER_GROUP} players on one instance, ${ROUNDS} votes each, narration streamed at ${TOKENS_PER_SECOND} tokens/s\n`);
console.log("| database | last vote → first narrated word p50 | p99 | rounds | memory per player (heap) |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.dialect} | ${ms(percentile(r.latency, 50))} | ${ms(percentile(r.latency, 99))} | ${r.latency.length} | ${r.perPlayerKb.toFixed(0)} KB |`);
process.exit(0);
