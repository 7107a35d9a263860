/**
 * 'Condividi' for the web (issue 13, "A public reading page"): the game's link state and the
 * mutations that create it, change its options and revoke it, each keeping the query in step
 * with the server's answer.
 */

import type { ShareOptions } from "@shared/schemas/share";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShareStateView, ShareView } from "@/lib/api-contract";
import { api } from "@/lib/api";
import { showError } from "./show-error";

const base = (gameId: string) => `/games/${encodeURIComponent(gameId)}/share`;

/** Query key of a game's link. */
export const shareKey = (gameId: string) => ["game", gameId, "share"] as const;

/** GET /api/games/:id/share → {share: ShareView | null}, read fresh each time the dialog opens. */
export const shareQuery = (gameId: string) =>
  queryOptions({
    queryKey: shareKey(gameId),
    queryFn: ({ signal }) => api<ShareStateView>(base(gameId), { signal }),
    staleTime: 0,
  });

/**
 * Input: the game id. Output: `save` (PUT {showNickname, listed} → ShareView: creates the link
 * or changes its options) and `revoke` (DELETE: 'Smetti di condividere'). Refusals (409 'Storia
 * rimossa', 404) are shown in a toast.
 */
export function useShareMutations(gameId: string) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (options: ShareOptions) => api<ShareView>(base(gameId), { method: "PUT", body: options }),
    onSuccess: (share) => queryClient.setQueryData<ShareStateView>(shareKey(gameId), { share }),
    onError: (error) => {
      showError(error);
      void queryClient.invalidateQueries({ queryKey: shareKey(gameId) });
    },
  });
  const revoke = useMutation({
    mutationFn: () => api<void>(base(gameId), { method: "DELETE" }),
    onSuccess: () => queryClient.setQueryData<ShareStateView>(shareKey(gameId), { share: null }),
    onError: (error) => {
      showError(error);
      void queryClient.invalidateQueries({ queryKey: shareKey(gameId) });
    },
  });
  return { save, revoke };
}
