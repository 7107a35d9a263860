/**
 * Admin user management (spec §2 Admin users, §4 Plan change, §6): the paged, searchable user
 * list, 'Nuovo Utente' (account + set-password e-mail), edits of e-mail, role and plan, and
 * deletion (the same erasure as self-deletion). An admin cannot remove their own admin role or
 * delete themselves.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AdminUserView, Page } from "../../../shared/admin-types";
import type { AdminCreateUserInput, AdminListQuery, AdminUpdateUserInput, PlanName, RoleName } from "../../../shared/schemas/admin";
import { eraseAccount } from "../../accounts/erase-account";
import { setUserPlan } from "../../accounts/plans";
import { nowIso } from "../../clock";
import type { AppDeps } from "../../context";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { remainingMessages } from "../../quota/quota";
import { publishAccountChanged } from "../../realtime/live-events";
import { likePattern, offsetOf, toIso } from "./admin-shared";

type Db = Kysely<Database>;

/** Where the set-password link of a new account leads (web page reading ?token=). */
export const SET_PASSWORD_PATH = "/reimposta-password";

const RANK_ROLE: Record<number, RoleName> = { 3: "admin", 2: "moderator", 1: "user" };

export const USER_NOT_FOUND = () => new AppError("USER_NOT_FOUND", 404, "Utente non trovato.", "Errore");
const EMAIL_TAKEN = () => new AppError("EMAIL_TAKEN", 409, "Un account con questa email esiste già.", "Errore");

/** Registered accounts only: guests (anonymous Tutorial accounts) are not listed or edited. */
const registered = sql<boolean>`not coalesce(${sql.ref("u.isAnonymous")}, false)`;

function usersQuery(db: Db) {
  return db.selectFrom("user as u").where(registered);
}

/** Remaining messages today; null when unlimited or without a tokens row. */
function remainingOf(t: Parameters<typeof remainingMessages>[0] | null): number | null {
  return t ? remainingMessages(t) : null;
}

/**
 * One page of users, newest first, optionally filtered by a part of the e-mail
 * (case-insensitive). Two queries whatever the page size: the page (joined with tokens and the
 * highest role) and the count. Output: Page<AdminUserView>.
 */
export async function listUsers(db: Db, query: AdminListQuery): Promise<Page<AdminUserView>> {
  const filtered = (qb: ReturnType<typeof usersQuery>) =>
    query.search ? qb.where(sql<boolean>`lower(${sql.ref("u.email")}) like ${likePattern(query.search)} escape '\\'`) : qb;
  const [rows, count] = await Promise.all([
    filtered(usersQuery(db))
      .leftJoin("user_tokens as t", "t.user_id", "u.id")
      .select((eb) => [
        "u.id",
        "u.email",
        "u.createdAt",
        "t.model",
        "t.message_limit",
        "t.messages_sent",
        "t.messages_period",
        eb
          .selectFrom("user_roles as r")
          .select(sql<number>`max(case r.role when 'admin' then 3 when 'moderator' then 2 else 1 end)`.as("rank"))
          .whereRef("r.user_id", "=", "u.id")
          .as("role_rank"),
      ])
      .orderBy("u.createdAt", "desc")
      .orderBy("u.id")
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    filtered(usersQuery(db))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: RANK_ROLE[Number(r.role_rank ?? 1)] ?? "user",
      plan: (r.model ?? "base") as PlanName,
      messageLimit: r.message_limit ?? 0,
      remaining:
        r.message_limit === null
          ? 0
          : remainingOf({ message_limit: r.message_limit, messages_sent: r.messages_sent ?? 0, messages_period: r.messages_period ?? "" }),
      createdAt: toIso(r.createdAt),
    })),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One user as listed, or 404 'Utente non trovato.' (guests included in "not found"). */
