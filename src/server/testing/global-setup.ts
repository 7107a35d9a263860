/**
 * Vitest global setup.
 * - PostgreSQL test schemas are dropped once, after the whole run, never while other tests run.
 *   Kysely's migrator lists the tables of every schema of the database, so a schema dropped by one
 *   test while another server starts fails that start with 'schema "…" does not exist'. Each run
 *   names its schemas t_<run>_…; teardown drops that run's.
 * - Every log line the run's servers write is kept in TEST_LOG_DIR (log-capture.ts); teardown
 *   reads them all and fails the run when one holds personal data or is not JSON (issue 20 §2,
 *   log-scan.ts).
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { personalDataIn } from "./log-scan";

/** Gives this run its schema prefix and log folder (inherited by the test workers through the environment). */
export function setup(): () => Promise<void> {
  const run = randomBytes(4).toString("hex");
  process.env.TEST_PG_RUN = run;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-logs-"));
  process.env.TEST_LOG_DIR = logDir;
  return async () => {
    try {
      await dropSchemas(run);
    } finally {
      scanLogs(logDir);
    }
  };
}

async function dropSchemas(run: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like $1", [`t\\_${run}\\_%`]);
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

/** Throws, naming the first offending lines, when a log line of the run holds what log-scan.ts forbids. */
function scanLogs(logDir: string): void {
  const problems: string[] = [];
  let lines = 0;
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), "utf8").split("\n")) {
      if (!line) continue;
      lines++;
      const problem = personalDataIn(line);
      if (problem) problems.push(`${problem}: ${line.slice(0, 300)}`);
    }
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  if (problems.length > 0) {
    throw new Error(`${problems.length} of ${lines} log lines written by the test servers break the logging rules (issue 20 §2):\n${problems.slice(0, 20).join("\n")}`);
  }
  console.log(`Log lines checked for personal data: ${lines}, none found.`);
}
