/**
 * 'Storie condivise' for the web (issue 13, "A public reading page"): pages of the stories their
 * owners chose to list (keyset cursor, newest first).
 */

import { infiniteQueryOptions } from "@tanstack/react-query";
import type { SharedStoryPageView } from "@/lib/api-contract";
import { api } from "@/lib/api";

/** Stories per page. */
export const SHARED_STORIES_PAGE_SIZE = 12;

/** GET /api/shares?limit=12&cursor=… as an infinite query ('Carica altre' until nextCursor is null). */
export const sharedStoriesQuery = infiniteQueryOptions({
  queryKey: ["gallery", "shared-stories"],
  queryFn: ({ pageParam, signal }) =>
    api<SharedStoryPageView>(`/shares?limit=${SHARED_STORIES_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});
