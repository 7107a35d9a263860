/** Plans for the pricing page (spec §9): GET /api/plans, the same table the game's limits use. */

import type { PlanView } from "@shared/api-types";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const plansQuery = queryOptions({
  queryKey: ["plans"],
  queryFn: ({ signal }) => api<PlanView[]>("/plans", { signal }),
  staleTime: 5 * 60_000,
});
