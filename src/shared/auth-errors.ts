/**
 * Better Auth's error codes in Italian (spec §8 Authentication; issue 9 finding 5), shared by the
 * server, which rewrites every /api/auth answer with these texts, and the web, which branches on
 * `code` and shows the text. Codes absent here fall back to a text chosen by HTTP status.
 */

import { ERRORS } from "./errors";

export interface ErrorText {
  title: string;
  message: string;
}

const AUTH_TITLE = "Errore di autenticazione";
const auth = (message: string): ErrorText => ({ title: AUTH_TITLE, message });

const INVALID_INPUT = { title: ERRORS.VALIDATION.title, message: ERRORS.VALIDATION.message };
const EXPIRED_LINK = auth("Il link non è valido o è scaduto. Richiedine uno nuovo.");
const ALREADY_REGISTERED: ErrorText = {
  title: "Utente già registrato",
  message: "Un account con questa email esiste già. Prova ad accedere.",
};

const RESTART_PROVIDER = auth("La richiesta di accesso è scaduta o non è valida. Riprova.");
const PROVIDER_DATA_MISSING = auth("Il provider non ha fornito i dati dell'account (nome ed email). Riprova o usa email e password.");

/**
 * Better Auth's codes of the identity rules → the spec's codes (§8 Authentication: "the codes
 * identity_already_exists, identity_not_found and single_identity_not_deletable are kept"). The
 * server answers with the spec's code; the web renames the ?error= of OAuth redirects the same way.
 */
const SPEC_CODES: Readonly<Record<string, string>> = {
  SOCIAL_ACCOUNT_ALREADY_LINKED: "identity_already_exists",
  account_already_linked_to_different_user: "identity_already_exists",
  ACCOUNT_NOT_FOUND: "identity_not_found",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "single_identity_not_deletable",
};

/** The spec's code for a Better Auth code (spec §8); other codes unchanged. */
export function specAuthCode(code: string): string {
  return SPEC_CODES[code] ?? code;
}

/** Sign-in of an account an admin deactivated (issue 22 §10): erased after 30 days unless restored. */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  "Questo account è stato disattivato da un amministratore: non è possibile accedere.";

const TWO_STEP_TITLE = "Verifica in due passaggi";
const twoStep = (message: string): ErrorText => ({ title: TWO_STEP_TITLE, message });

/**
 * Better Auth code → Italian title and message (core codes, the anonymous and two-factor plugins,
 * the identity rules of spec §8, and the lower-case codes of OAuth redirects: ?error=… on /login
 * and /profilo).
 */
