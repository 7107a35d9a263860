/**
 * How the admin console writes a quota (issue 39: one convention on every page): what is left of
 * it, in Italian.
 */

import { formatCount } from "@/lib/format";

/**
 * A quota as 'rimasti / limite' (spec §2 Admin users: remaining/limit, or the infinity sign for
 * unlimited; issue 39: the same on the users' list and the user page). Input: what is left (null
 * = unlimited; below 0 is shown as 0) and the limit (-1 = unlimited). Output: '3 / 15', '10.000 /
 * 10.000' or '∞'.
 */
export function quotaLeft(left: number | null, limit: number): string {
  if (left === null || limit === -1) return "∞";
  return `${formatCount(Math.max(0, left))} / ${formatCount(limit)}`;
}
