/**
 * Backups that restore (issue 20 §5), through the commands an operator runs
 * (`npm run backup` / `npm run restore`, i.e. src/server/ops/backup-cli.ts in its own process):
 * a backup of a SQLite site with accounts (one with two-step verification on), stories and images,
 * taken while turns are being played; a restore into an empty folder; the restored site signs the
 * two-step player in with a code, shows the stories and serves the images; a corrupted backup and
 * a non-empty DATA_DIR are refused. On PostgreSQL the backup copies the media and the secret and
 * says to dump the database with pg_dump.
 */

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../testing/fake-openai";
import { newGame, readEvents, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../testing/harness";
import type { BackupManifest } from "./backup";

const run = promisify(execFile);

/** Runs the backup CLI with a site's configuration. Output: its exit code and what it printed. */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/server/ops/backup-cli.ts", ...args], {
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
    await setPremium(server, player.id);
    const gameId = await newGame(player.client, "fantasy");
    expect((await turn(player.client, gameId, "/inizia")).event).toBe("done");
    expect((await turn(player.client, gameId, "/visualizza")).event).toBe("done");
    const before = (await player.client.json("GET", `/api/games/${gameId}`)).body;
    const imageUrl: string = before.messages.find((m: { imageUrl: string | null }) => m.imageUrl).imageUrl;

    // Other players' turns are being narrated while the backup runs.
    const others = await Promise.all([registerPlayer(server), registerPlayer(server)]);
    const playing = others.map(async (other) => turn(other.client, await newGame(other.client, "horror"), "/inizia"));
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
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(["storie.sqlite", "auth-secret", expect.stringMatching(/^media\//)]));

    // Restore into an empty folder, then start a site on it.
    const restored = tempDir("restored");
    folders.push(restored);
    const restore = await cli(["restore", "--from", backupDir], { DATA_DIR: restored });
    expect(restore.code, restore.output).toBe(0);
    const site = await startServerProcess(undefined, { DATA_DIR: restored, DATABASE_URL: path.join(restored, "storie.sqlite") });
    try {
      const client = new TestClient(site.url);
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
