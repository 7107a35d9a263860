/**
 * `npm run eval` (issue 38 §5; docs/narrator-eval.md): plays N stories of M turns through the real
 * turn path and measures the narrator. A server runs in this process on a fresh SQLite file
 * (src/server/testing/harness.ts), with the narrator the settings choose (AI_* variables: the
 * provider; none: the offline storyteller) wrapped by recording-narrator.ts. The scripted player
 * (script.ts) registers over HTTP, starts a story per genre and plays it turn by turn over HTTP
 * (POST /api/games/:id/messages, read to its 'done'); each story is read back from
 * GET /api/games/:id (and its older pages), and the choice contract's outcomes from GET /metrics
 * (storie_choice_contract_total). With a judge (judge.ts) every stored narration is also scored.
 */

import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { GameView, MessagePageView, MessageView } from "../../src/shared/api-types";
import { TEMPLATE_GENRES } from "../../src/shared/genres";
import { tokensOf } from "../../src/server/domain/ai/tokens";
import { memoryIdle } from "../../src/server/domain/memory/background";
import type { ChoiceContractOutcome } from "../../src/server/platform/ops/metrics";
import { loadEnv } from "../../src/server/platform/env";
import { newGame, readEvents, registerPlayer, type TestClient, startTestServer, type TestServer } from "../../src/server/testing/harness";
import { requestTokens } from "../../src/server/testing/recall-story";
import { percentile } from "../bench-support";
import { createJudge, CRITERION_NAMES, type JudgeSettings, type Verdict } from "./judge";
import { isItalian, mean, names, proseOf, repeatedShare } from "./measures";
import { type RecordedNarration, recordingNarrator } from "./recording-narrator";
import { FACTS, playerScript, type ScriptStep } from "./script";

const OUTCOMES: readonly ChoiceContractOutcome[] = ["kept", "rewritten", "repaired", "generic"];

/** One narrated turn as the report keeps it. */
export interface TurnReport {
  turn: number;
  kind: ScriptStep["kind"];
  /** What the player sent. */
  action: string;
  /** The narration as stored (after the choice contract). */
  narration: string;
  italian: boolean;
  /** Share of its 3-grams repeated from the previous narration; null for the first. */
  repetition: number | null;
  ttftMs: number;
  /** For a question about a planted fact: the fact's word in the prompt, and in the answer. */
  fact?: { answer: string; inPrompt: boolean; mentioned: boolean };
  judge?: Verdict | null;
}

/** report.json (docs/narrator-eval.md explains every metric). */
export interface EvalReport {
  model: string;
  judgeModel: string | null;
  stories: number;
  turns: number;
  narrations: number;
  metrics: {
    choiceContractRate: number;
    repairRate: number;
    choiceOutcomes: Record<ChoiceContractOutcome, number>;
    italianRate: number;
    factRecall: number | null;
    factsAsked: number;
    factInPromptRate: number | null;
    factMentionedRate: number | null;
    repetitionRate: number | null;
    ttftMsP50: number;
    ttftMsP95: number;
    tokensPerSecond: number;
    inputTokens: number;
    outputTokens: number;
    judge?: Record<(typeof CRITERION_NAMES)[number] | "media", number | null> & { scored: number; failed: number };
  };
  transcripts: { genre: string; turns: TurnReport[] }[];
}

export interface EvalOptions {
  stories: number;
  turns: number;
  /** Where the AI_* settings, OFFLINE_WORD_DELAY_MS and the judge's are read (process.env for the command). */
  env: NodeJS.ProcessEnv;
  judge: JudgeSettings | null;
  /** Told after each turn (the command prints a dot). */
  onTurn?: () => void;
}

/** The narrator's settings of `env`: every non-empty AI_* variable, and the offline word delay (0 unless set). */
function narratorSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const ai = Object.entries(env).filter((e): e is [string, string] => e[0].startsWith("AI_") && Boolean(e[1]?.trim()));
  return { ...Object.fromEntries(ai), OFFLINE_WORD_DELAY_MS: env.OFFLINE_WORD_DELAY_MS ?? "0" };
}

