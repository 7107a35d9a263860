import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";
import { onApiError } from "@/lib/session";

/**
 * The app's TanStack Query client: one retry (none after a 401), 30 s freshness by default. A 401 from any query or
 * mutation ends the signed-in state (src/web/lib/session.ts), so the login guard can send the
 * player to /login and back.
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 401 will not change by asking again.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 401),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache({ onError: (error) => onApiError(queryClient, error) }),
  mutationCache: new MutationCache({ onError: (error) => onApiError(queryClient, error) }),
});
