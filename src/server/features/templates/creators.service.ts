/**
 * The creator page /autore/{nickname} (issue 40 §1): a player's published scenarios (listed ones
 * only: policies/visibility.ts listedTemplate, which leaves out drafts, held, restricted and
 * removed scenarios and deactivated authors), newest first, with their total plays and likes.
 */

import type { Kysely } from "kysely";
import { nicknameKey } from "../../../shared/schemas/profile";
import { templateSlug } from "../../../shared/slug";
import type { CreatorPageView } from "../../../shared/template-types";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { listedTemplate, ownerActive } from "../../domain/policies/visibility";

/** Scenarios a creator page shows at most. */
const CREATOR_PAGE_SCENARIOS = 100;

/**
 * Input: the nickname from the address (any string; matched by its nicknameKey, so 'Élise' and
 * 'élise' are one author). Output: CreatorPageView. Throws 404 AUTHOR_NOT_FOUND for an unknown
 * nickname, a deactivated account, or one with no published scenario (nothing to show).
 */
export async function creatorPage(db: Kysely<Database>, nickname: string): Promise<CreatorPageView> {
  if (nickname.length === 0 || nickname.length > 60) throw AppError.of("AUTHOR_NOT_FOUND", 404);
  const profile = await db
    .selectFrom("profiles as p")
    .select(["p.id", "p.nickname"])
    .where("p.nickname_key", "=", nicknameKey(nickname))
    .where(ownerActive("p.id"))
    .executeTakeFirst();
  if (!profile?.nickname) throw AppError.of("AUTHOR_NOT_FOUND", 404);
  const rows = await db
    .selectFrom("saved_games as t")
    .select(["t.id", "t.title", "t.description", "t.genre", "t.cover_image_url", "t.plays", "t.likes_count"])
    .where("t.user_id", "=", profile.id)
    .where(listedTemplate("t"))
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(CREATOR_PAGE_SCENARIOS)
    .execute();
  if (rows.length === 0) throw AppError.of("AUTHOR_NOT_FOUND", 404);
  const scenarios = rows.map((r) => ({
    id: r.id,
    slug: templateSlug(r.title),
    title: r.title,
    description: r.description ?? "",
    genre: r.genre,
    coverImageUrl: r.cover_image_url,
    plays: Number(r.plays),
    likes: Number(r.likes_count),
    author: profile.nickname,
  }));
  return {
    nickname: profile.nickname,
    scenarios,
    plays: scenarios.reduce((sum, s) => sum + s.plays, 0),
    likes: scenarios.reduce((sum, s) => sum + s.likes, 0),
  };
}
