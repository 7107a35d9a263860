/**
 * `npm run backup -- --to DIR` and `npm run restore -- --from DIR` (issue 20 §5; README "Backups"),
 * with the site's configuration (.env, environment): DATA_DIR and DATABASE_URL.
 * - backup: a consistent snapshot of a running site into DIR (ops/backup.ts); on PostgreSQL it
 *   copies the media and the secret and says to dump the database with pg_dump;
 * - restore: checks DIR's checksums and fills the empty DATA_DIR; on PostgreSQL it says to
 *   restore the dump with pg_restore.
 * Exits 0 on success, 1 with an Italian message otherwise.
 */

import path from "node:path";
import { parseArgs } from "node:util";
import "dotenv/config";
import { sqliteFileOf } from "../platform/db/client";
import { EnvError, loadEnv } from "../platform/env";
import { BackupError, createBackup, restoreBackup } from "../platform/ops/backup";

const USAGE = "Uso: npm run backup -- --to CARTELLA  |  npm run restore -- --from CARTELLA";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { to: { type: "string" }, from: { type: "string" } } });
  const env = loadEnv();
  const sqliteFile = sqliteFileOf(env.DATABASE_URL, env.DATA_DIR);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (positionals[0] === "backup" && values.to) {
    const target = path.resolve(values.to);
    const manifest = await createBackup({ dataDir: env.DATA_DIR, sqlite: sqliteFile, appVersion: process.env.npm_package_version ?? "sconosciuta" }, target);
    console.log(`Backup completato in ${seconds()} s: ${manifest.files.length} file in ${target}.`);
    if (!manifest.files.some((f) => f.path === "auth-secret")) console.log("Attenzione: AUTH_SECRET è impostato nell'ambiente: conservalo insieme al backup, serve per la verifica in due passaggi.");
    if (!sqliteFile) console.log(`Database PostgreSQL: salvalo con pg_dump, per esempio: pg_dump -Fc "$DATABASE_URL" > "${path.join(target, "storie.dump")}"`);
    if (env.S3_BUCKET) console.log(`Le immagini sono nel bucket S3 ${env.S3_BUCKET}: salvale con gli strumenti del fornitore.`);
    return;
  }
  if (positionals[0] === "restore" && values.from) {
    const manifest = await restoreBackup(path.resolve(values.from), path.resolve(env.DATA_DIR), sqliteFile ?? undefined);
    console.log(`Ripristino completato in ${seconds()} s: ${manifest.files.length} file verificati e copiati in ${path.resolve(env.DATA_DIR)} (backup del ${manifest.createdAt}).`);
    if (manifest.database.dialect === "postgres" || !sqliteFile) {
      console.log('Database PostgreSQL: ripristinalo con pg_restore, per esempio: pg_restore --clean -d "$DATABASE_URL" storie.dump');
    }
    return;
  }
  throw new BackupError(USAGE);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof EnvError ? error.message : error);
  process.exit(1);
});
