/** Audit entries for admin changes made through the API (issue 6: admin actions that change data are logged). */

import type { Context } from "hono";
import type { Kysely } from "kysely";
import type { AuditAction, VersionedAuditAction } from "../../../shared/audit-actions";
import { appendAudit, type AuditActor } from "../audit";
import { AppError } from "../../platform/errors";
import type { AppEnv } from "../context";
import type { Database } from "../../platform/db/schema";
import { clientIp, currentUser } from "./middleware";

/** The signed-in caller as an audit actor: id, e-mail (null for guests) and client address. Throws 401 without a session. */
export function auditActor(c: Context<AppEnv>): AuditActor {
  const user = currentUser(c);
  return { id: user.id, email: user.isAnonymous ? null : user.email, ip: clientIp(c) };
}

/**
 * Runs `change` and writes its audit entry in one transaction (issue 9 finding 8): both commit
 * or neither does. Input: the request, the action name, the change (given the transaction) and
 * the entry's description of its result (null = nothing changed, no entry). Output: the
 * change's result. Throws what the change or the insert throws (then nothing is kept).
 */
export async function auditedChange<T>(
  c: Context<AppEnv>,
  action: AuditAction,
  change: (trx: Kysely<Database>) => Promise<T>,
  describe: (result: T) => string | null,
): Promise<T> {
  const actor = auditActor(c);
  return c.var.deps.db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const detail = describe(result);
    if (detail !== null) await appendAudit(trx, actor, action, detail);
    return result;
  });
}

/**
 * auditedChange for a versioned admin edit (issue 22 §9): when the change is refused as stale
 * (409 STALE_EDIT), the refused version is written to the audit log as `<action>.conflict` with
 * `rejected` (its values) before the error goes on, so the log holds both versions: the one
 * saved (`describe`) and the one refused. Input and output as auditedChange.
 */
export async function auditedEdit<T>(
  c: Context<AppEnv>,
  action: VersionedAuditAction,
  change: (trx: Kysely<Database>) => Promise<T>,
  describe: (result: T) => string,
  rejected: string,
): Promise<T> {
  try {
    return await auditedChange(c, action, change, describe);
  } catch (error) {
    if (error instanceof AppError && error.code === "STALE_EDIT") await appendAudit(c.var.deps.db, auditActor(c), `${action}.conflict`, rejected);
    throw error;
  }
}
