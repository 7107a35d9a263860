/**
 * Profile form (spec §2 Profile, §5 'Profile nickname: unique'). Empty fields are stored as
 * null. Lengths and the nickname's characters are not in the spec: 3–30 letters, digits, '.',
 * '_' or '-' keep nicknames readable next to images ('Creata da …').
 */

import { z } from "zod";

const optionalName = (label: string) =>
  z.string().trim().max(80, `${label} può avere al massimo 80 caratteri.`);

export const profileSchema = z.object({
  nickname: z
    .string()
    .trim()
    .refine((v) => v === "" || (v.length >= 3 && v.length <= 30), "Il nickname deve avere da 3 a 30 caratteri.")
    .refine((v) => v === "" || /^[\p{L}\p{N}._-]+$/u.test(v), "Il nickname può contenere solo lettere, numeri, punti, trattini e trattini bassi."),
  firstName: optionalName("Il nome"),
  lastName: optionalName("Il cognome"),
});

export type ProfileInput = z.infer<typeof profileSchema>;
