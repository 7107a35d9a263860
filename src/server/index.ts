/**
 * Entry point (npm start): env → database → migrations → seeds → listen; SIGTERM/SIGINT stop
 * cleanly within SHUTDOWN_TIMEOUT_MS (then running work is cut and the process exits). Exits with
 * status 1 and a message naming the bad variable on invalid configuration.
 */

import fs from "node:fs";
import path from "node:path";
import "dotenv/config";
import { EnvError, loadEnv } from "./env";
import { startServer } from "./server";

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
  logger.info({ url: server.url, database: dialect, narrator: narrator.label }, `${env.BRAND_NAME}.ai in ascolto su ${server.url}`);
  if (!server.deps.webRoot) logger.warn("Interfaccia web non compilata: esegui `npm run build`.");

  const stop = async (signal: string) => {
    logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "Chiusura in corso…");
    try {
      await server.close();
      logger.info("Chiusura completata");
    } catch (error) {
      logger.error({ err: error }, "Chiusura non riuscita");
    }
    logger.flush();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

void main().catch((error: unknown) => {
  console.error("Avvio non riuscito:", error);
  process.exit(1);
});
