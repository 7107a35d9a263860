/**
 * The guard of the admin console (issue 23): whether the signed-in user may enter it, as an
 * admin or as a moderator. In lib, below the features, so the admin console asks it without
 * importing the moderation feature.
 */

import { queryOptions } from "@tanstack/react-query";
import type { ModerationAccessView } from "@/lib/api-contract";
import { ApiError, api } from "@/lib/api";

/** GET /api/moderation/access: 'admin' or 'moderator' (401 / 403 for anyone else: the guard's answer). */
export const moderationAccessQuery = queryOptions({
  queryKey: ["moderation", "access"],
  queryFn: () => api<ModerationAccessView>("/moderation/access"),
  retry: (count, error) => count < 2 && !(error instanceof ApiError && (error.status === 401 || error.status === 403)),
  staleTime: 0,
  gcTime: 0,
});
