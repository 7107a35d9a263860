/**
 * The server's own daily backup (issue 20 §5): with BACKUP_DIR set, a backup (ops/backup.ts)
 * into BACKUP_DIR/<date> a minute after start and then every day, keeping the BACKUP_KEEP newest.
 */

import path from "node:path";
import type SQLite from "better-sqlite3";
import type { Env } from "../env";
import { createBackup, pruneBackups } from "./backup";
import type { Logger } from "./logger";
import { DAY_MS } from "../clock";

const FIRST_BACKUP_DELAY_MS = 60_000;

/**
 * Starts the schedule. Input: the environment (BACKUP_DIR, BACKUP_KEEP, DATA_DIR), the open
 * SQLite database (null on PostgreSQL: media and secret only; the log says to use pg_dump) and
 * the logger. Output: stop(), which waits for a backup in progress. Failures are logged.
 */
export function startDailyBackup(env: Pick<Env, "BACKUP_DIR" | "BACKUP_KEEP" | "DATA_DIR">, sqlite: SQLite.Database | null, logger: Logger) {
  const dir = env.BACKUP_DIR;
  if (!dir) return { stop: async () => {} };
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      const target = path.join(dir, new Date().toISOString().replace(/[:.]/g, "-"));
      try {
        const started = performance.now();
        const manifest = await createBackup({ dataDir: env.DATA_DIR, sqlite, appVersion: process.env.npm_package_version ?? "sconosciuta" }, target);
        const removed = await pruneBackups(dir, env.BACKUP_KEEP);
        logger.info({ target, files: manifest.files.length, durationMs: Math.round(performance.now() - started), removed: removed.length }, "Backup giornaliero completato");
        if (!sqlite) logger.warn("Backup giornaliero: il database PostgreSQL va salvato con pg_dump");
      } catch (error) {
        logger.error({ err: error, target }, "Backup giornaliero non riuscito");
      }
    })();
  };
  const first = setTimeout(run, FIRST_BACKUP_DELAY_MS);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
