/**
 * The public gallery (spec §2 Gallery and Image detail, §3 generated_images; issue 3).
 * Pages are read with a keyset on (created_at, id), newest first, so a page costs the same at
 * any depth and the table is never loaded whole. Only public fields leave this module: picture,
 * title, creator's nickname (and whether it links to their creator page, issue 40 §1), date (plus slug, size and the offline flag) — never a user id or
 * an e-mail. What a list shows and who may open an image's page is the visibility rule's
 * (policies/visibility.ts: issue 23 moderation, issue 22 §10 deactivated authors, issue 36).
 */

import { type Kysely, sql } from "kysely";
import type { GalleryImageView, GalleryPageView } from "../../../shared/api-types";
import { imagePath, looksLikeImageId } from "../../../shared/image-slug";
import { FALLBACK_TITLE } from "../../domain/ai/illustrator/types";
import type { Database } from "../../platform/db/schema";
import { decodeCursor, encodeCursor } from "../../platform/keyset-cursor";
import { creatorNickname, publicName } from "../../domain/accounts/public-name";
import { listedImage, ownerActive } from "../../domain/policies/visibility";

type Db = Kysely<Database>;

/** Default and largest page size. */
export const GALLERY_PAGE_SIZE = 24;
export const GALLERY_MAX_PAGE_SIZE = 60;

interface Cursor {
  createdAt: string;
  id: string;
}

/** Reads a gallery cursor (see encodeCursor); null when it is malformed (the caller answers 400). */
export function decodeGalleryCursor(value: string): Cursor | null {
  const values = decodeCursor(value, ["string", "string"]);
  return values && { createdAt: values[0], id: values[1] };
}

function publicImages(db: Db) {
  return db
    .selectFrom("generated_images as g")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .select(["g.id", "g.prompt", "g.slug", "g.image_url", "g.created_at", "g.offline", "g.width", "g.height", publicName, creatorNickname]);
}

type Row = {
  id: string;
  prompt: string | null;
  slug: string;
  image_url: string;
  created_at: string;
  offline: number;
  width: number | null;
  height: number | null;
  nickname: string | null;
  creator_nickname: string | null;
};

function toView(r: Row): GalleryImageView {
  return {
    id: r.id,
    title: r.prompt?.trim() || FALLBACK_TITLE,
    slug: r.slug,
    imageUrl: r.image_url,
    createdAt: r.created_at,
    creator: r.nickname ?? null,
    creatorNickname: r.creator_nickname ?? null,
    offline: Number(r.offline) === 1,
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
  };
}

/**
 * Canonical page paths of gallery images for the sitemap (issue 12), newest first.
 * Input: offset and limit (≤ 50,000, the sitemap protocol's per-file limit). Output: [{path,
 * lastmod (ISO time of creation)}]; one indexed scan.
 */
export async function galleryPagePaths(db: Db, options: { offset: number; limit: number }): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .selectFrom("generated_images")
    .select(["id", "prompt", "created_at"])
    .where(listedImage("generated_images"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ path: imagePath(r.id, r.prompt?.trim() || FALLBACK_TITLE), lastmod: r.created_at }));
}

/** Number of images in the gallery. */
export async function countGalleryImages(db: Db): Promise<number> {
  const row = await db
    .selectFrom("generated_images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(listedImage("generated_images"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One gallery page, newest first.
 * Input: page size (1–60) and the cursor of the previous page (undefined = first page).
 * Output: {items, nextCursor} (nextCursor null on the last page). One indexed range scan of
 * limit + 1 rows.
 */
export async function listGallery(db: Db, options: { limit: number; cursor?: Cursor }): Promise<GalleryPageView> {
  let query = publicImages(db).where(listedImage("g"));
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    query = query.where(sql<boolean>`(g.created_at, g.id) < (${createdAt}, ${id})`);
  }
  const rows = await query.orderBy("g.created_at", "desc").orderBy("g.id", "desc").limit(options.limit + 1).execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toView),
    nextCursor: rows.length > options.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

/**
 * One image by id, or — for links built from the title (/galleria/{slug}, spec §2) — the newest
 * image with that slug. Output: the view, or null when none.
 */
export async function findImage(db: Db, idOrSlug: string): Promise<GalleryImageView | null> {
  // A deactivated account's images are hidden until it is restored (issue 22 §10).
  const images = publicImages(db).where(ownerActive("g.user_id"));
  if (looksLikeImageId(idOrSlug)) {
    const row = await images.where("g.id", "=", idOrSlug.toLowerCase()).executeTakeFirst();
    if (row) return toView(row);
  }
  const bySlug = await images.where("g.slug", "=", idOrSlug.toLowerCase()).orderBy("g.created_at", "desc").limit(1).executeTakeFirst();
  return bySlug ? toView(bySlug) : null;
}
