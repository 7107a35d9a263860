/**
 * The server's metrics (issue 20 §3; DESIGN §2 operations), served by GET /metrics in the
 * Prometheus text format through prom-client. Names follow OpenTelemetry's semantic conventions
 * as its Prometheus exporter writes them (dots → underscores, unit suffix): HTTP server
 * (`http_server_request_duration_seconds`), generative AI client
 * (`gen_ai_client_token_usage`, `gen_ai_client_operation_duration_seconds`,
 * `gen_ai_client_operation_time_to_first_chunk_seconds`); what no convention names is prefixed
 * `storie_`. Node's own process metrics (event-loop lag, memory, CPU, handles) come from
 * prom-client's default collectors. One registry per server (tests run several in one process).
 */

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** How a narrated turn ended (storie_turns_total{outcome}). */
export type TurnOutcome = "completed" | "stopped" | "failed" | "timeout" | "empty" | "refused_budget";

/**
 * How a finished narration met the choice contract (storie_choice_contract_total{outcome}; issue 11
 * §3, issue 38 §5): 'kept' as the model wrote it, 'rewritten' without a call, 'repaired' by a
 * choice-repair call, 'generic' when the repair failed or was skipped (ai/choice-contract.ts).
 */
export type ChoiceContractOutcome = "kept" | "rewritten" | "repaired" | "generic";

/** Buckets for durations of a few ms to a few minutes, seconds. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160];

/** OpenTelemetry's explicit buckets for gen_ai.client.token.usage. */
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576];

/** The database pool as it is now: connections open, idle, and requests waiting for one. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  /** HTTP requests by method, route (Hono's pattern) and status, with their time to the response's headers. */
  httpRequestDuration: Histogram<"http_request_method" | "http_route" | "http_response_status_code">;
  /** Narrated turns by outcome. */
  turns: Counter<"outcome">;
  /** Finished narrations by how they met the choice contract (what `npm run eval` and operators read). */
  choiceContract: Counter<"outcome">;
  /** Whole narrations (first word to stored), seconds. */
  narrationDuration: Histogram<"outcome">;
  tokenUsage: Histogram<"gen_ai_operation_name" | "gen_ai_request_model" | "gen_ai_token_type" | "storie_purpose">;
  operationDuration: Histogram<"gen_ai_operation_name" | "gen_ai_request_model" | "storie_purpose" | "error_type">;
  timeToFirstChunk: Histogram<"gen_ai_operation_name" | "gen_ai_request_model" | "storie_purpose">;
  /** Failed provider attempts by kind, and the retries that followed some of them. */
  providerErrors: Counter<"error_type" | "storie_purpose">;
  providerRetries: Counter<"error_type" | "storie_purpose">;
  /** Open server-sent event streams (turns, live events, presence). */
  liveStreams: Gauge;
}

/**
 * Creates the metrics of one server. Input: live readers for the gauges that are read at scrape
 * time: narrations running on this instance, and the database pool. Output: {@link Metrics}.
 */
export function createMetrics(read: { runningNarrations: () => number; pool: () => PoolState }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "storie_narrations_running",
    help: "Narrations being written on this instance.",
    registers: [registry],
    collect() {
      this.set(read.runningNarrations());
    },
  });
  new Gauge({
    name: "storie_db_pool_connections",
    help: "Database connections by state (SQLite: one connection, never waiting).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = read.pool();
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP server requests, to the response's headers.",
      labelNames: ["http_request_method", "http_route", "http_response_status_code"],
      buckets: SECONDS,
      registers: [registry],
    }),
    turns: new Counter({ name: "storie_turns_total", help: "Narrated turns by outcome.", labelNames: ["outcome"], registers: [registry] }),
    choiceContract: new Counter({ name: "storie_choice_contract_total", help: "Finished narrations by how they met the choice contract.", labelNames: ["outcome"], registers: [registry] }),
    narrationDuration: new Histogram({
      name: "storie_narration_duration_seconds",
      help: "Time from a turn's charge to its narration stored (or failed).",
      labelNames: ["outcome"],
      buckets: SECONDS,
      registers: [registry],
    }),
    tokenUsage: new Histogram({
      name: "gen_ai_client_token_usage",
      help: "Number of input and output tokens used per provider call.",
      labelNames: ["gen_ai_operation_name", "gen_ai_request_model", "gen_ai_token_type", "storie_purpose"],
      buckets: TOKEN_BUCKETS,
      registers: [registry],
    }),
    operationDuration: new Histogram({
      name: "gen_ai_client_operation_duration_seconds",
      help: "Duration of provider calls, retries included.",
      labelNames: ["gen_ai_operation_name", "gen_ai_request_model", "storie_purpose", "error_type"],
      buckets: SECONDS,
      registers: [registry],
    }),
    timeToFirstChunk: new Histogram({
      name: "gen_ai_client_operation_time_to_first_chunk_seconds",
      help: "Time from a streamed provider call's start to its first piece of text.",
      labelNames: ["gen_ai_operation_name", "gen_ai_request_model", "storie_purpose"],
      buckets: SECONDS,
      registers: [registry],
    }),
    providerErrors: new Counter({ name: "storie_provider_errors_total", help: "Failed provider attempts by kind.", labelNames: ["error_type", "storie_purpose"], registers: [registry] }),
    providerRetries: new Counter({ name: "storie_provider_retries_total", help: "Provider attempts retried, by the kind of failure.", labelNames: ["error_type", "storie_purpose"], registers: [registry] }),
    liveStreams: new Gauge({ name: "storie_live_streams", help: "Open server-sent event streams.", registers: [registry] }),
  };
}

/** What a provider call was for (issue 20 §4), as the metrics' `purpose` label names it: a turn's narration and choice repair, the narrator's memory, pictures and their titles, the template helpers. */
export type AiPurpose = "narration" | "memory" | "image" | "helper";

/** Why a provider call failed, as the metrics' `kind` label and the logs name it. */
export type ProviderFailureKind = "rate_limited" | "server_error" | "connection" | "timeout" | "stream" | "client_error" | "invalid_answer";

/** Labels of one provider failure. */
export function failureLabels(kind: ProviderFailureKind, purpose: AiPurpose) {
  return { error_type: kind, storie_purpose: purpose };
}
