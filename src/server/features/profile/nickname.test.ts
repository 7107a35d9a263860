/**
 * Nickname uniqueness by a normalised key (issue 9; spec §5 'Profile nickname: unique', §8
 * 'Questo nickname è già in uso. Scegline un altro.'): 'Élise' and 'élise' are one nickname on
 * SQLite and PostgreSQL alike, and migration 0007 fills the key of existing profiles, renaming
 * later holders of a colliding nickname instead of dropping it.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveNicknameCollisions } from "../../../../migrations/0007_media_nicknames";
import { nicknameKey } from "../../../shared/schemas/profile";
import { migrateToLatest } from "../../platform/db/migrate";
import { DIALECTS, openMigrationTestDatabase, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

const TAKEN = "Questo nickname è già in uso. Scegline un altro.";

describe("nickname key", () => {
  it("is the same for case, accents composed or not, ß/SS and full-width letters", () => {
    for (const [a, b] of [
      ["Élise", "élise"],
      ["E\u0301LISE", "élise"],
      ["Straße", "STRASSE"],
      ["Ｍａｒｉｏ", "mario"],
      ["ΟΔΥΣΣΕΥΣ", "οδυσσευς"],
    ]) {
      expect(nicknameKey(a!), `${a} / ${b}`).toBe(nicknameKey(b!));
    }
    expect(nicknameKey("Elise")).not.toBe(nicknameKey("Élise"));
  });

  it("resolves existing collisions oldest first with the first free suffix, within 30 characters", () => {
    const long = "É".repeat(30);
    const renamed = resolveNicknameCollisions([
      { id: "1", nickname: "Élise" },
      { id: "2", nickname: "élise" },
      { id: "3", nickname: "ÉLISE-2" },
      { id: "4", nickname: "ELISE" },
      { id: "5", nickname: long },
      { id: "6", nickname: long.toLowerCase() },
    ]);
    expect(renamed.get("1")).toEqual({ nickname: "Élise", key: "élise" });
    expect(renamed.get("2")).toEqual({ nickname: "élise-3", key: "élise-3" });
    expect(renamed.get("3")).toEqual({ nickname: "ÉLISE-2", key: "élise-2" });
    expect(renamed.get("4")).toEqual({ nickname: "ELISE", key: "elise" });
    expect(renamed.get("6")!.nickname).toBe(`${"é".repeat(28)}-2`);
    expect(new Set([...renamed.values()].map((v) => v.key)).size).toBe(6);
  });
});

describe.each(DIALECTS)("nicknames on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it("'Élise' and 'élise' (or a decomposed 'E\u0301lise') cannot both be taken: 409 with the spec's message", async () => {
    const [first, second, third] = await Promise.all([registerPlayer(server), registerPlayer(server), registerPlayer(server)]);
    const tag = randomUUID().slice(0, 6);
    const saved = await first.client.json("PUT", "/api/profile", { nickname: `Élise${tag}`, firstName: "", lastName: "" });
    expect(saved.status).toBe(200);
    for (const [player, nickname] of [
      [second, `élise${tag}`],
      [third, `E\u0301LISE${tag.toUpperCase()}`],
    ] as const) {
      const refused = await player.client.json("PUT", "/api/profile", { nickname, firstName: "", lastName: "" });
      expect(refused.status, nickname).toBe(409);
      expect(refused.body.error.message).toBe(TAKEN);
    }
    // The holder may change the case of their own nickname; once freed, it is anyone's.
    expect((await first.client.json("PUT", "/api/profile", { nickname: `ÉLISE${tag}`, firstName: "", lastName: "" })).status).toBe(200);
    expect((await first.client.json("PUT", "/api/profile", { nickname: "", firstName: "", lastName: "" })).status).toBe(200);
    expect((await second.client.json("PUT", "/api/profile", { nickname: `élise${tag}`, firstName: "", lastName: "" })).status).toBe(200);
    const row = await server.deps.db.selectFrom("profiles").select(["nickname", "nickname_key"]).where("id", "=", second.id).executeTakeFirst();
    expect(row).toEqual({ nickname: `élise${tag}`, nickname_key: `élise${tag}` });
  });

  it("migration 0007 fills the key of existing profiles and renames a later colliding nickname", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator, schema } = database;
    try {
      expect((await migrator.migrateTo("0004_presence")).error).toBeUndefined();
      const pgDialect = handle.dialect === "postgres";
      const people = [
        // Different under 0003's lower(nickname) on both databases, one nickname under the new key.
        ["a", "Straße", "2024-01-01T00:00:00.000Z"],
        ["b", "STRASSE", "2024-02-01T00:00:00.000Z"],
        ["c", "Marco", "2024-03-01T00:00:00.000Z"],
        ["d", null, "2024-04-01T00:00:00.000Z"],
      ] as const;
      for (const [id, nickname, createdAt] of people) {
        await handle.db
          .insertInto("user")
          .values({ id, name: id, email: `${id}@example.com`, emailVerified: pgDialect ? true : 1, image: null, createdAt: pgDialect ? new Date(createdAt) : createdAt, updatedAt: pgDialect ? new Date(createdAt) : createdAt, isAnonymous: null })
          .execute();
        await handle.db.insertInto("profiles").values({ id, email: `${id}@example.com`, first_name: null, last_name: null, nickname, created_at: createdAt } as never).execute();
      }
      await migrateToLatest(handle.db, schema);
      const rows = await handle.db.selectFrom("profiles").select(["id", "nickname", "nickname_key"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: "a", nickname: "Straße", nickname_key: "strasse" },
        { id: "b", nickname: "STRASSE-2", nickname_key: "strasse-2" },
        { id: "c", nickname: "Marco", nickname_key: "marco" },
        { id: "d", nickname: null, nickname_key: null },
      ]);
      await expect(handle.db.updateTable("profiles").set({ nickname: "strasse", nickname_key: nicknameKey("strasse") }).where("id", "=", "c").execute()).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
