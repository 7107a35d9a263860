import { QueryClient } from "@tanstack/react-query";

/** The app's TanStack Query client: one retry, 30 s freshness by default. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});
