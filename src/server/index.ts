/**
 * Entry point (npm start): env → database → migrations → seeds → listen; SIGTERM/SIGINT stop
 * cleanly. Exits with status 1 and a message naming the bad variable on invalid configuration.
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
  const { dialect, narrator } = server.deps;
  console.log(`${env.BRAND_NAME}.ai in ascolto su ${server.url} (database: ${dialect}, narratore: ${narrator.label})`);
  if (!server.deps.webRoot) console.log("Interfaccia web non compilata: esegui `npm run build`.");

  const stop = async (signal: string) => {
    console.log(`${signal} ricevuto: chiusura in corso…`);
    await server.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

void main().catch((error: unknown) => {
  console.error("Avvio non riuscito:", error);
  process.exit(1);
});
