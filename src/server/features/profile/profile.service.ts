/**
 * The profile page's data (spec §2 Profile, §3 profiles, §5 'Profile nickname: unique', §8
 * Profile). Every query is filtered on the signed-in user's id.
 */

import type { Kysely } from "kysely";
import type { ProfileGameView, ProfileView } from "../../../shared/api-types";
import { erasureProof } from "../../domain/accounts/erasure-proof";
import { readableBy } from "../../domain/policies/membership";
import { resolveGenre } from "../../../shared/genres";
import { nicknameKey, type ProfileInput } from "../../../shared/schemas/profile";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import type { Database, Role } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { readTokens } from "../../domain/quota/quota";

type Db = Kysely<Database>;

const ROLE_ORDER: Role[] = ["admin", "moderator", "user"];

/**
 * The user's profile: e-mail, names, roles (admin first), token counter, number of games and what
 * erasing the account asks (accounts/erasure-proof.ts).
 * Throws 401 UNAUTHENTICATED when the account no longer exists.
 */
export async function getProfile(db: Db, userId: string): Promise<ProfileView> {
  const [profile, user, roles, tokens, games, erasure] = await Promise.all([
    db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("user").select(["email", "isAnonymous", "createdAt"]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute(),
    readTokens(db, userId),
    db
      .selectFrom("saved_games")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .where("is_template", "=", 0)
      .executeTakeFirstOrThrow(),
    erasureProof(db, userId),
  ]);
  if (!user) throw AppError.of("UNAUTHENTICATED", 401);
  const roleNames = ROLE_ORDER.filter((r) => roles.some((row) => row.role === r));
  return {
    id: userId,
    email: user.isAnonymous ? null : (profile?.email ?? user.email),
    nickname: profile?.nickname ?? null,
    firstName: profile?.first_name ?? null,
    lastName: profile?.last_name ?? null,
    createdAt: profile?.created_at ?? new Date(user.createdAt).toISOString(),
    roles: roleNames,
    isAdmin: roleNames.includes("admin"),
    tokens,
    gamesCount: Number(games.n),
    erasure,
  };
}

/**
 * Saves nickname, first and last name (empty → null). The nickname is unique by its normalised
 * key (nicknameKey: NFKC, case-folded, in the unique column nickname_key; issue 9), so 'Élise'
 * and 'élise' are one nickname on both databases and under concurrent saves of one nickname
 * exactly one account gets it. Throws 409 NICKNAME_TAKEN ('Questo nickname è già in uso.
 * Scegline un altro.', spec §8).
 */
export async function updateProfile(db: Db, userId: string, input: ProfileInput): Promise<void> {
  const values = {
    nickname: input.nickname || null,
    nickname_key: input.nickname ? nicknameKey(input.nickname) : null,
    first_name: input.firstName || null,
    last_name: input.lastName || null,
  };
  try {
    const result = await db.updateTable("profiles").set(values).where("id", "=", userId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw AppError.of("UNAUTHENTICATED", 401);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of("NICKNAME_TAKEN", 409);
    throw error;
  }
}

/**
 * The user's games (no templates), most recently played first: their own, and the group stories
 * they play in (issue 24: `hosted` false, only the host deletes those) and the read-only copies
 * of those they left (`readOnly`).
 */
export async function listOwnGames(db: Db, userId: string): Promise<ProfileGameView[]> {
  const rows = await db
    .selectFrom("saved_games as g")
    .select(["g.id", "g.user_id", "g.title", "g.genre", "g.progress", "g.last_played", "g.created_at", "g.read_only"])
    .where(readableBy(userId))
    .where("g.is_template", "=", 0)
    .orderBy((eb) => eb.fn.coalesce("g.last_played", "g.created_at"), "desc")
    .orderBy("g.id", "desc")
    .execute();
  return rows.map((g) => ({
    id: g.id,
    title: g.title,
    genre: resolveGenre(g.genre),
    progress: Math.max(0, Math.min(100, Math.round(Number(g.progress)))),
    lastPlayed: g.last_played,
    createdAt: g.created_at,
    hosted: g.user_id === userId,
    readOnly: g.read_only === 1,
  }));
}
