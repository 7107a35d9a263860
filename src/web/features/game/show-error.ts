import { ERRORS } from "@shared/errors";
import { toast } from "@/lib/toast";
import { ApiError } from "@/lib/api";

/**
 * A refused action of the game page (story control, memory) in a toast: the server's Italian
 * title and message, or the generic ones. A 401 is left to the query client (back to /login).
 */
export function showError(error: Error): void {
  if (error instanceof ApiError && error.status === 401) return;
  const title = error instanceof ApiError ? error.title : ERRORS.GENERIC.title;
  toast.error(title ?? ERRORS.GENERIC.title, { description: error.message });
}
