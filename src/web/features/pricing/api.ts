/** Plans for the pricing page (spec §9): GET /api/plans, the same table the game's limits use. */

import { queryOptions } from "@tanstack/react-query";
import type { PlansView } from "@/lib/api-contract";
import { api } from "@/lib/api";

/** Path under /api of the plans. */
export const PLANS_PATH = "/plans";

export const plansQuery = queryOptions({
  queryKey: ["plans"],
  queryFn: ({ signal }) => api<PlansView>(PLANS_PATH, { signal }),
  staleTime: 5 * 60_000,
});