/** storie_choice_contract_total by outcome, read from GET /metrics (served to a plain loopback scraper). */
async function choiceOutcomes(server: TestServer): Promise<Record<ChoiceContractOutcome, number>> {
  const response = await fetch(new URL("/metrics", server.url));
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const family = parsePrometheusTextFormat(await response.text()).find((f) => f.name === "storie_choice_contract_total");
  const value = (outcome: string) => Number(family?.metrics.find((m) => m.labels?.outcome === outcome)?.value ?? 0);
  return Object.fromEntries(OUTCOMES.map((o) => [o, value(o)])) as Record<ChoiceContractOutcome, number>;
}

/** Every narration of a story's current path, oldest first, read back over HTTP (GameView and its older pages). */
async function storedNarrations(client: TestClient, gameId: string): Promise<string[]> {
  const game = await client.json<GameView>("GET", `/api/games/${gameId}`);
  if (game.status !== 200) throw new Error(`GET /api/games/${gameId} answered ${game.status}`);
  let messages: MessageView[] = game.body.messages;
  for (let cursor = game.body.olderCursor; cursor; ) {
    const page = await client.json<MessagePageView>("GET", `/api/games/${gameId}/messages?before=${encodeURIComponent(cursor)}`);
    if (page.status !== 200) throw new Error(`GET /api/games/${gameId}/messages answered ${page.status}`);
    messages = [...page.body.messages, ...messages];
    cursor = page.body.olderCursor;
  }
  return messages.filter((m) => m.role === "assistant").map((m) => m.content);
}

/** Plays one turn over HTTP. Throws unless the narration ends with 'done' and a stored message. */
async function play(client: TestClient, gameId: string, content: string): Promise<void> {
  const response = await client.post(`/api/games/${gameId}/messages`, { content });
  if (response.status !== 200) throw new Error(`turn «${content}»: answered ${response.status} ${await response.text()}`);
  const last = (await readEvents(response)).at(-1);
  if (last?.event !== "done" || !last.data?.message) throw new Error(`turn «${content}»: ${JSON.stringify(last)}`);
  // The memory is kept in the background; a real player's next message comes seconds later.
  await memoryIdle();
}

/** Plays one story and measures its turns. Output: the turns, each with its recorded narration. */
async function playStory(server: TestServer, genre: string, turns: number, recorded: RecordedNarration[], onTurn?: () => void) {
  const player = await registerPlayer(server);
  // A story longer than a free plan's daily messages goes on.
  await server.deps.db.updateTable("user_tokens").set({ message_limit: -1 }).where("user_id", "=", player.id).execute();
  const gameId = await newGame(player.client, genre);
  const script = playerScript(turns);
  const raw: RecordedNarration[] = [];
  for (const step of script) {
    const before = recorded.length;
    await play(player.client, gameId, step.content);
    if (recorded.length !== before + 1) throw new Error(`turn «${step.content}»: ${recorded.length - before} narrations streamed, not 1`);
    raw.push(recorded[before]!);
    onTurn?.();
  }
  const stored = await storedNarrations(player.client, gameId);
  if (stored.length !== turns) throw new Error(`story ${gameId}: ${stored.length} stored narrations, not ${turns}`);
  return script.map((step, i): TurnReport & { recorded: RecordedNarration } => {
    const recordedTurn = raw[i]!;
    const prompt = [recordedTurn.system, ...recordedTurn.messages.map((m) => m.content)].join("\n");
    const answer = "fact" in step ? FACTS[step.fact]!.answer : "";
    return {
      turn: i + 1,
      kind: step.kind,
      action: step.content,
      narration: stored[i]!,
      italian: isItalian(recordedTurn.text),
      repetition: i > 0 ? repeatedShare(raw[i - 1]!.text, recordedTurn.text) : null,
      ttftMs: recordedTurn.ttftMs,
      ...(step.kind === "ask" ? { fact: { answer, inPrompt: names(prompt, answer), mentioned: names(proseOf(stored[i]!), answer) } } : {}),
      recorded: recordedTurn,
    };
  });
}

const share = (part: number, whole: number) => (whole ? part / whole : null);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Runs the eval. Input: {@link EvalOptions} (stories ≥ 1, turns ≥ 1). Output: {@link EvalReport}.
 * Throws when a turn fails (HTTP error, 'error' event) or the stored story does not match what was
 * played; the server is stopped either way.
 */
