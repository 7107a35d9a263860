/**
 * The narrator as `npm run eval` sees it (issue 38 §5): the narrator the server would build from
 * the same settings (ai/narrator.ts createNarrator: the OpenAI-compatible provider, or the offline
 * storyteller when AI_BASE_URL/AI_MODEL are unset), wrapped so that each narration's request (the
 * system prompt and the messages as the narrator received them), its text as the model wrote it
 * (before the choice contract touches it) and its times are recorded. Every provider call (tokens
 * as the provider reported them, or counted; time to the first chunk) is recorded by the observer
 * the narrator is built with. Nothing else changes: prompt, memory and choice repair are the server's.
 */

import { createNarrator, type ProviderEnv } from "../../src/server/domain/ai/narrator";
import type { ProviderCall, ProviderObserver } from "../../src/server/domain/ai/provider-observer";
import type { ChatTurn, Narrator } from "../../src/server/domain/ai/types";
import type { Env } from "../../src/server/platform/env";

/** One narration as the narrator streamed it. */
export interface RecordedNarration {
  /** The system prompt sent with it. */
  system: string;
  /** The messages sent with it, oldest first (the player's message last). */
  messages: ChatTurn[];
  /** The text as the narrator wrote it. */
  text: string;
  /** From the narrator being asked to its first piece of text, ms. */
  ttftMs: number;
  /** From the first piece of text to the last, ms. */
  streamMs: number;
  /** The provider's call that streamed it (none offline). */
  call: ProviderCall | undefined;
}

/** What the recording narrator collects while the server uses it. */
export interface NarratorRecording {
  narrator: Narrator;
  /** Narrations in the order they were streamed. */
  narrations: RecordedNarration[];
  /** Every provider call that ended (narrations, choice repairs, memory), in order. */
  calls: ProviderCall[];
}

/**
 * Builds the recording narrator. Input: the provider settings (as loadEnv parses them) and the
 * offline storyteller's word delay. Output: {@link NarratorRecording}; `narrator.label` is the
 * model's name, or 'offline'. The narrator streams exactly what the wrapped one streams.
 */
export function recordingNarrator(env: ProviderEnv & Pick<Env, "OFFLINE_WORD_DELAY_MS">): NarratorRecording {
  const calls: ProviderCall[] = [];
  const narrations: RecordedNarration[] = [];
  const observer: ProviderObserver = {
    attemptFailed: () => {},
    callEnded: async (call) => void calls.push(call),
  };
  const inner = createNarrator(env, observer);
  const narrator: Narrator = Object.assign(Object.create(inner) as Narrator, {
    async *stream(request: Parameters<Narrator["stream"]>[0]) {
      const started = performance.now();
      const before = calls.length;
      let text = "";
      let first = Number.NaN;
      for await (const piece of inner.stream(request)) {
        if (Number.isNaN(first)) first = performance.now();
        text += piece;
        yield piece;
      }
      const ended = performance.now();
      narrations.push({
        system: request.system,
        messages: [...request.messages],
        text,
        ttftMs: first - started,
        streamMs: ended - first,
        call: calls.slice(before).find((call) => call.firstChunkMs !== undefined),
      });
    },
  });
  return { narrator, narrations, calls };
}
