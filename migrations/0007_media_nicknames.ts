/**
 * Issue 9 (media and nicknames).
 *
 * 1. profiles.nickname_key: the nickname's normalised key (nicknameKey: NFKC, case-folded),
 *    unique on both databases. It replaces 0003's unique lower(nickname), which ignored case only
 *    for ASCII on SQLite ('Élise' and 'élise' could coexist). Existing rows are filled here. Where
 *    existing nicknames already collide under the new key, the oldest profile keeps its nickname
 *    and each later one gets the first free suffix "-2", "-3", … (cut to stay within 30
 *    characters), so no nickname is lost and every row satisfies the new index; the players can
 *    change it on /profilo.
 * 2. chat_messages(image_url): the reference check before a media file is deleted looks rows up
 *    by URL (generated_images.image_url is already unique-indexed by 0002).
 * 3. saved_games(is_template, plays, created_at, id): the keyset order of /scopri.
 */

import type { Kysely } from "kysely";
import { nicknameKey } from "../src/shared/schemas/profile";

const NICKNAME_MAX = 30;

/** Renames that make every key unique: oldest first keeps its nickname. Input rows oldest first. */
export function resolveNicknameCollisions(rows: { id: string; nickname: string }[]): Map<string, { nickname: string; key: string }> {
  const taken = new Set(rows.map((r) => nicknameKey(r.nickname)));
  const holders = new Set<string>();
  const result = new Map<string, { nickname: string; key: string }>();
  for (const row of rows) {
    const key = nicknameKey(row.nickname);
    if (!holders.has(key)) {
      holders.add(key);
      result.set(row.id, { nickname: row.nickname, key });
      continue;
    }
    for (let n = 2; ; n++) {
      const suffix = `-${n}`;
      const nickname = `${[...row.nickname].slice(0, NICKNAME_MAX - suffix.length).join("")}${suffix}`;
      const candidate = nicknameKey(nickname);
      if (taken.has(candidate)) continue;
      taken.add(candidate);
      holders.add(candidate);
      result.set(row.id, { nickname, key: candidate });
      break;
    }
  }
  return result;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("nickname_key", "text").execute();
  await db.schema.dropIndex("profiles_nickname_lower_unique").ifExists().execute();
  const rows: { id: string; nickname: string }[] = await db
    .selectFrom("profiles")
    .select(["id", "nickname"])
    .where("nickname", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const [id, { nickname, key }] of resolveNicknameCollisions(rows)) {
    await db.updateTable("profiles").set({ nickname, nickname_key: key }).where("id", "=", id).execute();
  }
  await db.schema.createIndex("profiles_nickname_key_unique").on("profiles").column("nickname_key").unique().execute();
  await db.schema.createIndex("chat_messages_image_url_idx").on("chat_messages").column("image_url").execute();
  await db.schema.createIndex("saved_games_discover_idx").on("saved_games").columns(["is_template", "plays", "created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("saved_games_discover_idx").ifExists().execute();
  await db.schema.dropIndex("chat_messages_image_url_idx").ifExists().execute();
  await db.schema.dropIndex("profiles_nickname_key_unique").ifExists().execute();
  await db.schema.alterTable("profiles").dropColumn("nickname_key").execute();
}
