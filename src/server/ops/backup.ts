/**
 * Backups that restore (issue 20 §5). A backup is a folder:
 * - `storie.sqlite`: a consistent snapshot of the SQLite database taken with SQLite's online
 *   backup API (better-sqlite3 `backup()`), safe while the site is running and writing; on
 *   PostgreSQL there is no database file: the operator runs `pg_dump` (the CLI says so);
 * - `media/`: the stored images of DATA_DIR/media (an S3 bucket is backed up by its own tools);
 * - `auth-secret`: the secret of DATA_DIR that signs sessions and encrypts the two-step secrets
 *   (without it no two-step player can sign in again);
 * - `manifest.json`: format, date, the app's, Node's and SQLite's versions, the last migration,
 *   and every file with its size and SHA-256.
 * A restore fills an empty DATA_DIR from such a folder after checking every checksum, and refuses
 * a folder that is not empty, a manifest it cannot read, and any file missing or changed.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type BetterSqlite3 from "better-sqlite3";
import SQLite from "../db/sqlite-driver";

/** The manifest's format: a restore refuses other ones. */
export const BACKUP_FORMAT = 1;
export const MANIFEST = "manifest.json";
const DATABASE_FILE = "storie.sqlite";
const SECRET_FILE = "auth-secret";
const MEDIA_DIR = "media";

export interface BackupManifest {
  format: number;
  createdAt: string;
  versions: { app: string; node: string; sqlite: string | null };
  database: { dialect: "sqlite" | "postgres"; file: string | null; lastMigration: string | null };
  files: { path: string; size: number; sha256: string }[];
}

/** Refused backup or restore, with the Italian reason the CLI prints. */
export class BackupError extends Error {}

export interface BackupSource {
  dataDir: string;
  /** The SQLite database to snapshot (an open handle or the file), or null on PostgreSQL. */
  sqlite: BetterSqlite3.Database | string | null;
  /** The app's version for the manifest. */
  appVersion: string;
}

/** SHA-256 (hex) and size of a file, streamed. */
async function checksum(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return { sha256: hash.digest("hex"), size: (await fsp.stat(file)).size };
}

/** Every file under `dir`, as paths relative to `root` with forward slashes. */
async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = await fsp.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(root, `${dir}/${e.name}`) : e.isFile() ? Promise.resolve([`${dir}/${e.name}`]) : Promise.resolve([]))),
  );
  return nested.flat();
}

/** True when `dir` does not exist or holds nothing. */
async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await fsp.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries.length === 0;
}

/** The last migration applied to a SQLite database (Kysely's table), or null. */
function lastMigration(db: BetterSqlite3.Database): string | null {
  try {
    const row = db.prepare("select name from kysely_migration order by name desc limit 1").get() as { name: string } | undefined;
    return row?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * Takes a backup into `target` (created; it must not exist or be empty). Input: the source (data
 * folder, the SQLite database or null on PostgreSQL, app version). Output: the manifest written.
 * Throws BackupError when the target is not empty.
 */
export async function createBackup(source: BackupSource, target: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(target))) throw new BackupError(`La cartella ${target} non è vuota: scegline una nuova per ogni backup.`);
  await fsp.mkdir(target, { recursive: true });
  let sqliteVersion: string | null = null;
  let migration: string | null = null;
  if (source.sqlite !== null) {
    const db = typeof source.sqlite === "string" ? new SQLite(source.sqlite, { readonly: true, fileMustExist: true }) : source.sqlite;
    try {
      // The online backup API copies pages while the site keeps writing, and restarts what changed.
      await db.backup(path.join(target, DATABASE_FILE));
      sqliteVersion = (db.prepare("select sqlite_version() as v").get() as { v: string }).v;
      migration = lastMigration(db);
    } finally {
      if (typeof source.sqlite === "string") db.close();
    }
  }
  // Pictures stored before the snapshot's rows are all there; newer ones are harmless extras.
  const media = await filesUnder(source.dataDir, MEDIA_DIR);
  for (const file of media) {
    await fsp.mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await fsp.copyFile(path.join(source.dataDir, file), path.join(target, file));
  }
  const secret = path.join(source.dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) await fsp.copyFile(secret, path.join(target, SECRET_FILE), fs.constants.COPYFILE_EXCL);
  const paths = [...(source.sqlite !== null ? [DATABASE_FILE] : []), ...(fs.existsSync(secret) ? [SECRET_FILE] : []), ...media];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    versions: { app: source.appVersion, node: process.version, sqlite: sqliteVersion },
    database: { dialect: source.sqlite !== null ? "sqlite" : "postgres", file: source.sqlite !== null ? DATABASE_FILE : null, lastMigration: migration },
    files: await Promise.all(paths.map(async (p) => ({ path: p, ...(await checksum(path.join(target, p))) }))),
  };
  await fsp.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads and checks a backup's manifest. Throws BackupError when it is missing, unreadable or of another format. */
async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(from, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${path.join(from, MANIFEST)} manca o non è leggibile: non è un backup di Storie.ai.`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new BackupError(`Formato di backup non riconosciuto (${String(manifest.format)}).`);
  for (const file of manifest.files) {
    const normal = path.posix.normalize(String(file.path));
    if (normal !== file.path || normal.startsWith("..") || path.isAbsolute(normal)) throw new BackupError(`Percorso non valido nel manifest: ${String(file.path)}`);
  }
  return manifest;
}

/**
 * Checks every file of a backup against its manifest (size and SHA-256). Output: the manifest.
 * Throws BackupError naming the first file missing or changed.
 */
export async function verifyBackup(from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  for (const file of manifest.files) {
    const actual = await checksum(path.join(from, file.path)).catch(() => null);
    if (!actual) throw new BackupError(`Backup incompleto: manca ${file.path}.`);
    if (actual.size !== file.size || actual.sha256 !== file.sha256) throw new BackupError(`Backup danneggiato: ${file.path} non corrisponde al suo checksum.`);
  }
  return manifest;
}

/**
 * Restores a verified backup into an empty data folder. Input: the backup folder, the data folder,
 * and where the SQLite database goes (default `<dataDir>/storie.sqlite`). Output: the manifest.
 * Throws BackupError when the data folder is not empty, the database file exists, or the backup
 * does not match its checksums (then nothing is written).
 */
export async function restoreBackup(from: string, dataDir: string, databaseFile = path.join(dataDir, DATABASE_FILE)): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dataDir))) throw new BackupError(`DATA_DIR (${dataDir}) non è vuota: il ripristino riempie solo una cartella vuota, per non mescolare due siti.`);
  if (fs.existsSync(databaseFile)) throw new BackupError(`Il database ${databaseFile} esiste già: il ripristino non lo sovrascrive.`);
  const manifest = await verifyBackup(from);
  await fsp.mkdir(dataDir, { recursive: true });
  for (const file of manifest.files) {
    const destination = file.path === DATABASE_FILE ? databaseFile : path.join(dataDir, file.path);
    await fsp.mkdir(path.dirname(destination), { recursive: true });
    await fsp.copyFile(path.join(from, file.path), destination, fs.constants.COPYFILE_EXCL);
  }
  const secret = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) await fsp.chmod(secret, 0o600);
  return manifest;
}

/**
 * Keeps the `keep` newest backups in `dir` (folders named by their ISO date, as the daily backup
 * makes them) and removes the older ones. Output: the folders removed.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  const backups = entries.filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, MANIFEST))).map((e) => e.name);
  const old = backups.sort().reverse().slice(keep);
  for (const name of old) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  return old;
}
