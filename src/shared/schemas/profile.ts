/**
 * Profile form (spec §2 Profile, §5 'Profile nickname: unique'). Empty fields are stored as
 * null. Lengths and the nickname's characters are not in the spec: 3–30 letters, digits, '.',
 * '_' or '-' keep nicknames readable next to images ('Creata da …').
 */

import { z } from "zod";
import { ERASURE_WORD } from "../erasure";

const optionalName = (label: string) =>
  z.string().trim().max(80, `${label} può avere al massimo 80 caratteri.`);

/** A nickname as typed: trimmed, NFC; '' = none; else 3–30 letters, digits, '.', '_' or '-'. */
export const nicknameField = z
  .string()
  .trim()
  // One spelling for an accented letter, whatever the keyboard sent ('E' + U+0301 → 'É').
  .transform((v) => v.normalize("NFC"))
  .refine((v) => v === "" || (v.length >= 3 && v.length <= 30), "Il nickname deve avere da 3 a 30 caratteri.")
  .refine((v) => v === "" || /^[\p{L}\p{N}._-]+$/u.test(v), "Il nickname può contenere solo lettere, numeri, punti, trattini e trattini bassi.");

export const profileSchema = z.object({
  nickname: nicknameField,
  firstName: optionalName("Il nome"),
  lastName: optionalName("Il cognome"),
});

export type ProfileInput = z.infer<typeof profileSchema>;

/**
 * 'Elimina account' (DELETE /api/profile; issue 36 finding 17): what ErasureProofView asks — the
 * password, a code of the authenticator app or a backup code, or the word ELIMINA. Which of them
 * are required is the server's check; here only their shape and size.
 */
export const erasureSchema = z.object({
  password: z.string().max(128, "La password può contenere al massimo 128 caratteri.").optional(),
  code: z.string().trim().max(32, "Il codice non è valido.").optional(),
  word: z.string().trim().max(32, `Scrivi ${ERASURE_WORD} per confermare.`).optional(),
});

export type ErasureInput = z.infer<typeof erasureSchema>;

/**
 * The key under which a nickname is unique (spec §5 'Profile nickname: unique'; issue 9): the
 * same for 'Élise', 'élise', 'ÉLISE' and a decomposed 'E\u0301lise', for 'Straße' and 'STRASSE',
 * for a full-width 'Ｍａｒｉｏ' and 'mario'. It approximates Unicode's NFKC_Casefold with what
 * JavaScript offers: NFKC, then lower → upper → lower case (the round trip applies the full,
 * multi-letter mappings such as ß → SS that plain toLowerCase lacks; toLowerCase is
 * locale-independent, so no Turkish or Lithuanian rule depends on the server's locale), then NFKC
 * again. It is computed here, not by the database, so SQLite (whose lower() knows only ASCII) and
 * PostgreSQL (whose lower() depends on the collation) store the same key.
 * Input: a nickname. Output: its key.
 */
export function nicknameKey(nickname: string): string {
  return nickname.normalize("NFKC").toLowerCase().toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * The nickname offered at registration (issue 22 §3), from the e-mail's local part: the part
 * before '+', characters a nickname may not hold dropped, cut to 30. Input: what is in the e-mail
 * field (any string). Output: a valid nickname, or '' when fewer than 3 characters remain.
 */
export function suggestNickname(email: string): string {
  const local = (email.split("@")[0] ?? "").split("+")[0]!.normalize("NFC");
  const kept = local.replace(/[^\p{L}\p{N}._-]/gu, "").slice(0, 30);
  return kept.length >= 3 ? kept : "";
}