export const AUTH_ERRORS: Readonly<Record<string, ErrorText>> = {
  INVALID_EMAIL_OR_PASSWORD: auth("Email o password non validi. Riprova."),
  INVALID_PASSWORD: auth("Password non corretta."),
  EMAIL_NOT_VERIFIED: auth("Conferma il tuo indirizzo email: ti abbiamo inviato un nuovo link."),
  // Sign-in with an unconfirmed address when the per-recipient limit skipped the new e-mail (issue 10).
  EMAIL_NOT_VERIFIED_LINK_RECENT: auth(
    "Conferma il tuo indirizzo email: ti abbiamo già inviato un link negli ultimi minuti. Controlla la posta, anche nella cartella spam.",
  ),
  USER_ALREADY_EXISTS: ALREADY_REGISTERED,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ALREADY_REGISTERED,
  INVALID_EMAIL: auth("Inserisci un'email valida."),
  PASSWORD_TOO_SHORT: auth("La password deve contenere almeno 8 caratteri."),
  PASSWORD_TOO_LONG: auth("La password può contenere al massimo 128 caratteri."),
  INVALID_TOKEN: EXPIRED_LINK,
  TOKEN_EXPIRED: EXPIRED_LINK,
  USER_NOT_FOUND: auth("Utente non trovato."),
  ACCOUNT_DEACTIVATED: auth(ACCOUNT_DEACTIVATED_MESSAGE),
  CREDENTIAL_ACCOUNT_NOT_FOUND: auth("Questo account non ha una password: usa «Password dimenticata?» per impostarla."),
  SESSION_EXPIRED: auth("La sessione è scaduta. Accedi di nuovo."),
  SESSION_NOT_FRESH: auth("La sessione è scaduta. Accedi di nuovo."),
  EMAIL_ALREADY_VERIFIED: auth("L'indirizzo email è già confermato: puoi accedere."),
  EMAIL_CAN_NOT_BE_UPDATED: auth("Non è possibile cambiare l'indirizzo email."),
  PASSWORD_ALREADY_SET: auth("La password è già impostata."),
  USER_ALREADY_HAS_PASSWORD: auth("La password è già impostata."),
  INVALID_ORIGIN: ERRORS.BAD_ORIGIN,
  MISSING_OR_NULL_ORIGIN: ERRORS.BAD_ORIGIN,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: ERRORS.BAD_ORIGIN,
  INVALID_CALLBACK_URL: INVALID_INPUT,
  INVALID_REDIRECT_URL: INVALID_INPUT,
  INVALID_ERROR_CALLBACK_URL: INVALID_INPUT,
  INVALID_NEW_USER_CALLBACK_URL: INVALID_INPUT,
  CALLBACK_URL_REQUIRED: INVALID_INPUT,
  VALIDATION_ERROR: INVALID_INPUT,
  MISSING_FIELD: INVALID_INPUT,
  FIELD_NOT_ALLOWED: INVALID_INPUT,
  BODY_MUST_BE_AN_OBJECT: INVALID_INPUT,
  BAD_REQUEST: INVALID_INPUT,
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: auth("Stai già giocando come ospite."),
  GUEST: auth("Registrati per impostare email e password."),
  // Two-factor plugin and the disable hook (issue 10, src/server/domain/auth/two-factor.ts)
  INVALID_CODE: twoStep("Codice non valido. Controlla l'app di autenticazione e riprova."),
  INVALID_BACKUP_CODE: twoStep("Codice di backup non valido o già usato."),
  TWO_FACTOR_CODE_REQUIRED: twoStep("Inserisci un codice dell'app di autenticazione o un codice di backup."),
  TOTP_CODE_REQUIRED: twoStep("Inserisci il codice attuale dell'app di autenticazione."),
  TOTP_SECRET_SHOWN_ONCE: twoStep("Il codice segreto dell'app si vede solo quando attivi la verifica in due passaggi. Per collegare un'altra app, disattivala e riattivala."),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: twoStep("Troppi codici errati. Accedi di nuovo con email e password."),
  INVALID_TWO_FACTOR_COOKIE: twoStep("La verifica è scaduta. Accedi di nuovo con email e password."),
  TOTP_NOT_ENABLED: twoStep("La verifica in due passaggi non è attiva."),
  TWO_FACTOR_NOT_ENABLED: twoStep("La verifica in due passaggi non è attiva."),
  BACKUP_CODES_NOT_ENABLED: twoStep("La verifica in due passaggi non è attiva."),
  TOTP_ALREADY_ENABLED: twoStep("La verifica in due passaggi è già attiva."),
  PAYLOAD_TOO_LARGE: ERRORS.PAYLOAD_TOO_LARGE,
  identity_already_exists: {
    title: "Account già collegato",
    message: "Questo account è già collegato a un altro utente. Accedi con quell'utente per scollegarlo.",
  },
  identity_not_found: auth("Account collegato non trovato: forse è già stato scollegato. Aggiorna la pagina."),
  single_identity_not_deletable: {
    title: "Impossibile scollegare",
    message: "È l'unico modo per accedere al tuo account: imposta una password o collega un altro account prima di scollegarlo.",
  },
  PRIVACY_NOT_ACCEPTED: auth("Devi accettare la Privacy Policy per registrarti."),
  PROVIDER_NOT_FOUND: auth("Questo metodo di accesso non è disponibile."),
  oauth_provider_not_found: auth("Questo metodo di accesso non è disponibile."),
  access_denied: auth("Accesso annullato: il provider non ha concesso l'autorizzazione."),
  account_not_linked: auth("Esiste già un account con questa email: accedi con email e password e collega il provider dal tuo profilo."),
  email_not_verified: auth("Conferma il tuo indirizzo email: ti abbiamo inviato un link. Poi accedi di nuovo con il provider."),
  provider_email_not_verified: auth("Il provider non ha confermato questo indirizzo email: confermalo presso il provider, oppure registrati con email e password."),
  unable_to_link_account: auth("Impossibile collegare l'account: l'email del provider non è confermata o la sessione è scaduta. Riprova."),
  unable_to_create_user: auth("Impossibile creare l'account. Riprova più tardi."),
  no_code: RESTART_PROVIDER,
  invalid_code: RESTART_PROVIDER,
  state_not_found: RESTART_PROVIDER,
  state_mismatch: RESTART_PROVIDER,
  state_invalid: RESTART_PROVIDER,
  state_security_mismatch: RESTART_PROVIDER,
  please_restart_the_process: RESTART_PROVIDER,
  unable_to_get_user_info: PROVIDER_DATA_MISSING,
  email_not_found: PROVIDER_DATA_MISSING,
  MALFORMED_REQUEST: ERRORS.MALFORMED_REQUEST,
  UNSUPPORTED_MEDIA_TYPE: ERRORS.UNSUPPORTED_MEDIA_TYPE,
};

/**
 * Codes of a sign-in refused only because the e-mail is not confirmed (the password was right):
 * EMAIL_NOT_VERIFIED when a new link was just sent, EMAIL_NOT_VERIFIED_LINK_RECENT when the
 * per-recipient limit kept it back because one left a few minutes ago.
 */
export const UNCONFIRMED_EMAIL_CODES: ReadonlySet<string> = new Set(["EMAIL_NOT_VERIFIED", "EMAIL_NOT_VERIFIED_LINK_RECENT"]);

/** The text shown for a status when the code is unknown: 4xx by kind, anything else generic. */
function textForStatus(status: number): ErrorText {
  if (status === 400 || status === 422) return INVALID_INPUT;
  if (status === 401) return ERRORS.UNAUTHENTICATED;
  if (status === 403) return { title: AUTH_TITLE, message: "Operazione non consentita." };
  if (status === 404) return ERRORS.NOT_FOUND;
  if (status === 413) return ERRORS.PAYLOAD_TOO_LARGE;
  if (status === 429) return ERRORS.RATE_LIMITED;
  return ERRORS.GENERIC;
}

/**
 * Italian text of a failed auth call.
 * Input: Better Auth's `code` (may be missing, e.g. on a 429; Better Auth's or the spec's identity
 * code) and the HTTP status (0 = network).
 * Output: {title, message} from AUTH_ERRORS, else by status.
 */
export function authErrorText(code: string | undefined, status: number): ErrorText {
  return (code && AUTH_ERRORS[specAuthCode(code)]) || textForStatus(status);
}
