import { authErrorText } from "@shared/auth-errors";
import { toast } from "@/lib/toast";

/** The error part of a Better Auth client answer (the server adds `title`; issue 9 finding 5). */
export interface AuthClientError {
  /** HTTP status; 0 or missing = no answer (network failure). */
  status?: number | undefined;
  code?: string | undefined;
  message?: string | undefined;
  title?: string | undefined;
}

/**
 * Toast for a failed auth call (spec §8 Authentication). The server answers every auth failure
 * in Italian with `code`, `title` and `message` (src/server/features/http/auth-answers.ts): that text is
 * shown as is, so e.g. a 403 reads 'Email non confermata…' only when its code is
 * EMAIL_NOT_VERIFIED, and a refused origin says the address is not recognised. Without a server
 * answer (network failure, status 0) the shared catalogue chooses by code and status; `fallback`
 * replaces its generic text (e.g. 'Errore durante la registrazione.').
 */
export function toastAuthError(error: AuthClientError, fallback?: string): void {
  if (error.title && error.message) {
    toast.error(error.title, { description: error.message });
    return;
  }
  const status = error.status ?? 0;
  const text = authErrorText(error.code, status);
  const generic = !error.code && (status === 0 || status >= 500);
  toast.error(text.title, { description: generic && fallback ? fallback : text.message });
}
