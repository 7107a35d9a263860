/**
 * Shared stories in the admin console (issue 13: admins can take a shared story down, audited):
 * pages of every shared story and the takedown mutation.
 */

import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSharePageView, TakedownResultView } from "@/lib/api-contract";
import { api } from "@/lib/api";

const PAGE_SIZE = 24;

/** GET /api/admin/shares?limit=24&cursor=… as an infinite query (newest first, 'Carica altre'). */
export const adminSharesQuery = infiniteQueryOptions({
  queryKey: ["admin", "shares"],
  queryFn: ({ pageParam, signal }) =>
    api<AdminSharePageView>(`/admin/shares?limit=${PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** POST /api/admin/shares/:id/takedown → {ok, changed}; the list is read again afterwards. */
export function useTakeDownShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api<TakedownResultView>(`/admin/shares/${encodeURIComponent(shareId)}/takedown`, { method: "POST", body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "shares"] }),
  });
}
