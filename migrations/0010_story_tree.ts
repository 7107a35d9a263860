/**
 * Issue 11 (the story engine; docs/decisions/0008-story-tree.md, DESIGN §7): a story becomes a
 * tree of turns.
 *
 * 1. chat_messages.parent_id: the message this one follows (null for a game's first message);
 *    deleting a message takes its subtree (only ever happens with the game or the account).
 * 2. chat_messages.depth: parent's depth + 1 (0 for a root), for path pages and counts.
 * 3. saved_games.tip_message_id: the last message of the branch being played (null before the
 *    first message). Not a foreign key: it is always read together with the game's own rows.
 * 4. Existing games become one path with no loss: each message follows the previous message of
 *    its game by (created_at, id), and the tip is the last one.
 */

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_messages")
    .addColumn("parent_id", "text", (c) => c.references("chat_messages.id").onDelete("cascade"))
    .execute();
  await db.schema
    .alterTable("chat_messages")
    .addColumn("depth", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("saved_games").addColumn("tip_message_id", "text").execute();
  await db.schema.createIndex("chat_messages_parent_idx").on("chat_messages").column("parent_id").execute();

  await sql`
    with ordered as (
      select id,
             lag(id) over (partition by game_id order by created_at, id) as previous_id,
             row_number() over (partition by game_id order by created_at, id) - 1 as position
      from chat_messages
    )
    update chat_messages
    set parent_id = ordered.previous_id, depth = ordered.position
    from ordered
    where ordered.id = chat_messages.id
  `.execute(db);
  await sql`
    update saved_games
    set tip_message_id = (
      select m.id from chat_messages m
      where m.game_id = saved_games.id
      order by m.created_at desc, m.id desc
      limit 1
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_messages_parent_idx").execute();
  await db.schema.alterTable("saved_games").dropColumn("tip_message_id").execute();
  await db.schema.alterTable("chat_messages").dropColumn("depth").execute();
  await db.schema.alterTable("chat_messages").dropColumn("parent_id").execute();
}
