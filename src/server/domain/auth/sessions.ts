/**
 * The session list of Profilo → Sicurezza without raw session tokens (issue 19, low findings):
 * GET /list-sessions answers each session without its `token`, and POST /revoke-session takes the
 * session's `id` (the page's handle), which this hook turns into the token Better Auth needs,
 * among the caller's own sessions only.
 */

import { getSessionFromCtx } from "better-auth/api";
import type { HookContext } from "./two-factor";

/**
 * Before hook of POST /revoke-session {id}: replaces the id with the token of that session of
 * the signed-in user. Output: Better Auth's context change ({body: {token}}), or undefined (no
 * session, no id, or not one of the caller's sessions: Better Auth then refuses the body).
 */
export async function revokeById(ctx: HookContext): Promise<{ context: { body: { token: string } } } | undefined> {
  const id = (ctx.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") return undefined;
  const session = await getSessionFromCtx(ctx);
  if (!session) return undefined;
  const own = (await ctx.context.internalAdapter.listSessions(session.user.id)).find((s) => s.id === id);
  return own ? { context: { body: { token: own.token } } } : undefined;
}

/** After hook of GET /list-sessions: the same list without the `token` of each session. Output: the new answer, or undefined. */
export function listWithoutTokens(ctx: { context: { returned?: unknown }; json: (body: unknown) => unknown }): unknown {
  const list = ctx.context.returned;
  if (!Array.isArray(list)) return undefined;
  return ctx.json(list.map(({ token: _token, ...session }: { token?: string }) => session));
}