export async function runEval(options: EvalOptions): Promise<EvalReport> {
  const settings = narratorSettings(options.env);
  const recording = recordingNarrator(loadEnv(settings));
  const server = await startTestServer("sqlite", { env: settings, narrator: recording.narrator });
  const judge = options.judge ? createJudge(options.judge) : null;
  try {
    const before = await choiceOutcomes(server);
    const transcripts: EvalReport["transcripts"] = [];
    const all: (TurnReport & { recorded: RecordedNarration })[] = [];
    for (let s = 0; s < options.stories; s++) {
      const genre = TEMPLATE_GENRES[s % TEMPLATE_GENRES.length]!;
      const turns = await playStory(server, genre.toLowerCase(), options.turns, recording.narrations, options.onTurn);
      if (judge) {
        for (const [i, turn] of turns.entries()) turn.judge = await judge({ previous: turns[i - 1]?.narration ?? "", action: turn.action, narration: turn.narration });
      }
      all.push(...turns);
      transcripts.push({ genre, turns: turns.map(({ recorded: _, ...turn }) => turn) });
    }
    const after = await choiceOutcomes(server);
    const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, after[o] - before[o]])) as Record<ChoiceContractOutcome, number>;
    const n = all.length;
    const asked = all.flatMap((t) => (t.fact ? [t.fact] : []));
    const repetitions = all.flatMap((t) => (t.repetition === null ? [] : [t.repetition]));
    const ttfts = all.map((t) => t.ttftMs);
    const narrationTokens = all.map((t) => t.recorded.call?.outputTokens ?? tokensOf(t.recorded.text));
    const streamSeconds = sum(all.map((t) => t.recorded.streamMs)) / 1000;
    // With a provider: every call's tokens (narrations, choice repairs, memory) as it reported them.
    // Offline: the narrations' prompts and texts counted with the project's tokenizer.
    const provider = recording.calls.length > 0;
    const inputTokens = provider ? sum(recording.calls.map((c) => c.inputTokens)) : sum(all.map((t) => requestTokens([{ role: "user", content: t.recorded.system }, ...t.recorded.messages])));
    const outputTokens = provider ? sum(recording.calls.map((c) => c.outputTokens)) : sum(narrationTokens);
    return {
      model: recording.narrator.label,
      judgeModel: options.judge?.model ?? null,
      stories: options.stories,
      turns: options.turns,
      narrations: n,
      metrics: {
        choiceContractRate: outcomes.kept / n,
        repairRate: (outcomes.repaired + outcomes.generic) / n,
        choiceOutcomes: outcomes,
        italianRate: all.filter((t) => t.italian).length / n,
        factRecall: share(asked.filter((f) => f.inPrompt && f.mentioned).length, asked.length),
        factsAsked: asked.length,
        factInPromptRate: share(asked.filter((f) => f.inPrompt).length, asked.length),
        factMentionedRate: share(asked.filter((f) => f.mentioned).length, asked.length),
        repetitionRate: mean(repetitions),
        ttftMsP50: percentile(ttfts, 50),
        ttftMsP95: percentile(ttfts, 95),
        tokensPerSecond: streamSeconds > 0 ? sum(narrationTokens) / streamSeconds : 0,
        inputTokens,
        outputTokens,
        ...(judge ? { judge: judgeAverages(all.map((t) => t.judge ?? null)) } : {}),
      },
      transcripts,
    };
  } finally {
    await server.close();
  }
}

/** The judge's averages per criterion and overall ('media'), over the valid verdicts; `failed` counts the others. */
function judgeAverages(verdicts: (Verdict | null)[]): NonNullable<EvalReport["metrics"]["judge"]> {
  const valid = verdicts.filter((v): v is Verdict => v !== null);
  const byCriterion = Object.fromEntries(CRITERION_NAMES.map((c) => [c, mean(valid.map((v) => v[c]))]));
  return { ...byCriterion, media: mean(valid.flatMap((v) => CRITERION_NAMES.map((c) => v[c]))), scored: valid.length, failed: verdicts.length - valid.length } as NonNullable<EvalReport["metrics"]["judge"]>;
}
