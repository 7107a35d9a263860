/**
 * What the AI clients report about each provider call (issue 20 §1, §3, §4): failed attempts
 * and retries (logs, metrics) and every finished call with its tokens and times (metrics, the
 * ai_usage rows, the daily budget). The server's implementation is ai/provider-telemetry.ts;
 * tests and scripts may pass none.
 */

import type { AiPurpose } from "../../platform/ops/metrics";
import type { ProviderError } from "./provider-retry";


/** A finished call (successful or not). */
export interface ProviderCall {
  purpose: AiPurpose;
  /** OpenTelemetry gen_ai.operation.name: 'chat' or 'generate_content' (pictures). */
  operation: "chat" | "generate_content";
  /** The model that answered (a fallback model when the main one kept failing). */
  model: string;
  durationMs: number;
  /** Streamed calls: time to the first piece of text, ms. */
  firstChunkMs?: number;
  inputTokens: number;
  outputTokens: number;
  /** True when the provider's `usage` gave the counts; false when they were counted with the tokenizer. */
  reported: boolean;
  /** The failure that ended the call, if any (tokens are then what was sent and received). */
  error?: ProviderError;
}

/** A failed attempt: logged with the provider's status and body (never the key), counted by kind. */
export interface ProviderAttemptFailure {
  purpose: AiPurpose;
  model: string;
  error: ProviderError;
  /** The wait before the next attempt, ms; undefined when none follows. */
  retryInMs?: number;
}

export interface ProviderObserver {
  attemptFailed(failure: ProviderAttemptFailure): void;
  /** Resolves once the call is recorded (its usage row written), so a turn's usage is stored before the turn ends. */
  callEnded(call: ProviderCall): Promise<void>;
}

/** An observer that records nothing. */
export const NO_OBSERVER: ProviderObserver = { attemptFailed: () => {}, callEnded: async () => {} };
