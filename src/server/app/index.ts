/**
 * Entry point (npm start): env → database → migrations → seeds → listen; SIGTERM/SIGINT stop
 * cleanly within SHUTDOWN_TIMEOUT_MS (then running work is cut and the process exits). Exits with
 * status 1 and a message naming the bad variable on invalid configuration.
 *
 * A stop always ends (issue 36 finding 20): the whole of it, closing steps and the log's last
 * lines included, is bounded (SHUTDOWN_TIMEOUT_MS + CLOSE_TAIL_MS + LOG_CLOSE_MS; past that the
 * process exits with 1 whatever still hangs), and a second signal exits at once with 1. A stop
 * that ends by itself exits with 0 (a closing step that failed is in the log).
 */

import fs from "node:fs";
import path from "node:path";
import "dotenv/config";
import { EnvError, loadEnv } from "../platform/env";
import { closeLogger } from "../platform/ops/logger";
import { CLOSE_TAIL_MS, startServer } from "./server";

/** How long the log gets to write its last lines at the end of a stop, ms (a pipe nobody reads would hold it forever). */
const LOG_CLOSE_MS = 1_000;

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const webRoot = path.resolve("dist");
  const server = await startServer({ env, webRoot: fs.existsSync(path.join(webRoot, "index.html")) ? webRoot : undefined });
  const { dialect, narrator, logger } = server.deps;

  /** Ends the process now with status 1, logging `reason` and dropping the log lines not yet written. */
  const forceExit = (reason: string) => {
    logger.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, reason);
    void closeLogger(logger, 0);
    process.exit(1);
  };
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return forceExit("Seconda richiesta di chiusura: uscita immediata");
    stopping = true;
    // Not unref'd: if the stop hangs past every bound, this timer still ends the process.
    setTimeout(() => forceExit("Chiusura: tempo scaduto, uscita forzata"), env.SHUTDOWN_TIMEOUT_MS + CLOSE_TAIL_MS + LOG_CLOSE_MS);
    logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "Chiusura in corso…");
    await server.close();
    logger.info("Chiusura completata");
    await closeLogger(logger, LOG_CLOSE_MS);
    process.exit(0);
  };
  // Before the listening line: a supervisor that reads it and signals at once must find the
  // handlers in place (without them the signal's default action kills the process).
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));
  logger.info({ url: server.url, database: dialect, narrator: narrator.label }, `${env.BRAND_NAME}.ai in ascolto su ${server.url}`);
  if (!server.deps.webRoot) logger.warn("Interfaccia web non compilata: esegui `npm run build`.");
}

void main().catch((error: unknown) => {
  console.error("Avvio non riuscito:", error);
  process.exit(1);
});
