/**
 * Admin user management (spec §2 Admin users, §4 Plan change, §6): the paged, searchable user
 * list (guests behind a filter), 'Nuovo Utente' (the account; its invitation is
 * ./invitations.service.ts), edits of
 * e-mail, role and plan, and deletion (the same erasure as self-deletion). An admin cannot
 * remove their own admin role or delete themselves; the last admin stays (issue 9 finding 10).
 * Every change is audited in its own transaction.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AdminUserView, KeysetPage } from "../../../shared/admin-types";
import type {
  AdminCreateUserInput,
  AdminUpdateUserInput,
  AdminUserKind,
  AdminUserListQuery,
  PlanName,
} from "../../../shared/schemas/admin";
import { ROLE_LABELS, type RoleName } from "../../../shared/roles";
import { PLAN_LABELS } from "../../../shared/schemas/admin";
import { italianDay } from "../../../shared/italian-date";
import { eraseAccount } from "../../domain/accounts/erase-account";
import { assertNotLastAdmin } from "../../domain/accounts/last-admin";
import { planFromOrders, setUserPlan } from "../../domain/accounts/plans";
import { appendAudit, type AuditActor } from "../../domain/audit";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { remainingMessages } from "../../domain/quota/quota";
import { stepAside, type GroupChange } from "../../domain/policies/membership";
import { publishAccountChanged, publishAccountEnded, publishGroupChanges } from "../../platform/realtime/live-events";
import { deactivateAccount, erasureDate, restoreAccount } from "../../domain/accounts/deactivation";
import { contains } from "../../platform/db/text-search";
import { cursorParam, keysetPage } from "../../platform/keyset-cursor";
import { toIso } from "./admin-shared";

type Db = Kysely<Database>;

/** Where the confirmation link of a changed e-mail leads once confirmed (as after sign-up). */
const CONFIRMED_PATH = "/generi";

const RANK_ROLE: Record<number, RoleName> = { 3: "admin", 2: "moderator", 1: "user" };

export const USER_NOT_FOUND = () => new AppError("USER_NOT_FOUND", 404, "Utente non trovato.", "Errore");
const EMAIL_TAKEN = () => new AppError("EMAIL_TAKEN", 409, "Un account con questa email esiste già.", "Errore");

/** Guests are anonymous 'Tutorial' accounts (Better Auth's anonymous plugin). */
const isGuest = sql<boolean>`coalesce(${sql.ref("u.isAnonymous")}, false)`;
const registered = sql<boolean>`not coalesce(${sql.ref("u.isAnonymous")}, false)`;

/** Users of the list's kind: registered accounts (default), guests only, or everyone. */
function usersQuery(db: Db, kind: AdminUserKind = "registered") {
  const all = db.selectFrom("user as u");
  if (kind === "all") return all;
  return all.where(kind === "guest" ? isGuest : registered);
}

/** Whether the user `u` has set a password (a credential account with a hash); 0/1 on SQLite. */
const hasPassword = sql<boolean | number>`exists (select 1 from ${sql.table("account")} as a where ${sql.ref("a.userId")} = ${sql.ref("u.id")} and ${sql.ref("a.providerId")} = 'credential' and ${sql.ref("a.password")} is not null)`;

/** Remaining messages today; null when unlimited or without a tokens row. */
function remainingOf(t: Parameters<typeof remainingMessages>[0] | null): number | null {
  return t ? remainingMessages(t) : null;
}

