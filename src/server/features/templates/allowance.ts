/**
 * Per-player allowances of the creator routes (issue 40 §1 'Limits', §3): publications a day, card
 * imports and cover uploads an hour, counted by the shared limiters (domain/auth/limit-store.ts:
 * in memory on SQLite, shared by instances on PostgreSQL).
 */

import type { Context } from "hono";
import type { ErrorCode } from "../../../shared/errors";
import { type LimiterSpec, takePoint } from "../../domain/auth/limit-store";
import { currentUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";

/**
 * Takes one point of `spec` for the signed-in player. Input: the request's context, the limiter's
 * spec, the error to answer past it. Throws AppError `code` 429 with a Retry-After header (seconds).
 */
export async function takeAllowance(c: Context<AppEnv>, spec: LimiterSpec, code: ErrorCode): Promise<void> {
  const wait = await takePoint(c.var.deps.db, c.var.deps.dialect, spec, currentUser(c).id);
  if (wait === null) return;
  c.header("Retry-After", String(wait));
  throw AppError.of(code, 429);
}
