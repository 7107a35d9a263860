import { ERRORS } from "@shared/errors";
import { toast } from "sonner";

/** The error part of a Better Auth client answer. */
export interface AuthClientError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

const AUTH_ERROR_TITLE = "Errore di autenticazione";

/**
 * Toast for a failed e-mail sign-in (spec §8 Authentication): unverified e-mail (403
 * EMAIL_NOT_VERIFIED; the server has just mailed a new link), invalid credentials (401
 * INVALID_EMAIL_OR_PASSWORD), otherwise the generic error.
 */
export function toastSignInError(error: AuthClientError): void {
  if (error.code === "EMAIL_NOT_VERIFIED" || error.status === 403) {
    toast.error(AUTH_ERROR_TITLE, { description: "Conferma il tuo indirizzo email: ti abbiamo inviato un nuovo link." });
  } else if (error.code === "INVALID_EMAIL_OR_PASSWORD" || error.status === 401) {
    toast.error(AUTH_ERROR_TITLE, { description: "Email o password non validi. Riprova." });
  } else {
    toast.error(ERRORS.GENERIC.title, { description: ERRORS.GENERIC.message });
  }
}

/** Toast for a failed sign-up (spec §8): 'Utente già registrato' for a taken e-mail, else 'Errore durante la registrazione.'. */
export function toastSignUpError(error: AuthClientError): void {
  if (error.code?.startsWith("USER_ALREADY_EXISTS")) {
    toast.error("Utente già registrato", { description: "Un account con questa email esiste già. Prova ad accedere." });
  } else {
    toast.error(ERRORS.GENERIC.title, { description: "Errore durante la registrazione." });
  }
}
