/**
 * The profile over real HTTP (issue 5 Profile; spec §2 Profile, §7 Data export and delete-user,
 * §8 Profile): personal data and nickname uniqueness, the user's games, the GDPR export (every
 * table, no secret of any kind) and account erasure (no row and no file of the user is left).
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "../../domain/accounts/erase-account";
import { EXPORTED_TABLES } from "../../domain/accounts/export-account";
import { nowIso } from "../../platform/clock";
import { withMigrationLock } from "../../platform/db/migrate";
import { ACCOUNT_ROWS } from "../../domain/policies/account-rows";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";


/** A tiny valid PNG (1×1). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe.each(DIALECTS)("profile on %s", (dialect) => {
  let server: TestServer;
  let mediaDir: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    mediaDir = path.resolve(server.deps.env.DATA_DIR, "media");
  });
  afterAll(async () => {
    await server.close();
  });

  /** Every file under the media folder, as keys relative to it. */
  function mediaFiles(): string[] {
    if (!fs.existsSync(mediaDir)) return [];
    return (fs.readdirSync(mediaDir, { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => fs.statSync(path.join(mediaDir, f)).isFile());
  }

  /** Stores an image file for the user and records it as their gallery image (factory). */
  async function storeImage(userId: string): Promise<string> {
    const { url } = await server.deps.media.put(`images/test/${randomUUID()}.png`, PNG, "image/png");
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: randomUUID(), user_id: userId, image_url: url, prompt: "Scena di prova", created_at: nowIso() } as never)
      .execute();
    return url;
  }

  async function makeAdmin(userId: string) {
    await server.deps.db
      .insertInto("user_roles")
      .values({ id: randomUUID(), user_id: userId, role: "admin", created_at: nowIso() })
      .execute();
    await server.deps.db.updateTable("user_tokens").set({ model: "admin", message_limit: -1, visualize_limit: -1 }).where("user_id", "=", userId).execute();
  }

  it("visitors get 401 on every profile endpoint", async () => {
    const visitor = new TestClient(server.url);
    for (const [method, url] of [["GET", "/api/profile"], ["PUT", "/api/profile"], ["GET", "/api/profile/games"], ["GET", "/api/profile/export"], ["DELETE", "/api/profile"]] as const) {
      const res = await visitor.json(method, url, method === "PUT" ? { nickname: "", firstName: "", lastName: "" } : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it("shows the e-mail, roles, tokens and number of games, and saves the personal data", async () => {
    const player = await registerPlayer(server);
    await newGame(player.client);
    await newGame(player.client, "giallo");
    const before = await player.client.json("GET", "/api/profile");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      email: player.email,
      nickname: null,
      firstName: null,
      lastName: null,
      roles: ["user"],
      isAdmin: false,
      gamesCount: 2,
      tokens: { plan: "base", remaining: 15 },
    });

    const saved = await player.client.json("PUT", "/api/profile", { nickname: `Lupo_${randomUUID().slice(0, 6)}`, firstName: " Mario ", lastName: "Rossi" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firstName: "Mario", lastName: "Rossi", nickname: expect.stringMatching(/^Lupo_/) });
    const again = await player.client.json("GET", "/api/profile");
    expect(again.body).toMatchObject({ firstName: "Mario", lastName: "Rossi", nickname: saved.body.nickname });
    expect((await player.client.json("GET", "/api/me")).body.user.nickname).toBe(saved.body.nickname);

    const cleared = await player.client.json("PUT", "/api/profile", { nickname: "", firstName: "", lastName: "" });
    expect(cleared.body).toMatchObject({ nickname: null, firstName: null, lastName: null });

    const bad = await player.client.json("PUT", "/api/profile", { nickname: "a b", firstName: "", lastName: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Il nickname può contenere solo lettere, numeri, punti, trattini e trattini bassi.");
  });

  it("an admin's profile shows the admin role and unlimited tokens", async () => {
    const admin = await registerPlayer(server);
    await makeAdmin(admin.id);
    const profile = await admin.client.json("GET", "/api/profile");
    expect(profile.body).toMatchObject({ roles: ["admin", "user"], isAdmin: true, tokens: { plan: "admin", remaining: null } });
  });

  it("a nickname is unique, whatever its case, even under 10 parallel saves", async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => registerPlayer(server)));
    const nickname = `Drago${randomUUID().slice(0, 6)}`;
    const answers = await Promise.all(
      players.map((p, i) => p.client.json("PUT", "/api/profile", { nickname: i % 2 ? nickname : nickname.toLowerCase(), firstName: "", lastName: "" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.error.message).toBe("Questo nickname è già in uso. Scegline un altro.");
    const holders = await server.deps.db
      .selectFrom("profiles")
      .select("id")
      .where(sql<boolean>`lower(nickname) = ${nickname.toLowerCase()}`)
      .execute();
    expect(holders).toHaveLength(1);
    // The owner may save their own nickname again.
    const owner = players[answers.findIndex((a) => a.status === 200)]!;
    const resave = await owner.client.json("PUT", "/api/profile", { nickname: answers.find((a) => a.status === 200)!.body.nickname, firstName: "X", lastName: "" });
    expect(resave.status).toBe(200);
  });

  it("lists only the user's own games, most recent first", async () => {
    const player = await registerPlayer(server);
    const other = await registerPlayer(server);
    const older = await newGame(player.client, "western");
    const newer = await newGame(player.client, "sci-fi");
    await newGame(other.client);
    await readEvents(await player.client.post(`/api/games/${older}/messages`, { content: "/inizia" }));
    const games = await player.client.json("GET", "/api/profile/games");
    expect(games.body.map((g: any) => [g.id, g.genre])).toEqual([
      [older, "Western"],
      [newer, "Sci-Fi"],
    ]);
    expect(games.body[0].progress).toBeGreaterThan(0);
    expect(games.body[0].title).toMatch(/^Nuova Avventura Western #\d{4}$/);
  });

  it("the export holds the user's rows of every table and no secret of any kind", async () => {
    const player = await registerPlayer(server);
    const other = await registerPlayer(server);
    await player.client.json("PUT", "/api/profile", { nickname: `Esporta${randomUUID().slice(0, 5)}`, firstName: "Anna", lastName: "Bianchi" });
    const gameId = await newGame(player.client);
    await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    await newGame(other.client);
    const imageUrl = await storeImage(player.id);
    const { db } = server.deps;
    const template = randomUUID();
    await db
      .insertInto("saved_games")
      .values({ id: template, user_id: other.id, title: "Template", genre: "Fantasy", is_template: 1, created_at: nowIso(), updated_at: nowIso() } as never)
      .execute();
    const notification = randomUUID();
    await db
      .insertInto("notifications")
      .values({ id: notification, title: "Ciao", content: "Benvenuti", url: null, status: "published", created_at: nowIso(), updated_at: nowIso(), published_at: nowIso() })
      .execute();
    for (const table of ["template_likes", "user_favorites"] as const) {
      await db.insertInto(table).values({ id: randomUUID(), user_id: player.id, template_id: template, created_at: nowIso() }).execute();
    }
    expect((await player.client.json("POST", `/api/notifications/${notification}/read`)).status).toBe(200);
    await db
      .insertInto("subscription_orders")
      .values({ id: randomUUID(), user_id: player.id, subscription_type: "premium", amount: "9.99", status: "completed", created_at: nowIso() })
      .execute();

    const response = await player.client.get("/api/profile/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="i_miei_dati_storieai.json"');
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.warnings).toEqual([]);
    expect(data.account).toMatchObject({ id: player.id, email: player.email, emailVerified: true, loginMethods: [{ providerId: "credential" }] });
    expect(data.sessions.length).toBeGreaterThan(0);
    for (const table of ["profiles", "saved_games", "chat_messages", "user_tokens", "user_roles", "template_likes", "user_favorites", "generated_images", "notification_reads"]) {
      expect(data.tables[table], table).toBeInstanceOf(Array);
      expect(data.tables[table].length, table).toBeGreaterThan(0);
    }
    // Every table the account-rows rule exports is in the file (issue 36), empty or not.
    expect(Object.keys(data.tables).sort()).toEqual([...EXPORTED_TABLES].sort());
    expect(data.tables.profiles[0]).toMatchObject({ first_name: "Anna", last_name: "Bianchi" });
    expect(data.tables.saved_games.map((g: any) => g.id)).toEqual([gameId]);
    expect(data.tables.chat_messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
    expect(data.tables.generated_images[0].image_url).toBe(imageUrl);
    expect(data.tables.notification_reads[0].notification_id).toBe(notification);
    expect(data.tables.subscription_orders).toHaveLength(1);
    // Nothing of anyone else.
    expect(text).not.toContain(other.id);

    // No secret of any kind: no password hash, no session token, no provider token, no key named so.
    const credential = await db.selectFrom("account").select("password").where("userId", "=", player.id).executeTakeFirstOrThrow();
    const sessions = await db.selectFrom("session").select("token").where("userId", "=", player.id).execute();
    expect(credential.password).toBeTruthy();
    expect(text).not.toContain(credential.password!);
    expect(text).not.toContain(credential.password!.split(":").at(-1)!);
    for (const s of sessions) expect(text).not.toContain(s.token);
    expect(text).not.toContain(server.deps.env.AUTH_SECRET ?? fs.readFileSync(path.join(server.deps.env.DATA_DIR, "auth-secret"), "utf8").trim());
    const keys = new Set<string>();
    JSON.parse(text, (key, value) => {
      keys.add(key.toLowerCase());
      return value;
    });
    for (const secret of ["password", "token", "accesstoken", "refreshtoken", "idtoken", "secret", "hash"]) expect(keys.has(secret), secret).toBe(false);
  });

  it("the export holds the player's seat, character and side notes in another player's story (issue 36)", async () => {
    const host = await registerPlayer(server);
    const player = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const invitation = await host.client.json("POST", `/api/games/${gameId}/invitations`);
    expect((await player.client.json("POST", `/api/invitations/${invitation.body.url.split("/").at(-1)}/join`, { characterName: "Bruna", characterLine: "Una ladra gentile." })).status).toBe(200);
    expect((await player.client.json("POST", `/api/games/${gameId}/notes`, { text: "Io vado a sinistra." })).status).toBe(201);
    const data = (await player.client.json("GET", "/api/profile/export")).body;
    expect(data.tables.game_players).toEqual([expect.objectContaining({ game_id: gameId, user_id: player.id, character_name: "Bruna", character_line: "Una ladra gentile." })]);
    expect(data.tables.side_notes).toEqual([expect.objectContaining({ game_id: gameId, user_id: player.id, text: "Io vado a sinistra." })]);
    expect(data.tables.saved_games).toEqual([]);
  });

  it("a table that cannot be read is skipped with a warning inside the file", async () => {
    const broken = await startTestServer(dialect);
    try {
      const player = await registerPlayer(broken);
      // DDL under the migration lock: another test's server reading the catalogue to migrate
      // would otherwise meet a table that vanishes mid-read (seen in CI: 'relation … does not exist').
      await withMigrationLock(broken.deps.db, (db) => db.schema.dropTable("user_favorites").execute());
      const response = await player.client.get("/api/profile/export");
      expect(response.status).toBe(200);
      const data = await response.json();
      expect(data.warnings).toEqual([{ table: "user_favorites", message: expect.stringContaining("Tabella non esportata") }]);
      expect(data.tables.user_favorites).toBeUndefined();
      expect(data.tables.profiles).toHaveLength(1);
      expect(data.tables.user_tokens).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });

  it("deleting the account leaves no row with the user's id in any table and none of their files", async () => {
    const player = await registerPlayer(server);
    const bystander = await registerPlayer(server);
    await player.client.json("PUT", "/api/profile", { nickname: `Via${randomUUID().slice(0, 6)}`, firstName: "", lastName: "" });
    const gameId = await newGame(player.client);
    await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    const own = [await storeImage(player.id), await storeImage(player.id)];
    await server.deps.db.updateTable("chat_messages").set({ image_url: own[0]! }).where("game_id", "=", gameId).where("role", "=", "assistant").execute();
    const theirs = await storeImage(bystander.id);
    const { db } = server.deps;
    const template = randomUUID();
    await db
      .insertInto("saved_games")
      .values({ id: template, user_id: bystander.id, title: "Template", genre: "Fantasy", is_template: 1, likes_count: 1, created_at: nowIso(), updated_at: nowIso() } as never)
      .execute();
    await db.insertInto("template_likes").values({ id: randomUUID(), user_id: player.id, template_id: template, created_at: nowIso() }).execute();
    await db.insertInto("user_favorites").values({ id: randomUUID(), user_id: player.id, template_id: template, created_at: nowIso() }).execute();
    await db.insertInto("audit_log").values({ id: randomUUID(), user_id: player.id, action: "admin.denied", detail: "GET /api/admin/check", ip: "127.0.0.1", created_at: nowIso() }).execute();
    await db.insertInto("verification").values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: player.id, expiresAt: new Date(Date.now() + 3600_000).toISOString(), createdAt: nowIso(), updatedAt: nowIso() }).execute();
    // A second signed-in browser of the same user.
    const otherBrowser = new TestClient(server.url);
    expect((await otherBrowser.post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
    const filesBefore = mediaFiles();
    expect(filesBefore.length).toBeGreaterThanOrEqual(3);

    const deleted = await player.client.request("DELETE", "/api/profile", { password: player.password });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((c) => /session_token=;|max-age=0/i.test(c))).toBe(true);

    for (const { table, column } of ACCOUNT_ROWS) {
      const rows = await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("n"))
        .where(sql.ref(column), "=", player.id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n), `${table}.${column}`).toBe(0);
    }
    expect(await db.selectFrom("verification").select("id").where("value", "=", player.id).execute()).toEqual([]);
    expect(await db.selectFrom("chat_messages").select("id").where("game_id", "=", gameId).execute()).toEqual([]);
    const keyOf = (url: string) => url.replace(/^\/media\//, "");
    const filesAfter = mediaFiles();
    for (const url of own) expect(filesAfter).not.toContain(keyOf(url));
    expect(filesAfter).toContain(keyOf(theirs));
    // Others' data stays; the template lost the user's like.
    expect((await db.selectFrom("saved_games").select("likes_count").where("id", "=", template).executeTakeFirstOrThrow()).likes_count).toBe(0);
    expect((await bystander.client.json("GET", "/api/profile")).status).toBe(200);

    // Signed out everywhere, and the account cannot sign in again.
    expect((await player.client.json("GET", "/api/me")).status).toBe(401);
    const signIn = await new TestClient(server.url).post("/api/auth/sign-in/email", { email: player.email, password: player.password });
    expect(signIn.status).toBe(401);
  });

  it("an admin's templates stay, owned by no one, with their cover file", async () => {
    const admin = await registerPlayer(server);
    await makeAdmin(admin.id);
    const cover = await storeImage(admin.id);
    const template = randomUUID();
    await server.deps.db
      .insertInto("saved_games")
      .values({ id: template, user_id: admin.id, title: "Il castello", genre: "Fantasy", is_template: 1, cover_image_url: cover, created_at: nowIso(), updated_at: nowIso() } as never)
      .execute();
    const personal = await newGame(admin.client);

    const result = await eraseAccount(server.deps, admin.id);
    expect(result).toEqual({ deletedFiles: 0, keptFiles: 1 });
    const kept = await server.deps.db.selectFrom("saved_games").select(["user_id", "cover_image_url"]).where("id", "=", template).executeTakeFirst();
    expect(kept).toEqual({ user_id: null, cover_image_url: cover });
    expect(mediaFiles()).toContain(cover.replace(/^\/media\//, ""));
    expect(await server.deps.db.selectFrom("saved_games").select("id").where("id", "=", personal).execute()).toEqual([]);
    expect(await eraseAccount(server.deps, admin.id)).toBeNull();
  });
});
