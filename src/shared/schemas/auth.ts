/**
 * Login and registration forms (spec §5 Login, Registration) and the e-mail-only requests
 * (issue 10): one schema for the web form and the server check, with the spec's Italian messages.
 */

import { z } from "zod";
import { nicknameField } from "./profile";

export const email = z.string().trim().pipe(z.email({ message: "Inserisci un'email valida." }));

/** The age box: at least 14 years old (the age of consent to data processing for online services in Italy). */
const ageConfirmation = z.literal(true, { message: "Devi avere almeno 14 anni per registrarti: conferma la tua età." });

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "La password è richiesta."),
});

export const registrationSchema = z.object({
  email,
  password: z.string().min(8, "La password deve contenere almeno 8 caratteri.").max(128),
  acceptPrivacy: z.literal(true, { message: "Devi accettare la Privacy Policy per registrarti." }),
  /** 'Ho almeno 14 anni' (issue 23; Codice privacy art. 2-quinquies: the age of digital consent in Italy). */
  confirmAge: ageConfirmation,
  /** Optional, unique (issue 22 §3); the form suggests one from the e-mail. */
  nickname: nicknameField.optional(),
});

/** POST /api/me/age: an account made before issue 23, or through a provider, confirms its age once. */
export const ageConfirmationSchema = z.object({ confirmAge: ageConfirmation });

/** 'Password dimenticata?' and 'Invia di nuovo' (issue 10; spec §7 /recover, /resend): just the e-mail. */
export const emailRequestSchema = z.object({ email });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;
