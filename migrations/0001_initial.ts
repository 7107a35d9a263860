/**
 * Initial schema: Better Auth's tables (user, session, account, verification) and the whole
 * data model of spec §3, plus plans and audit_log. Dialect-neutral: the same file runs on
 * SQLite and PostgreSQL. Conventions (docs/decisions/0001-storage-conventions.md): ids are
 * text, domain timestamps are ISO-8601 UTC text, domain booleans are 0/1 integers, string
 * lists are JSON text.
 */

import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const cascadeToUser: Col = (c) => c.references("user.id").onDelete("cascade");

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // Better Auth stores its own dates and booleans natively on PostgreSQL.
  const authDate = pg ? "timestamptz" : "date";
  const authBool = pg ? "boolean" : "integer";
  const real = pg ? sql`double precision` : sql`real`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", authBool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .addColumn("isAnonymous", authBool)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", authDate, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => cascadeToUser(c.notNull()))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => cascadeToUser(c.notNull()))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", authDate)
    .addColumn("refreshTokenExpiresAt", authDate)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", authDate, (c) => c.notNull())
    .addColumn("createdAt", authDate, (c) => c.notNull())
    .addColumn("updatedAt", authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message_limit", "integer", (c) => c.notNull())
    .addColumn("visualize_limit", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => cascadeToUser(c.primaryKey()))
    .addColumn("email", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("nickname", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => cascadeToUser(c.notNull()))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'user', 'moderator')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("user_roles_user_role_unique", ["user_id", "role"])
    .execute();

  await db.schema
    .createTable("user_tokens")
    .addColumn("user_id", "text", (c) => cascadeToUser(c.primaryKey()))
    .addColumn("model", "text", (c) => c.notNull().references("plans.id"))
    .addColumn("message_limit", "integer", (c) => c.notNull())
    .addColumn("visualize_limit", "integer", (c) => c.notNull())
    .addColumn("messages_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visualizations_sent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("messages_period", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visualizations_period", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("saved_games")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("genre", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("content", "text")
    .addColumn("is_template", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("system_prompt", "text")
    .addColumn("temperature", real)
    .addColumn("max_tokens", "integer")
    .addColumn("response_style", "text")
    .addColumn("story_pacing", "text")
    .addColumn("interaction_style", "text")
    .addColumn("context_memory", "integer")
    .addColumn("special_instructions", "text")
    .addColumn("preferred_vocabulary", "text")
    .addColumn("forbidden_topics", "text")
    .addColumn("cover_image_url", "text")
    .addColumn("plays", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("likes_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_played", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_games_user_idx").on("saved_games").columns(["user_id", "last_played"]).execute();
  await db.schema.createIndex("saved_games_templates_plays_idx").on("saved_games").columns(["is_template", "plays"]).execute();
  await db.schema.createIndex("saved_games_templates_created_idx").on("saved_games").columns(["is_template", "created_at"]).execute();
  await db.schema.createIndex("saved_games_activity_idx").on("saved_games").columns(["is_template", "last_played"]).execute();

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_messages_game_idx").on("chat_messages").columns(["game_id", "created_at"]).execute();
  await db.schema.createIndex("chat_messages_user_idx").on("chat_messages").column("user_id").execute();

  await db.schema
    .createTable("generated_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("prompt", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("generated_images_created_idx").on("generated_images").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("generated_images_user_idx").on("generated_images").column("user_id").execute();

  await db.schema
    .createTable("genre_prompts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("genre", "text", (c) => c.notNull().unique())
    .addColumn("system_prompt", "text", (c) => c.notNull())
    .addColumn("temperature", real, (c) => c.notNull().defaultTo(1))
    .addColumn("max_tokens", "integer", (c) => c.notNull().defaultTo(1024))
    .addColumn("response_style", "text", (c) => c.notNull().defaultTo("bilanciato"))
    .addColumn("context_memory", "integer", (c) => c.notNull().defaultTo(10))
    .addColumn("special_instructions", "text")
    .addColumn("forbidden_topics", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("preferred_vocabulary", "text")
    .addColumn("story_pacing", "text", (c) => c.notNull().defaultTo("medio"))
    .addColumn("interaction_style", "text", (c) => c.notNull().defaultTo("guidato"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("status", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .execute();
  await db.schema.createIndex("notifications_published_idx").on("notifications").columns(["status", "published_at"]).execute();
  await db.schema.createIndex("notifications_created_idx").on("notifications").column("created_at").execute();

  await db.schema
    .createTable("notification_reads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("notification_id", "text", (c) => c.notNull().references("notifications.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => cascadeToUser(c.notNull()))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("notification_reads_unique", ["notification_id", "user_id"])
    .execute();
  await db.schema.createIndex("notification_reads_user_idx").on("notification_reads").column("user_id").execute();

  await db.schema
    .createTable("subscription_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("subscription_type", "text", (c) => c.notNull())
    .addColumn("amount", "numeric(10, 2)", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscription_orders_created_idx").on("subscription_orders").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("subscription_orders_user_idx").on("subscription_orders").column("user_id").execute();

  for (const table of ["template_likes", "user_favorites"] as const) {
    await db.schema
      .createTable(table)
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => cascadeToUser(c.notNull()))
      .addColumn("template_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint(`${table}_unique`, ["user_id", "template_id"])
      .execute();
    await db.schema.createIndex(`${table}_template_idx`).on(table).column("template_id").execute();
  }

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_user_idx").on("audit_log").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    "audit_log", "user_favorites", "template_likes", "subscription_orders", "notification_reads",
    "notifications", "genre_prompts", "generated_images", "chat_messages", "saved_games",
    "user_tokens", "user_roles", "profiles", "plans", "verification", "account", "session", "user",
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
