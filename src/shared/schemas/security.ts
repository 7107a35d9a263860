/**
 * Profilo → 'Sicurezza' and the 'Verifica in due passaggi' sign-in step (issue 10): one schema
 * per form, for the web form and, where the server checks the same field itself, the server.
 * Italian messages as in spec §5 (password length) and §8.
 */

import { z } from "zod";
import { email } from "./auth";

const newPassword = z.string().min(8, "La password deve contenere almeno 8 caratteri.").max(128, "La password può contenere al massimo 128 caratteri.");
const password = z.string().min(1, "Inserisci la password.").max(128, "La password può contenere al massimo 128 caratteri.");

/** A current code of the authenticator app: 6 digits (spaces typed by the player are dropped). */
const appCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Il codice è di 6 cifre."));

/** A code of the app or a backup code ("abcde-12345"). */
const anyCode = z.string().trim().min(1, "Inserisci un codice dell'app o un codice di backup.").max(32, "Il codice non è valido.");

export const changePasswordSchema = z.object({
  currentPassword: password,
  newPassword,
});

export const changeEmailSchema = z.object({ newEmail: email });

/** 'Attiva' (turning two-step verification on needs the password). */
export const enableTwoFactorSchema = z.object({ password });

/** Confirming the app, or the sign-in step with the app's code. */
export const appCodeSchema = z.object({ code: appCode });

/** The sign-in step with a backup code. */
export const backupCodeSchema = z.object({ code: anyCode });

/** 'Disattiva': the password and a code of the app or a backup code (checked by the server too). */
export const disableTwoFactorSchema = z.object({ password, code: anyCode });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
