/**
 * Backups that restore (issue 20 §5). A backup is a folder:
 * - `storie.sqlite`: a consistent snapshot of the SQLite database taken with SQLite's online
 *   backup API (better-sqlite3 `backup()`), safe while the site is running and writing; on
 *   PostgreSQL there is no database file: the operator runs `pg_dump` (the CLI says so);
 * - `media/`: the stored images of DATA_DIR/media (an S3 bucket is backed up by its own tools);
 * - `auth-secret`: the secret of DATA_DIR that signs sessions and encrypts the two-step secrets
 *   (without it no two-step player can sign in again), and `vapid-keys.json`: the site's Web Push
 *   key pair (without it no browser subscription works any more; issue 39);
 * - `manifest.json`: format, date, the app's, Node's and SQLite's versions, the last migration,
 *   and every file with its size and SHA-256.
 * A restore fills an empty DATA_DIR from such a folder after checking every checksum, and refuses
 * a folder that is not empty, a manifest it cannot read, and any file missing or changed.
 *
 * A backup holds every account and the session secret, so only its owner reads it (issue 36
 * finding 13): folders 0700, files 0600, whatever the umask. A restore copies regular files only:
 * a symbolic link anywhere on a file's path, or a pipe, device or socket, is refused before
 * anything is written (a planted link with a matching checksum would otherwise copy a private
 * file of the machine into media/, which the site serves), and the files it writes are new
 * files, never followed links, owner-only too.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type BetterSqlite3 from "better-sqlite3";
import SQLite from "../db/sqlite-driver";
import { VAPID_KEYS_FILE } from "../push/push-transport";

/** The manifest's format: a restore refuses other ones. */
export const BACKUP_FORMAT = 1;
export const MANIFEST = "manifest.json";
const DATABASE_FILE = "storie.sqlite";
/** The site's secrets generated at the first start, kept in DATA_DIR. */
const SECRET_FILES = ["auth-secret", VAPID_KEYS_FILE];
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

/** Permissions of what a backup or a restore creates: the owner's only. */
const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** Opening flags of a file written by a backup or a restore: a new file, never through a link. */
const NEW_FILE = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;

/**
 * Creates `dir` and its missing parents with permissions 0700 whatever the umask (an existing
 * folder keeps its own). Output: nothing.
 */
async function makeOwnerOnlyFolder(dir: string): Promise<void> {
  const first = await fsp.mkdir(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  if (first === undefined) return;
  for (let current = dir; ; current = path.dirname(current)) {
    await fsp.chmod(current, OWNER_ONLY_FOLDER);
    if (current === first) return;
  }
}

/**
 * Writes `source` (bytes, or a readable stream) to the new file `destination`, 0600 whatever the
 * umask. Throws EEXIST when anything, a link included, is already there.
 */
async function writeOwnerOnly(destination: string, source: Readable | string): Promise<void> {
  const output = await fsp.open(destination, NEW_FILE, OWNER_ONLY_FILE);
  try {
    await output.chmod(OWNER_ONLY_FILE);
    await fsp.writeFile(output, source);
  } finally {
    await output.close();
  }
}

/**
 * Opens `relative` inside the backup folder `root` for reading, after checking with lstat that it
 * is a regular file reached through no symbolic link (its own path and its folders'). Output: the
 * open file, or null when it does not exist. Throws BackupError for a link or a file that is not
 * a regular one (folder, pipe, device, socket).
 */
async function openBackupFile(root: string, relative: string): Promise<fsp.FileHandle | null> {
  const file = path.join(root, relative);
  const stat = await fsp.lstat(file).catch(() => null);
  if (!stat) return null;
  const notRegular = new BackupError(`Backup rifiutato: ${relative} non è un file normale (è un collegamento simbolico o un file speciale): il ripristino copia solo file normali.`);
  const [real, realRoot] = await Promise.all([fsp.realpath(file), fsp.realpath(root)]);
  if (!stat.isFile() || real !== path.join(realRoot, relative)) throw notRegular;
  // O_NOFOLLOW and O_NONBLOCK: a file swapped for a link or a pipe since the check fails instead of being followed or waited for.
  const opened = await fsp.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  if ((await opened.stat()).isFile()) return opened;
  await opened.close();
  throw notRegular;
}

/** SHA-256 (hex) and size of an open file's bytes, streamed. */
async function checksum(file: fsp.FileHandle): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  for await (const chunk of file.createReadStream({ autoClose: false, start: 0 })) hash.update(chunk as Buffer);
  return { sha256: hash.digest("hex"), size: (await file.stat()).size };
}

