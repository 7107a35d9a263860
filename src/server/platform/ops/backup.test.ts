/**
 * Backups that restore (issue 20 §5), through the commands an operator runs
 * (`npm run backup` / `npm run restore`, i.e. src/server/app/backup-cli.ts in its own process):
 * a backup of a SQLite site with accounts (one with two-step verification on), stories and images,
 * taken while turns are being played; a restore into an empty folder; the restored site signs the
 * two-step player in with a code, shows the stories and serves the images; a corrupted backup and
 * a non-empty DATA_DIR are refused. On PostgreSQL the backup copies the media and the secret and
 * says to dump the database with pg_dump.
 */

import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { newGame, readEvents, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import type { BackupManifest } from "./backup";

const run = promisify(execFile);

/**
 * Runs the backup CLI with a site's configuration, under `umask` (octal text, as the shell takes
 * it) when given. Output: its exit code and what it printed.
 */
async function cli(args: string[], env: Record<string, string>, umask?: string) {
  const command = [process.execPath, "--import", "tsx", "src/server/app/backup-cli.ts", ...args];
  try {
    const { stdout, stderr } = await run(umask ? "/bin/sh" : command[0]!, umask ? ["-c", `umask ${umask} && exec "$@"`, "sh", ...command] : command.slice(1), {
      env: { ...process.env, DATABASE_URL: "", S3_BUCKET: "", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `storie-${name}-`));

/** Gives a player the premium plan (scene images allowed). */
async function setPremium(server: TestServer, userId: string) {
  const limits = await server.deps.db.selectFrom("plans").select(["message_limit", "visualize_limit"]).where("id", "=", "premium").executeTakeFirstOrThrow();
  await server.deps.db.updateTable("user_tokens").set({ model: "premium", ...limits }).where("user_id", "=", userId).execute();
}

/** Plays a turn to its end. Output: its last event. */
async function turn(client: TestClient, gameId: string, content: string) {
  return (await readEvents(await client.post(`/api/games/${gameId}/messages`, { content }))).at(-1)!;
}

/** A premium player's story with a narration and a scene image (a file under DATA_DIR/media). Output: the game id. */
async function storyWithPicture(server: TestServer, player: { client: TestClient; id: string }): Promise<string> {
  await setPremium(server, player.id);
  const gameId = await newGame(player.client, "fantasy");
  expect((await turn(player.client, gameId, "/inizia")).event).toBe("done");
  expect((await turn(player.client, gameId, "/visualizza")).event).toBe("done");
  return gameId;
}

/** Every entry under `root`: its path relative to `root`, whether it is a folder, and its permission bits. */
function modesUnder(root: string): { path: string; folder: boolean; mode: number }[] {
  return fs.readdirSync(root, { recursive: true, encoding: "utf8" }).map((relative) => {
    const stat = fs.lstatSync(path.join(root, relative));
    return { path: relative, folder: stat.isDirectory(), mode: stat.mode & 0o777 };
  });
}

/** SHA-256 (hex) and size of a file's bytes, as the manifest records them. */
function digestOf(file: string) {
  const bytes = fs.readFileSync(file);
  return { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

describe("backup and restore of a SQLite site", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  const folders: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({ tokensPerSecond: 60 });
    server = await startTestServer("sqlite", { env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-backup" } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("a backup taken while turns are played restores into a site where the two-step player signs in with a code and finds the stories and images", async () => {
    // A player with two-step verification, a story and a scene image.
    const player = await registerPlayer(server);
    const enabled = await player.client.json<{ totpURI: string }>("POST", "/api/auth/two-factor/enable", { password: player.password });
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect((await player.client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
    const gameId = await storyWithPicture(server, player);
    const before = (await player.client.json("GET", `/api/games/${gameId}`)).body;
    const imageUrl: string = before.messages.find((m: { imageUrl: string | null }) => m.imageUrl).imageUrl;

    // Other players' turns are being narrated while the backup runs.
    const others = await Promise.all([registerPlayer(server), registerPlayer(server)]);
    const playing = others.map(async (other) => turn(other.client, await newGame(other.client, "horror"), "/inizia"));
    // The Web Push key pair made at the first start (issue 39): browsers subscribed with its public key.
    const pushKey = (await new TestClient(server.url).json("GET", "/api/push/key")).body.publicKey;
    const backupDir = path.join(tempDir("backup"), "copia");
    folders.push(path.dirname(backupDir));
    const backup = await cli(["backup", "--to", backupDir], { DATA_DIR: server.dataDir, DATABASE_URL: path.join(server.dataDir, "test.sqlite") });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup completato in [\d.]+ s/);
    for (const finished of await Promise.all(playing)) expect(finished.event).toBe("done");

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
    expect(manifest.database).toMatchObject({ dialect: "sqlite", file: "storie.sqlite" });
    expect(manifest.database.lastMigration).toMatch(/^00\d\d_/);
    expect(manifest.versions.node).toBe(process.version);
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(["storie.sqlite", "auth-secret", "vapid-keys.json", expect.stringMatching(/^media\//)]));

    // Restore into an empty folder, then start a site on it.
    const restored = tempDir("restored");
    folders.push(restored);
    const restore = await cli(["restore", "--from", backupDir], { DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    const site = await startServerProcess(undefined, { DATA_DIR: restored, DATABASE_URL: path.join(restored, "storie.sqlite") });
    try {
      const client = new TestClient(site.url);
      expect((await client.json("GET", "/api/push/key")).body.publicKey).toBe(pushKey);
      const signIn = await client.json("POST", "/api/auth/sign-in/email", { email: player.email, password: player.password });
      expect(signIn.body).toMatchObject({ twoFactorRedirect: true });
      // The two-step secret was encrypted with auth-secret: the restored one decrypts it.
      expect((await client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() })).status).toBe(200);
      const game = await client.json("GET", `/api/games/${gameId}`);
      expect(game.status).toBe(200);
      expect(game.body.messages.map((m: { content: string }) => m.content)).toEqual(before.messages.map((m: { content: string }) => m.content));
      const image = await fetch(new URL(imageUrl, site.url));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await site.close();
    }

    // Restoring again over a filled DATA_DIR is refused.
    const again = await cli(["restore", "--from", backupDir], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.output).toContain("non è vuota");
  });

  it("a corrupted backup is refused and nothing is written", async () => {
    const backupDir = path.join(tempDir("corrupted"), "copia");
    folders.push(path.dirname(backupDir));
    expect((await cli(["backup", "--to", backupDir], { DATA_DIR: server.dataDir, DATABASE_URL: path.join(server.dataDir, "test.sqlite") })).code).toBe(0);
    const database = path.join(backupDir, "storie.sqlite");
    const bytes = fs.readFileSync(database);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10]! + 1) % 256;
    fs.writeFileSync(database, bytes);
    const target = tempDir("untouched");
    folders.push(target);
    const refused = await cli(["restore", "--from", backupDir], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Backup danneggiato: storie.sqlite non corrisponde al suo checksum.");
    expect(fs.readdirSync(target)).toEqual([]);
    // Neither is a folder that is no backup.
    expect((await cli(["restore", "--from", target], { DATA_DIR: tempDir("vuota") })).output).toContain("non è un backup");
  });
});

describe("backups that only their owner reads, restored without following links", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let backupDir: string;
  const folders: string[] = [];
  const site = () => ({ DATA_DIR: server.dataDir, DATABASE_URL: path.join(server.dataDir, "test.sqlite") });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer("sqlite", { env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-backup" } });
    await storyWithPicture(server, await registerPlayer(server));
    // Taken under umask 000, which would leave every file readable and writable by anyone.
    backupDir = path.join(tempDir("private"), "copia");
    folders.push(path.dirname(backupDir));
    const backup = await cli(["backup", "--to", backupDir], site(), "000");
    expect(backup.code, backup.output).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("a backup is readable by its owner only, whatever the umask: folders 0700, files 0600 (issue 36 finding 13)", () => {
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    const entries = modesUnder(backupDir);
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining(["storie.sqlite", "auth-secret", "manifest.json", "media", expect.stringMatching(/^media\/.+\.png$/)]));
    for (const entry of entries) expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({ path: entry.path, mode: entry.folder ? "700" : "600" });
  });

  it("a restore refuses a symbolic link or a file that is not a regular one, and writes nothing (issue 36 finding 13)", async () => {
    // A private file of the machine, and a backup whose picture was replaced by a link to it with a matching checksum.
    const machine = tempDir("machine");
    folders.push(machine);
    const secret = path.join(machine, "segreto.txt");
    fs.writeFileSync(secret, "chiave privata della macchina");
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
    const picture = manifest.files.find((f) => f.path.startsWith("media/"))!.path;
    /** A copy of the backup, changed by `plant`. Output: its folder. */
    const planted = (plant: (copy: string) => void) => {
      const copy = path.join(tempDir("planted"), "copia");
      folders.push(path.dirname(copy));
      fs.cpSync(backupDir, copy, { recursive: true });
      plant(copy);
      return copy;
    };
    const cases = [
      {
        name: "a picture that is a link to a private file, with that file's checksum",
        from: planted((copy) => {
          fs.rmSync(path.join(copy, picture));
          fs.symlinkSync(secret, path.join(copy, picture));
          const files = manifest.files.map((f) => (f.path === picture ? { ...f, ...digestOf(secret) } : f));
          fs.writeFileSync(path.join(copy, "manifest.json"), JSON.stringify({ ...manifest, files }));
        }),
        refused: picture,
      },
      {
        name: "a media folder that is a link to a folder elsewhere",
        from: planted((copy) => {
          const elsewhere = path.join(machine, "altrove");
          fs.renameSync(path.join(copy, "media"), elsewhere);
          fs.symlinkSync(elsewhere, path.join(copy, "media"));
        }),
        refused: picture,
      },
      {
        name: "a named pipe in place of the secret",
        from: planted((copy) => {
          fs.rmSync(path.join(copy, "auth-secret"));
          execFileSync("mkfifo", [path.join(copy, "auth-secret")]);
        }),
        refused: "auth-secret",
      },
    ];
    for (const { name, from, refused } of cases) {
      const target = tempDir("restore-refused");
      folders.push(target);
      const restore = await cli(["restore", "--from", from], { DATA_DIR: target });
      expect({ name, code: restore.code }).toEqual({ name, code: 1 });
      expect(restore.output).toContain(`Backup rifiutato: ${refused} non è un file normale`);
      expect(fs.readdirSync(target)).toEqual([]);
    }
    // The database it writes is never a link either: a link planted where it goes is refused.
    const target = tempDir("restore-link");
    folders.push(target);
    const database = path.join(machine, "storie.sqlite");
    fs.symlinkSync(path.join(machine, "creato-dal-link.sqlite"), database);
    const restore = await cli(["restore", "--from", backupDir], { DATA_DIR: target, DATABASE_URL: database });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain(`Il database ${database} esiste già`);
    expect(fs.existsSync(path.join(machine, "creato-dal-link.sqlite"))).toBe(false);
    expect(fs.readdirSync(target)).toEqual([]);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("backup of a PostgreSQL site", () => {
  it("copies the secret and the media, and says to dump the database with pg_dump", async () => {
    const server = await startTestServer("postgres");
    const backupDir = path.join(tempDir("pg-backup"), "copia");
    try {
      const backup = await cli(["backup", "--to", backupDir], { DATA_DIR: server.dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL! });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain("pg_dump");
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, "manifest.json"), "utf8")) as BackupManifest;
      expect(manifest.database).toEqual({ dialect: "postgres", file: null, lastMigration: null });
      expect(manifest.files.map((f) => f.path)).toContain("auth-secret");
    } finally {
      await server.close();
      fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    }
  });
});
