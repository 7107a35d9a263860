/**
 * A 'Tutorial' guest account (issue 22 §1), also for a visitor who joins a friend's story
 * (issue 24): signs in anonymously unless a session already exists, and refreshes ['me'].
 */

import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { loadAuthClient } from "@/lib/load-auth-client";
import { meQuery } from "@/lib/session";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";

async function signInAsGuest(queryClient: QueryClient): Promise<void> {
  const me = await queryClient.fetchQuery(meQuery);
  if (me) return;
  // Loaded on use: the pages that offer it do not carry the auth client (issue 12).
  const { error } = await (await loadAuthClient()).signIn.anonymous();
  if (error) throw error;
}

/**
 * Input: what to do once signed in. Output: the mutation; a failure shows the server's Italian
 * text (e.g. a limit on guests), else the generic error (spec §8).
 */
export function useGuestSignIn(onSignedIn: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signInAsGuest(queryClient),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      onSignedIn();
    },
    onError: (error) => toastAuthError(error as AuthClientError),
  });
}
