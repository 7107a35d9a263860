/**
 * 'Gioca insieme' (issue 24, ADR 0019): the inputs of the group endpoints, shared by the web forms
 * and the server routes.
 */

import { z } from "zod";

/** At most 4 players in a story, host included (issue 24). */
export const GROUP_MAX_PLAYERS = 4;
export const CHARACTER_NAME_MAX = 40;
export const CHARACTER_LINE_MAX = 140;
export const NOTE_MAX = 500;
export const VOTE_SECONDS_MIN = 30;
export const VOTE_SECONDS_MAX = 300;
export const VOTE_SECONDS_DEFAULT = 60;
/** Longest action a player may propose in a vote: a chat message's length. */
export const VOTE_ACTION_MAX = 500;

/**
 * What breaks a line or is no text (issue 36 finding 11): control characters (newline, carriage
 * return, tab, NUL, escape, C1) and the Unicode line and paragraph separators.
 */
const LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;
/** Whether a (trimmed) value is one line of text: no {@link LINE_BREAK}. */
const isOneLine = (value: string) => !LINE_BREAK.test(value);

/**
 * The character a player sets on joining and may change later (PUT /api/games/:id/players/me):
 * a name and a line, each one line of text (issue 36 finding 11: they reach the narrator).
 */
export const characterSchema = z
  .object({
    characterName: z
      .string({ error: "Scrivi il nome del tuo personaggio." })
      .trim()
      .min(1, "Scrivi il nome del tuo personaggio.")
      .max(CHARACTER_NAME_MAX, `Il nome del personaggio può contenere al massimo ${CHARACTER_NAME_MAX} caratteri.`)
      .refine(isOneLine, "Il nome del personaggio va scritto su una sola riga."),
    characterLine: z
      .string({ error: "Descrivi il tuo personaggio in una riga." })
      .trim()
      .max(CHARACTER_LINE_MAX, `La descrizione può contenere al massimo ${CHARACTER_LINE_MAX} caratteri.`)
      .refine(isOneLine, "La descrizione del personaggio va scritta su una sola riga.")
      .default(""),
  })
  .strict();
export type CharacterInput = z.infer<typeof characterSchema>;

/** POST /api/invitations/:token/join: the joining player's character. */
export const joinSchema = characterSchema;
export type JoinInput = CharacterInput;

/** PUT /api/games/:id/group (host): how the story moves and the vote's countdown. */
export const groupSettingsSchema = z
  .object({
    mode: z.enum(["turns", "vote"], { error: "Scegli 'A turno' o 'Voto'." }),
    voteSeconds: z
      .number({ error: "Indica la durata del voto in secondi." })
      .int("La durata del voto è un numero intero di secondi.")
      .min(VOTE_SECONDS_MIN, `Il voto dura almeno ${VOTE_SECONDS_MIN} secondi.`)
      .max(VOTE_SECONDS_MAX, `Il voto dura al massimo ${VOTE_SECONDS_MAX} secondi.`)
      .default(VOTE_SECONDS_DEFAULT),
  })
  .strict();
export type GroupSettingsInput = z.infer<typeof groupSettingsSchema>;

/** POST /api/games/:id/votes: one of the choices A, B, C, or an action the player proposes (one line). */
export const voteSchema = z.union(
  [
    z.object({ choice: z.enum(["A", "B", "C"], { error: "Scegli A, B o C." }) }).strict(),
    z
      .object({
        action: z
          .string()
          .trim()
          .min(1, "Scrivi l'azione che proponi.")
          .max(VOTE_ACTION_MAX, `L'azione può contenere al massimo ${VOTE_ACTION_MAX} caratteri.`)
          .refine(isOneLine, "L'azione proposta va scritta su una sola riga."),
      })
      .strict(),
  ],
  { error: "Scegli A, B o C, oppure proponi un'azione." },
);
export type VoteInput = z.infer<typeof voteSchema>;

/** POST /api/games/:id/notes: a side note ('fuori scena'), never sent to the narrator. */
export const noteSchema = z
  .object({
    text: z
      .string({ error: "Scrivi una nota." })
      .trim()
      .min(1, "Scrivi una nota.")
      .max(NOTE_MAX, `La nota può contenere al massimo ${NOTE_MAX} caratteri.`),
  })
  .strict();
export type NoteInput = z.infer<typeof noteSchema>;