/** The columns of a user as listed (from `u`, its tokens `t`, roles and deactivation `d`). */
function listedUser(qb: ReturnType<typeof usersQuery>) {
  return qb
    .leftJoin("user_tokens as t", "t.user_id", "u.id")
    .leftJoin("user_deactivations as d", "d.user_id", "u.id")
    .select((eb) => [
      "u.id",
      "u.email",
      "u.createdAt",
      "u.isAnonymous",
      "u.twoFactorEnabled",
      "t.model",
      "t.message_limit",
      "t.messages_sent",
      "t.messages_period",
      "d.deactivated_at",
      eb
        .selectFrom("user_roles as r")
        .select(sql<number>`max(case r.role when 'admin' then 3 when 'moderator' then 2 else 1 end)`.as("rank"))
        .whereRef("r.user_id", "=", "u.id")
        .as("role_rank"),
      hasPassword.as("has_password"),
    ]);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listedUser>["execute"]>>[number];

function toUserView(r: ListedRow): AdminUserView {
  return {
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
    isGuest: Boolean(r.isAnonymous),
    invitationPending: !r.isAnonymous && !r.has_password,
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
    deactivatedAt: r.deactivated_at,
    erasedAt: r.deactivated_at ? erasureDate(r.deactivated_at) : null,
  };
}

/**
 * One keyset page of users, newest first (issue 22 §11), optionally filtered by a part of the
 * e-mail or of the nickname (case-insensitive) and by kind (registered accounts by default;
 * guests, i.e. 'Tutorial' accounts, or everyone: issue 9). One query whatever the page size.
 * Input: limit, cursor [createdAt ISO, id] of the previous page, search, kind. Output:
 * KeysetPage<AdminUserView>; deactivated accounts are listed with their dates. Throws 400 for a malformed cursor.
 */
export async function listUsers(db: Db, query: AdminUserListQuery): Promise<KeysetPage<AdminUserView>> {
  let qb = usersQuery(db, query.kind);
  const { search } = query;
  if (search) {
    qb = qb.where((eb) =>
      eb.or([contains("u.email", search), eb.exists(eb.selectFrom("profiles as p").select("p.id").whereRef("p.id", "=", "u.id").where(contains("p.nickname", search)))]),
    );
  }
  const cursor = cursorParam(query.cursor, ["string", "string"] as const);
  if (cursor) qb = qb.where(sql<boolean>`(${sql.ref("u.createdAt")}, ${sql.ref("u.id")}) < (${cursor[0]}, ${cursor[1]})`);
  const rows = await listedUser(qb).orderBy("u.createdAt", "desc").orderBy("u.id", "desc").limit(query.limit + 1).execute();
  return keysetPage(rows, query.limit, toUserView, (r) => [toIso(r.createdAt), r.id]);
}

/**
 * One user as listed, or 404 'Utente non trovato.'. Guests count as "not found" unless
 * `kind` is 'all' (an admin may delete a guest, not edit it).
 */
export async function getUser(db: Db, userId: string, kind: AdminUserKind = "registered"): Promise<AdminUserView> {
  const row = await listedUser(usersQuery(db, kind)).where("u.id", "=", userId).executeTakeFirst();
  if (!row) throw USER_NOT_FOUND();
  return toUserView(row);
}

async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("user").select("id").where("email", "=", email);
  if (exceptId) q = q.where("id", "<>", exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Makes `role` the user's only role row (spec §6: a user holds one of admin, user, moderator). Call inside a transaction. */
async function replaceRole(trx: Db, userId: string, role: RoleName): Promise<void> {
  await trx.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "<>", role).execute();
  await trx
    .insertInto("user_roles")
    .values({ id: randomUUID(), user_id: userId, role, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
}

/** 400 when the admin plan is asked for an account that will not be an admin (issue 9 finding 10). */
function assertAdminPlanForAdmins(role: RoleName, plan: PlanName): void {
  if (plan === "admin" && role !== "admin") {
    throw new AppError("ADMIN_PLAN_RESERVED", 400, "Il piano Admin è riservato agli amministratori: scegli un altro piano o il ruolo Amministratore.", "Errore");
  }
}

/**
 * The plan to store (spec §6, issue 9 finding 10): admins are always on the admin plan; an
 * admin being demoted while the form still says 'admin' gets the plan their orders give;
 * anyone else the plan asked for (already checked by assertAdminPlanForAdmins).
 */
async function effectivePlan(trx: Db, userId: string, role: RoleName, requested: PlanName): Promise<PlanName> {
  if (role === "admin") return "admin";
  if (requested === "admin") return planFromOrders(trx, userId);
  return requested;
}

/**
 * 'Nuovo Utente': creates a verified account with the role and plan, writes the audit entry
 * (role, plan and entry in one transaction), then the route e-mails it an
 * invitation (./invitations.service.ts).
 * Output: the new user as listed. Throws 409 EMAIL_TAKEN when the e-mail is in use, 400
 * ADMIN_PLAN_RESERVED for the admin plan without the admin role.
 */
export async function createUser(deps: AppDeps, actor: AuditActor, input: AdminCreateUserInput): Promise<AdminUserView> {
  const { db, auth } = deps;
  assertAdminPlanForAdmins(input.role, input.plan);
  if (await emailTaken(db, input.email)) throw EMAIL_TAKEN();
  const context = await auth.$context;
  // Better Auth's adapter writes the user row; its hook (src/server/domain/auth/auth.ts) adds the
  // profile, the 'user' role and base tokens.
  const user = await context.internalAdapter.createUser(
    { email: input.email, name: input.email.split("@")[0] ?? "Utente", emailVerified: true },
    { method: "admin" },
  );
  const plan = input.role === "admin" ? "admin" : input.plan;
  try {
    await db.transaction().execute(async (trx) => {
      await replaceRole(trx, user.id, input.role);
      if (plan !== "base") await setUserPlan(trx, user.id, plan);
      await appendAudit(trx, actor, "admin.user.create", `${input.email} (${user.id}): ruolo ${ROLE_LABELS[input.role]}, piano ${PLAN_LABELS[plan]}`);
    });
  } catch (error) {
    // No half-made account without its audit entry.
    await db.deleteFrom("user").where("id", "=", user.id).execute();
    throw error;
  }
  return getUser(db, user.id);
}

/**
 * Edits e-mail, role and plan (spec §2 Admin users, §6; issue 9 finding 10), with the audit
 * entry, in one transaction:
 * - a new e-mail is marked unconfirmed and the account's sessions end; after the commit the
 *   confirmation e-mail goes to the new address;
 * - a plan change resets the limits to the plan's values (spec §4); the admin plan is for
 *   admins only; demoting an admin drops the admin plan to the plan their orders give;
 * - the last admin keeps the role (409 LAST_ADMIN, also under concurrent requests).
 * Role and plan changes reach the user's open pages live.
 * Throws 404 USER_NOT_FOUND, 409 EMAIL_TAKEN, 409 LAST_ADMIN, 400 SELF_ADMIN (own admin role),
 * 400 SELF_EMAIL (own e-mail: a typo would lock the admin out), 400 ADMIN_PLAN_RESERVED. Output: the updated user and the list of changes (Italian).
 */
export async function updateUser(
  deps: AppDeps,
  actor: AuditActor,
  userId: string,
  input: AdminUpdateUserInput,
): Promise<{ user: AdminUserView; changes: string[] }> {
  const { db, auth, bus } = deps;
  const before = await getUser(db, userId);
  if (userId === actor.id && input.role !== "admin") {
    throw new AppError("SELF_ADMIN", 400, "Non puoi rimuovere il tuo ruolo di amministratore.", "Errore");
  }
  const demoting = before.role === "admin" && input.role !== "admin";
  if (!demoting) assertAdminPlanForAdmins(input.role, input.plan);
  const emailChanged = input.email !== before.email;
  if (emailChanged && userId === actor.id) {
    // A mistyped address would lock the admin out (unconfirmed, signed out): another admin does it.
    throw new AppError("SELF_EMAIL", 400, "Non puoi cambiare la tua email dal pannello: chiedi a un altro amministratore.", "Errore");
  }
  if (emailChanged && (await emailTaken(db, input.email, userId))) throw EMAIL_TAKEN();

  const { changes, plan } = await db.transaction().execute(async (trx) => {
    const changes: string[] = [];
    if (demoting) await assertNotLastAdmin(trx, userId);
    if (emailChanged) {
      await trx.updateTable("user").set({ email: input.email, emailVerified: sql<boolean>`false`, updatedAt: nowIso() }).where("id", "=", userId).execute();
      await trx.updateTable("profiles").set({ email: input.email }).where("id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      changes.push(`email ${before.email} → ${input.email} (da confermare, sessioni chiuse)`);
    }
    if (input.role !== before.role) {
      await replaceRole(trx, userId, input.role);
      changes.push(`ruolo ${ROLE_LABELS[before.role]} → ${ROLE_LABELS[input.role]}`);
    }
    const plan = await effectivePlan(trx, userId, input.role, input.plan);
    if (plan !== before.plan) {
      await setUserPlan(trx, userId, plan);
      changes.push(`piano ${PLAN_LABELS[before.plan]} → ${PLAN_LABELS[plan]}`);
    }
    if (changes.length) await appendAudit(trx, actor, "admin.user.update", `${input.email} (${userId}): ${changes.join("; ")}`);
    return { changes, plan };
  });

  if (emailChanged) {
    await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: CONFIRMED_PATH } }).catch((error: unknown) => {
      deps.logger.error({ err: error }, "E-mail di conferma per un account creato dall'admin non inviata");
    });
  }
  if (input.role !== before.role || plan !== before.plan) {
    await publishAccountChanged(bus, userId, input.role !== before.role ? "roles" : "plan").catch(() => undefined);
  }
  return { user: await getUser(db, userId), changes };
}

/**
 * 'Elimina' (spec §7 DELETE /admin/users/{id} with should_soft_delete; issue 22 §10), with the
 * audit entry in the change's transaction:
 * - soft (default): the account is deactivated (accounts/deactivation.ts: sessions ended, open
 *   streams closed on every instance, sign-in refused, public content hidden) and erased 30 days
 *   later unless restored; in group stories it keeps its seat but gives up the turn (the
 *   membership ledger's stepAside, issue 36 finding 0), and the groups are told;
 * - hard ('Elimina definitivamente', GDPR requests): erased now, exactly like self-deletion
 *   (every row and media file: eraseAccount; orders and audit entries stay, anonymised).
 * Guests and registered accounts alike. Throws 400 SELF_DELETE for the admin's own account, 404
 * USER_NOT_FOUND, 409 LAST_ADMIN (no other active admin would remain). Output: the e-mail and, when deactivated, the erasure date.
 */
export async function deleteUser(deps: AppDeps, actor: AuditActor, userId: string, soft: boolean): Promise<{ email: string; erasedAt: string | null }> {
  if (userId === actor.id) throw new AppError("SELF_DELETE", 400, "Non puoi eliminare il tuo account dal pannello di amministrazione.", "Errore");
  const user = await getUser(deps.db, userId, "all");
  if (!soft) {
    await eraseAccount(deps, userId, (trx) => appendAudit(trx, actor, "admin.user.delete", `${user.email} (${userId})`));
    return { email: user.email, erasedAt: null };
  }
  let groups: GroupChange[] = [];
  const deactivatedAt = await deps.db.transaction().execute(async (trx) => {
    await assertNotLastAdmin(trx, userId);
    const at = await deactivateAccount(trx, userId, actor.id);
    if (at) {
      groups = await stepAside(trx, userId);
      await appendAudit(trx, actor, "admin.user.deactivate", `${user.email} (${userId}): disattivato (cancellazione prevista: ${italianDay(new Date(erasureDate(at)))})`);
    }
    return at;
  });
  // Their open streams end at once, on every instance (issue 36 finding 16a).
  if (deactivatedAt) await publishAccountEnded(deps.bus, userId);
  await publishGroupChanges(deps.bus, groups).catch((error: unknown) => deps.logger.error({ err: error, userId }, "Gruppo: avviso non inviato"));
  return { email: user.email, erasedAt: erasureDate(deactivatedAt ?? user.deactivatedAt!) };
}

/**
 * 'Ripristina' (issue 22 §10): reactivates an account an admin deactivated; its content shows
 * again and it can sign in. Audited in the same transaction. Throws 404 USER_NOT_FOUND, 409
 * NOT_DEACTIVATED when the account is active. Output: the user as listed.
 */
export async function restoreUser(deps: AppDeps, actor: AuditActor, userId: string): Promise<AdminUserView> {
  const user = await getUser(deps.db, userId, "all");
  await deps.db.transaction().execute(async (trx) => {
    if (!(await restoreAccount(trx, userId))) throw new AppError("NOT_DEACTIVATED", 409, "L'account è già attivo.", "Errore");
    await appendAudit(trx, actor, "admin.user.restore", `${user.email} (${userId}): riattivato`);
  });
  return getUser(deps.db, userId, "all");
}
