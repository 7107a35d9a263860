/**
 * The provider every turn benchmark talks to: the fake OpenAI-compatible server over HTTP
 * (src/server/testing/fake-openai.ts) answering a narration that keeps the choice contract, and
 * answering the narrator memory's fact requests (structured output, response_format) with valid
 * JSON facts, as a real model does; otherwise every turn would also pay for a failed extraction.
 */

import { type FakeOpenAI, startFakeOpenAI } from "../src/server/testing/fake-openai";

export const BENCH_NARRATION = "La torre si staglia nel cielo.\n\n1. Entra\n2. Aspetta\n3. Fuggi";
const BENCH_FACTS = JSON.stringify({ facts: [{ name: "La torre", kind: "luogo", summary: "Una torre che si staglia nel cielo." }] });

/** Starts the benchmark provider on a free port of 127.0.0.1 (instant answers; `set` changes the pace). */
export function startBenchProvider(): Promise<FakeOpenAI> {
  return startFakeOpenAI({ text: BENCH_NARRATION, respond: (body) => (body?.response_format ? { text: BENCH_FACTS, firstTokenDelayMs: 0, tokensPerSecond: 0 } : undefined) });
}
