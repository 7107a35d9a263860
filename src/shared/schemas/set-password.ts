/**
 * Set-password form (/reimposta-password: accounts created by an admin, and password resets):
 * the registration's length rule (spec §5: at least 8 characters) and a matching confirmation.
 */

import { z } from "zod";

export const setPasswordSchema = z
  .object({
    password: z.string().min(8, "La password deve contenere almeno 8 caratteri.").max(128, "La password può contenere al massimo 128 caratteri."),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Le password non coincidono." });

export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
