/**
 * The server's ProviderObserver (issue 20 §1, §3, §4): each failed provider attempt is logged
 * with the model, the provider's HTTP status and the start of its body (never the request, never
 * the key) and counted by kind; each finished call feeds the GenAI metrics and adds its tokens
 * to the ai_usage row of the player whose request made it (ops/logger.ts request scope).
 */

import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema";
import type { Logger } from "../../platform/ops/logger";
import { currentUserId } from "../../platform/ops/logger";
import { failureLabels, type Metrics } from "../../platform/ops/metrics";
import type { ProviderObserver } from "./provider-observer";
import { recordUsage } from "./usage";

/** Creates the observer. Input: the database (usage rows), the logger and the metrics. */
export function createProviderTelemetry(deps: { db: Kysely<Database>; logger: Logger; metrics: Metrics }): ProviderObserver {
  const { db, logger, metrics } = deps;
  return {
    attemptFailed({ purpose, model, error, retryInMs }) {
      metrics.providerErrors.inc(failureLabels(error.kind, purpose));
      if (retryInMs !== undefined) metrics.providerRetries.inc(failureLabels(error.kind, purpose));
      const fields = { purpose, model, kind: error.kind, status: error.details.status, providerBody: error.details.body, retryInMs };
      if (retryInMs !== undefined) logger.warn(fields, `Fornitore AI: ${error.message}, nuovo tentativo`);
      else logger.error(fields, `Fornitore AI: ${error.message}`);
    },
    async callEnded(call) {
      const model = call.model;
      const operation = { gen_ai_operation_name: call.operation, gen_ai_request_model: model, storie_purpose: call.purpose };
      metrics.operationDuration.observe({ ...operation, error_type: call.error?.kind ?? "" }, call.durationMs / 1000);
      if (call.firstChunkMs !== undefined) metrics.timeToFirstChunk.observe(operation, call.firstChunkMs / 1000);
      if (call.inputTokens + call.outputTokens === 0) return;
      metrics.tokenUsage.observe({ ...operation, gen_ai_token_type: "input" }, call.inputTokens);
      metrics.tokenUsage.observe({ ...operation, gen_ai_token_type: "output" }, call.outputTokens);
      try {
        await recordUsage(db, { model, purpose: call.purpose, userId: currentUserId(), inputTokens: call.inputTokens, outputTokens: call.outputTokens });
      } catch (error) {
        logger.error({ err: error, purpose: call.purpose, model }, "Utilizzo AI non registrato");
      }
    },
  };
}
