/**
 * 'Utilizzo AI' in the admin console (issue 20 §4): GET /api/admin/usage?from&to as a TanStack
 * query. Fails with ApiError (400 with the schema's Italian message for a bad range, 403).
 */

import type { AiUsageQuery } from "@shared/ai-usage";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AiUsageView } from "@/lib/api-contract";
import { api } from "@/lib/api";

/** The report for a range of Rome days (both ends optional: the last 30 days). */
export const aiUsageQuery = (range: AiUsageQuery = {}) =>
  queryOptions({
    queryKey: ["admin", "usage", range.from ?? "", range.to ?? ""],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(Object.entries(range).filter((e): e is [string, string] => Boolean(e[1])));
      return api<AiUsageView>(`/admin/usage${params.size ? `?${params}` : ""}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
