/**
 * Issue 24 "Gioca insieme" (docs/decisions/0019-group-play.md): several players in one story.
 *
 * game_players, the members of a group story (the host too), removed with the game or the account:
 * - PK (game_id, user_id); character_name, character_line: the player's character;
 * - color: the player's colour (#rrggbb); seat: join order ('a turno', host hand-over); joined_at.
 * game_invitations, the links /invito/{token}: token_hash is the SHA-256 (hex) of the token, which
 * is never stored; expires_at 7 days after created_at; revoked_at set by the host.
 * turn_votes, one vote per player per turn (the primary key): choice 'A'|'B'|'C' or action text.
 * side_notes, 'fuori scena': never sent to the narrator.
 * saved_games: play_mode 'solo'|'turns'|'vote'; vote_seconds; turn_user_id (whose turn, 'a turno');
 * vote_tip_id, vote_deadline: the vote on that tip is open while vote_deadline is set, closed
 * (by one conditional update) once it is null again.
 * chat_messages.author_id: who sent a player's message in a group story (null: the owner).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("game_players")
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("character_name", "text", (c) => c.notNull())
    .addColumn("character_line", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("game_players_pk", ["game_id", "user_id"])
    .execute();
  await db.schema.createIndex("game_players_user_idx").on("game_players").column("user_id").execute();
  await db.schema
    .createTable("game_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("game_invitations_game_idx").on("game_invitations").columns(["game_id", "created_at"]).execute();
  await db.schema
    .createTable("turn_votes")
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("tip_message_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("choice", "text")
    .addColumn("action", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("turn_votes_pk", ["game_id", "tip_message_id", "user_id"])
    .execute();
  await db.schema
    .createTable("side_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("side_notes_game_idx").on("side_notes").columns(["game_id", "created_at"]).execute();
  await db.schema.alterTable("saved_games").addColumn("play_mode", "text", (c) => c.notNull().defaultTo("solo")).execute();
  await db.schema.alterTable("saved_games").addColumn("vote_seconds", "integer", (c) => c.notNull().defaultTo(60)).execute();
  await db.schema.alterTable("saved_games").addColumn("turn_user_id", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("vote_tip_id", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("vote_deadline", "text").execute();
  await db.schema.alterTable("chat_messages").addColumn("author_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_messages").dropColumn("author_id").execute();
  for (const column of ["vote_deadline", "vote_tip_id", "turn_user_id", "vote_seconds", "play_mode"]) {
    await db.schema.alterTable("saved_games").dropColumn(column).execute();
  }
  for (const table of ["side_notes", "turn_votes", "game_invitations", "game_players"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
