/**
 * Server CPU of a narrated turn, phase by phase (issue 12 Server; part of `npm run bench:turn`).
 * Run by bench/turn.ts in its own process: `tsx bench/turn-phases.ts <AI_BASE_URL> <turns> <dialect>`;
 * prints one JSON line {dialect, turns, phases: {name: CPU ms per turn}}.
 *
 * It starts the real server in this process on a fresh database (SQLite, or PostgreSQL at
 * TEST_DATABASE_URL), registers a player through the API, then plays `turns` turns one after
 * another by calling the very functions the turn route calls, reading this process's CPU time
 * (process.cpuUsage: user + system, every thread) between them. The fake provider runs in the
 * parent process, so its own CPU is not counted. What the HTTP stack adds (routing, middleware,
 * validation, the SSE writes) is what bench/turn.ts measures end to end minus the sum of these.
 */

import { memoryIdle } from "../src/server/domain/memory/background";
import type { Narrator } from "../src/server/domain/ai/types";
import { sessionUser } from "../src/server/domain/auth/middleware";
import { updateRunRow } from "../src/server/features/games/narration-runs.service";
import { narrateTurn, prepareTurn } from "../src/server/features/games/turn.service";
import { admitSpending } from "../src/server/domain/policies/spending";
import { signInCookie, sized } from "./bench-support";
import { newGame, readEvents, registerPlayer, startTestServer, type TestDialect } from "../src/server/testing/harness";

export const PHASES = {
  session: "session check (cookie signature, session + user row)",
  prepare: "spending gate (budget, role), game load + ownership, quota, player's message stored, narration_runs row started",
  prompt: "prompt: narrator settings, path, facts, recap, token budget",
  provider: "provider call + stream parsing, choice contract",
  persist: "narration stored, narration_runs row ended",
  memory: "narrator memory (facts, recap; in the background)",
} as const;
export type Phase = keyof typeof PHASES;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function main() {
  const [aiBaseUrl, turnsArg, dialectArg] = process.argv.slice(2);
  const turns = Number(turnsArg ?? 200);
  const dialect = (dialectArg ?? "sqlite") as TestDialect;
  const server = await startTestServer(dialect, { env: { AI_BASE_URL: aiBaseUrl!, AI_MODEL: "fake-model" } });
  try {
    const { deps } = server;
    const player = await registerPlayer(server);
    await deps.db.updateTable("user_tokens").set({ model: "admin", message_limit: -1 }).where("user_id", "=", player.id).execute();
    const gameId = await newGame(player.client, "fantasy");
    await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    // The session cookie as the browser sends it.
    const cookie = await signInCookie(server.url, player.email, player.password);
    const headers = new Headers({ cookie });

    const marks: { prompt: number; provider: number } = { prompt: 0, provider: 0 };
    const narrator: Narrator = {
      ...deps.narrator,
      async *stream(request) {
        marks.prompt = cpuMs();
        yield* deps.narrator.stream(request);
        marks.provider = cpuMs();
      },
    };
    const totals: Record<Phase, number> = { session: 0, prepare: 0, prompt: 0, provider: 0, persist: 0, memory: 0 };
    const warmUp = sized(20, 2);
    for (let i = 0; i < warmUp + turns; i++) {
      const t0 = cpuMs();
      const user = await sessionUser(deps, headers);
      if (!user) throw new Error("session refused");
      const t1 = cpuMs();
      const { pass } = await admitSpending(deps, { actorId: user.id, purpose: "turn" });
      const turn = await prepareTurn(deps.db, user.id, gameId, { content: "A" }, pass);
      const t2 = cpuMs();
      let text = "";
      // As live-narration.ts does: the run's row ends in the transaction that stores the narration.
      await narrateTurn(deps.db, turn, {
        narrator,
        connectTimeoutMs: deps.env.AI_CONNECT_TIMEOUT_MS,
        idleTimeoutMs: deps.env.AI_IDLE_TIMEOUT_MS,
        clientSignal: new AbortController().signal,
        onDelta: (piece) => void (text += piece),
        whenStored: (trx, stored) => updateRunRow(trx, gameId, turn.runId, { text, status: "done", message_id: stored.messageId, stopped: stored.stopped ? 1 : 0 }),
      });
      const t3 = cpuMs();
      await memoryIdle();
      const t4 = cpuMs();
      if (i < warmUp) continue;
      totals.session += t1 - t0;
      totals.prepare += t2 - t1;
      totals.prompt += marks.prompt - t2;
      totals.provider += marks.provider - marks.prompt;
      totals.persist += t3 - marks.provider;
      totals.memory += t4 - t3;
    }
    const phases = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / turns]));
    console.log(JSON.stringify({ dialect, turns, phases }));
  } finally {
    await server.close();
  }
}

// Run as a script (bench/turn.ts imports PHASES only).
if (process.argv[1]?.endsWith("turn-phases.ts")) await main();