/** Runs `work` on the file `file` opened by `open`, then closes it. Output: what `work` returns, or null when `open` found no file. */
async function withFile<T>(file: Promise<fsp.FileHandle | null>, work: (file: fsp.FileHandle) => Promise<T>): Promise<T | null> {
  const opened = await file;
  if (!opened) return null;
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
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
  await makeOwnerOnlyFolder(target);
  await fsp.chmod(target, OWNER_ONLY_FOLDER);
  let sqliteVersion: string | null = null;
  let migration: string | null = null;
  if (source.sqlite !== null) {
    const db = typeof source.sqlite === "string" ? new SQLite(source.sqlite, { readonly: true, fileMustExist: true }) : source.sqlite;
    try {
      // The online backup API copies pages while the site keeps writing, and restarts what changed;
      // it writes into the empty owner-only file made here (SQLite would make it 0644).
      await writeOwnerOnly(path.join(target, DATABASE_FILE), "");
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
    await makeOwnerOnlyFolder(path.dirname(path.join(target, file)));
    await writeOwnerOnly(path.join(target, file), fs.createReadStream(path.join(source.dataDir, file)));
  }
  const secrets = SECRET_FILES.filter((file) => fs.existsSync(path.join(source.dataDir, file)));
  for (const file of secrets) await writeOwnerOnly(path.join(target, file), fs.createReadStream(path.join(source.dataDir, file)));
  const paths = [...(source.sqlite !== null ? [DATABASE_FILE] : []), ...secrets, ...media];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    versions: { app: source.appVersion, node: process.version, sqlite: sqliteVersion },
    database: { dialect: source.sqlite !== null ? "sqlite" : "postgres", file: source.sqlite !== null ? DATABASE_FILE : null, lastMigration: migration },
    files: await Promise.all(paths.map(async (p) => ({ path: p, ...(await withFile(fsp.open(path.join(target, p)), checksum))! }))),
  };
  await writeOwnerOnly(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
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
 * Throws BackupError naming the first file missing, changed, or not a regular file reached
 * without a link.
 */
export async function verifyBackup(from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  for (const file of manifest.files) {
    const actual = await withFile(openBackupFile(from, file.path), checksum);
    if (!actual) throw new BackupError(`Backup incompleto: manca ${file.path}.`);
    if (actual.size !== file.size || actual.sha256 !== file.sha256) throw new BackupError(`Backup danneggiato: ${file.path} non corrisponde al suo checksum.`);
  }
  return manifest;
}

/**
 * Restores a verified backup into an empty data folder. Input: the backup folder, the data folder,
 * and where the SQLite database goes (default `<dataDir>/storie.sqlite`). Output: the manifest.
 * Throws BackupError when the data folder is not empty, the database file exists (a link there
 * too, even a dangling one), or the backup does not match its checksums or holds a link or a file
 * that is not a regular one (then nothing is written). Every file written is new (never a followed
 * link) and 0600, its folders 0700.
 */
export async function restoreBackup(from: string, dataDir: string, databaseFile = path.join(dataDir, DATABASE_FILE)): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dataDir))) throw new BackupError(`DATA_DIR (${dataDir}) non è vuota: il ripristino riempie solo una cartella vuota, per non mescolare due siti.`);
  if (await fsp.lstat(databaseFile).then(() => true, () => false)) throw new BackupError(`Il database ${databaseFile} esiste già: il ripristino non lo sovrascrive.`);
  const manifest = await verifyBackup(from);
  await makeOwnerOnlyFolder(dataDir);
  for (const file of manifest.files) {
    const destination = file.path === DATABASE_FILE ? databaseFile : path.join(dataDir, file.path);
    await makeOwnerOnlyFolder(path.dirname(destination));
    const copied = await withFile(openBackupFile(from, file.path), (input) => writeOwnerOnly(destination, input.createReadStream({ autoClose: false, start: 0 })).then(() => true));
    if (!copied) throw new BackupError(`Backup incompleto: manca ${file.path}.`);
  }
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
