import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { loadAuthClient } from "@/lib/load-auth-client";
import { meQuery } from "@/lib/session";
import { clearAccountCaches } from "@/lib/service-worker";

/** Statuses after which the server no longer holds the session: sign-out counts as done (spec §4 Auth session). */
const ALREADY_SIGNED_OUT = new Set([401, 403, 404]);

/**
 * Signs the user out (spec §2 Guards: signing out goes to /login): ends the server session,
 * clears every cached query and the service worker's account caches (so no data of the previous
 * user survives, not even offline: issue 39) and opens /login.
 * On failure shows the toast 'Errore durante la disconnessione.' (spec §8).
 * Output: {signOut: () => void, isPending: boolean}.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // Loaded on use: the site's first page does not carry the auth client (issue 12).
      const { error } = await (await loadAuthClient()).signOut();
      if (error && !ALREADY_SIGNED_OUT.has(error.status)) throw error;
      await clearAccountCaches();
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, null);
      navigate("/login");
    },
    onError: () => {
      toast.error("Errore durante la disconnessione.");
    },
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}
