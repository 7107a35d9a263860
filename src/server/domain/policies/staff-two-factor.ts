/**
 * Rule owner: staff act only with two-step verification (issue 10; issue 36 finding 15). Under
 * REQUIRE_ADMIN_2FA every staff role — admins in the admin console, and admins and moderators in
 * the moderation queue, who remove content and suspend authors — needs two-step verification on
 * before any staff route does anything. Every staff guard (auth/middleware.ts requireAdmin, the
 * moderation routes' requireModerator) asks this module once it knows the caller holds the role;
 * staff-two-factor.test.ts finds every staff-only route of the app and fails if one skips it.
 */

import type { Env } from "../../platform/env";
import { AppError } from "../../platform/errors";

/**
 * Refuses a staff member (admin or moderator, role already checked) without two-step verification
 * when REQUIRE_ADMIN_2FA is on.
 * Input: the env's REQUIRE_ADMIN_2FA (boolean) and the caller's session user.
 * Throws 403 ADMIN_2FA_REQUIRED ('Verifica in due passaggi richiesta'), which the web's admin
 * guard turns into Profilo → Sicurezza with the same guidance for every staff role.
 */
export function requireStaffTwoFactor(env: Pick<Env, "REQUIRE_ADMIN_2FA">, user: { twoFactorEnabled: boolean }): void {
  if (env.REQUIRE_ADMIN_2FA && !user.twoFactorEnabled) throw AppError.of("ADMIN_2FA_REQUIRED", 403);
}