export async function getUser(db: Db, userId: string): Promise<AdminUserView> {
  const row = await usersQuery(db).select("u.id").where("u.id", "=", userId).executeTakeFirst();
  if (!row) throw USER_NOT_FOUND();
  const [tokens, roles, user] = await Promise.all([
    db.selectFrom("user_tokens").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute(),
    db.selectFrom("user").select(["email", "createdAt"]).where("id", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return {
    id: userId,
    email: user.email,
    role: highestRole(roles.map((r) => r.role)),
    plan: (tokens?.model ?? "base") as PlanName,
    messageLimit: tokens?.message_limit ?? 0,
    remaining: tokens ? remainingOf(tokens) : 0,
    createdAt: toIso(user.createdAt),
  };
}

function highestRole(roles: RoleName[]): RoleName {
  if (roles.includes("admin")) return "admin";
  if (roles.includes("moderator")) return "moderator";
  return "user";
}

async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("user").select("id").where("email", "=", email);
  if (exceptId) q = q.where("id", "<>", exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Makes `role` the user's only role row (spec §6: a user holds one of admin, user, moderator). */
async function replaceRole(db: Db, userId: string, role: RoleName): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "<>", role).execute();
    await trx
      .insertInto("user_roles")
      .values({ id: randomUUID(), user_id: userId, role, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
      .execute();
  });
}

/**
 * The plan to store for a role and a requested plan (spec §6): admins are always on the admin
 * plan; a user leaving the admin role while still on the admin plan goes back to base.
 */
function effectivePlan(role: RoleName, requested: PlanName, wasAdmin: boolean): PlanName {
  if (role === "admin") return "admin";
  if (wasAdmin && requested === "admin") return "base";
  return requested;
}

/**
 * 'Nuovo Utente': creates a verified account with the role and plan, then e-mails it a link to
 * set its password (Better Auth's reset-password flow, landing on /reimposta-password?token=…).
 * Output: the new user as listed. Throws 409 EMAIL_TAKEN when the e-mail is in use.
 */
export async function createUser(deps: AppDeps, input: AdminCreateUserInput): Promise<AdminUserView> {
  const { db, auth } = deps;
  if (await emailTaken(db, input.email)) throw EMAIL_TAKEN();
  const context = await auth.$context;
  // The user hook (src/server/auth/auth.ts) adds the profile, the 'user' role and base tokens.
  const user = await context.internalAdapter.createUser(
    { email: input.email, name: input.email.split("@")[0] ?? "Utente", emailVerified: true },
    { method: "admin" },
  );
  await replaceRole(db, user.id, input.role);
  const plan = effectivePlan(input.role, input.plan, false);
  if (plan !== "base") await setUserPlan(db, user.id, plan);
  await auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: SET_PASSWORD_PATH } });
  return getUser(db, user.id);
}

/**
 * Edits e-mail, role and plan (spec §2 Admin users). A plan change resets the limits to the
 * plan's values (spec §4). Role and plan changes reach the user's open pages live.
 * Throws 404 USER_NOT_FOUND, 409 EMAIL_TAKEN, 400 SELF_ADMIN when an admin would remove their
 * own admin role. Output: the updated user and a description of the changes (for the audit log).
 */
export async function updateUser(
  deps: AppDeps,
  actorId: string,
  userId: string,
  input: AdminUpdateUserInput,
): Promise<{ user: AdminUserView; changes: string[] }> {
  const { db, auth, bus } = deps;
  const before = await getUser(db, userId);
  if (userId === actorId && input.role !== "admin") {
    throw new AppError("SELF_ADMIN", 400, "Non puoi rimuovere il tuo ruolo di amministratore.", "Errore");
  }
  const changes: string[] = [];
  if (input.email !== before.email) {
    if (await emailTaken(db, input.email, userId)) throw EMAIL_TAKEN();
    const context = await auth.$context;
    await context.internalAdapter.updateUser(userId, { email: input.email });
    await db.updateTable("profiles").set({ email: input.email }).where("id", "=", userId).execute();
    changes.push(`email ${before.email} → ${input.email}`);
  }
  if (input.role !== before.role) {
    await replaceRole(db, userId, input.role);
    changes.push(`ruolo ${before.role} → ${input.role}`);
  }
  const plan = effectivePlan(input.role, input.plan, before.role === "admin");
  if (plan !== before.plan) {
    await setUserPlan(db, userId, plan);
    changes.push(`piano ${before.plan} → ${plan}`);
  }
  if (input.role !== before.role || plan !== before.plan) {
    await publishAccountChanged(bus, userId, input.role !== before.role ? "roles" : "plan").catch(() => undefined);
  }
  return { user: await getUser(db, userId), changes };
}

/**
 * Deletes a user exactly like self-deletion (every row and media file: eraseAccount).
 * Throws 400 SELF_DELETE for the admin's own account, 404 USER_NOT_FOUND. Output: the e-mail.
 */
export async function deleteUser(deps: AppDeps, actorId: string, userId: string): Promise<string> {
  if (userId === actorId) throw new AppError("SELF_DELETE", 400, "Non puoi eliminare il tuo account dal pannello di amministrazione.", "Errore");
  const user = await getUser(deps.db, userId);
  await eraseAccount(deps, userId);
  return user.email;
}
