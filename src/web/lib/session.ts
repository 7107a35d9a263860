/**
 * The signed-in user as the web sees it: GET /api/session through TanStack Query (null for visitors).
 * Every sign-in, sign-out or role change invalidates ['me'] so the header follows auth changes.
 * A session that ends while a page is open (expired, signed out elsewhere) is noticed on the
 * first 401 of an API call: ['me'] becomes null and the login guard sends the player to /login
 * and back afterwards (issue 10; spec §8 'Per favore effettua il login per continuare').
 */

import type { ErrorText } from "@shared/auth-errors";
import { ERRORS } from "@shared/errors";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { MeView, SessionView } from "@/lib/api-contract";
import { ApiError, api } from "@/lib/api";

/** Why the session of a signed-in player ended, kept until the login guard shows it. */
let endReason: ErrorText | null = null;

/** Path under /api of the session. */
export const SESSION_PATH = "/session";

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async ({ client }): Promise<MeView | null> => {
    // GET /api/session answers 200 for visitors too: no failed request in their console.
    const { me } = await api<SessionView>(SESSION_PATH);
    // A player who was signed in is no longer: the session ended (expired, revoked elsewhere).
    if (!me && client.getQueryData(["me"])) endReason = ERRORS.UNAUTHENTICATED;
    return me;
  },
  staleTime: 60_000,
});

/** Output: {me: MeView | null | undefined (loading), isLoading}. */
export function useMe() {
  const query = useQuery(meQuery);
  return { me: query.data, isLoading: query.isLoading };
}

/**
 * Records that the server no longer knows the signed-in player (a 401 to an API call).
 * Input: the query client and the reason to show ('Per favore effettua il login per continuare',
 * or e.g. 'Devi effettuare il login per generare immagini'). Visitors are left alone: for them a
 * 401 is expected and says nothing new.
 */
export function sessionEnded(client: QueryClient, reason: ErrorText): void {
  if (!client.getQueryData(meQuery.queryKey)) return;
  endReason = reason;
  client.setQueryData(meQuery.queryKey, null);
}

/** The reason recorded by sessionEnded, once (then forgotten). */
export function takeSessionEndReason(): ErrorText | null {
  const reason = endReason;
  endReason = null;
  return reason;
}

/**
 * The handler of every failed query and mutation: a 401 means the session ended (see
 * sessionEnded); its text is the server's ('Accesso richiesto' / 'Per favore effettua il login per continuare').
 */
export function onApiError(client: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    sessionEnded(client, { title: error.title, message: error.message });
  }
}
