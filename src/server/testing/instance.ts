/**
 * A second server PROCESS for multi-instance tests: `node --import tsx src/server/testing/instance.ts`
 * with the usual environment plus TEST_PG_SCHEMA (the PostgreSQL schema to share). It prints one
 * JSON line {"url": "http://127.0.0.1:<port>"} once listening and stops cleanly on SIGTERM.
 */

import { loadEnv } from "../platform/env";
import { startServer } from "../app/server";
import { testLogger } from "./log-capture";

const server = await startServer({ env: loadEnv(), postgresSchema: process.env.TEST_PG_SCHEMA || undefined, logger: testLogger() });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
