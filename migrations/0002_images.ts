/**
 * Scene images (issue 3; spec §3 generated_images, §2 Gallery and Image detail):
 * - slug: the title's slug (spec §2 rule), so a link built from the title (/galleria/{slug})
 *   still finds its image; indexed with created_at to pick the newest of equal titles;
 * - offline: 1 when the built-in offline illustrator drew the picture (labelled in the UI);
 * - width, height: pixel size, so pages reserve the right space and Open Graph can state it;
 * - a unique index on image_url: a chat message's image is matched to its gallery row.
 * The gallery's keyset index (created_at, id) exists since 0001.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable("generated_images").addColumn("slug", "text", (c) => c.notNull().defaultTo("immagine")).execute();
  await db.schema.alterTable("generated_images").addColumn("offline", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("generated_images").addColumn("width", "integer").execute();
  await db.schema.alterTable("generated_images").addColumn("height", "integer").execute();
  await db.schema.createIndex("generated_images_slug_idx").on("generated_images").columns(["slug", "created_at"]).execute();
  await db.schema.createIndex("generated_images_url_idx").on("generated_images").column("image_url").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("generated_images_url_idx").ifExists().execute();
  await db.schema.dropIndex("generated_images_slug_idx").ifExists().execute();
  for (const column of ["height", "width", "offline", "slug"]) {
    await db.schema.alterTable("generated_images").dropColumn(column).execute();
  }
}
