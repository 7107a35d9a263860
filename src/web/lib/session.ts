/**
 * The signed-in user as the web sees it: GET /api/me through TanStack Query (null for visitors).
 * Every sign-in, sign-out or role change invalidates ['me'] so the header follows auth changes.
 */

import type { MeView } from "@shared/api-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<MeView | null> => {
    try {
      return await api<MeView>("/me");
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/** Output: {me: MeView | null | undefined (loading), isLoading}. */
export function useMe() {
  const query = useQuery(meQuery);
  return { me: query.data, isLoading: query.isLoading };
}
