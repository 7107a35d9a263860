/** Erasing the account (issue 36 finding 17): the confirmation of a player without a password or code. */

/** The word a player without a password or code types to erase the account. */
export const ERASURE_WORD = "ELIMINA";

/** How recent a provider sign-in must be to erase the account, minutes. */
export const ERASURE_SIGN_IN_MINUTES = 10;
