/**
 * Login and registration forms (spec §5 Login, Registration) and the e-mail-only requests
 * (issue 10): one schema for the web form and the server check, with the spec's Italian messages.
 */

import { z } from "zod";

export const email = z.string().trim().pipe(z.email({ message: "Inserisci un'email valida." }));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "La password è richiesta."),
});

export const registrationSchema = z.object({
  email,
  password: z.string().min(8, "La password deve contenere almeno 8 caratteri.").max(128),
  acceptPrivacy: z.literal(true, { message: "Devi accettare la Privacy Policy per registrarti." }),
});

/** 'Password dimenticata?' and 'Invia di nuovo' (issue 10; spec §7 /recover, /resend): just the e-mail. */
export const emailRequestSchema = z.object({ email });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;
