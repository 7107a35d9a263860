/**
 * Shape of a genre corpus of the offline storyteller.
 *
 * Templates are Italian text with slots, filled by `template.ts`:
 * - `{compagno}`, `{antagonista}`: names of the game's companion and antagonist;
 * - `{ruolo_compagno}`, `{ruolo_antagonista}`: their description with an indefinite or definite article;
 * - `{luogo}`, `{luogo2}`, `{luogo3}`, `{oggetto}`: places and object, with their definite article;
 * - `{a:luogo}`, `{di:luogo}`, `{da:luogo}`, `{in:luogo}`, `{su:luogo}`: the same with the articulated
 *   preposition (alla Torre, della Torre, …);
 * - a capital first letter (`{Luogo}`, `{In:luogo2}`) capitalises the output;
 * - `{c:o/a}`, `{n:o/a}` and `{o:o/a}`: masculine/feminine alternatives agreeing with the companion
 *   (c), the antagonist (n) or the object (o), e.g. `pront{c:o/a}`, `{c:il tuo compagno/la tua compagna}`,
 *   `{Oggetto} è sparit{o:o/a}`. Every participle, adjective or pronoun that describes one of them
 *   is written this way (issue 38 §3: agreement.test.ts renders every template with both genders).
 */

import { z } from "zod";

/** A cast member: name, gender, and a description with its article agreeing with the gender ("una guaritrice dei boschi"). */
const castMemberSchema = z.object({ name: z.string().min(1), gender: z.enum(["m", "f"]), role: z.string().min(1) });

const lines = z.array(z.string().min(1));

/** An object: its name with the definite article ("la chiave di cristallo") and its grammatical gender (singular). */
const objectSchema = z.object({ name: z.string().min(1), gender: z.enum(["m", "f"]) });

/**
 * A genre's corpus (<genre>.json beside this file), checked when the server loads it:
 * companions and antagonists (the game picks one of each), places with their definite article (it
 * picks three), objects with their gender (one), opening paragraphs, middle-story scenes by arc phase (at least 30,
 * at least 6 per phase: `setup` sets a place or a person, `complication` brings a threat or an obstacle, `turn`
 * a revelation; consecutive turns follow setup → complication → turn, issue 38 §3), paragraphs
 * toward the climax (phase 'approach-ending'), endings (phase 'conclude'), choice templates in the
 * infinitive without the number (at least 12), and outcomes that follow the player's move (each
 * mentions `{compagno}`).
 */
export const genreCorpusSchema = z.object({
  companions: z.array(castMemberSchema).min(1),
  antagonists: z.array(castMemberSchema).min(1),
  places: lines.min(3),
  objects: z.array(objectSchema).min(1),
  openings: lines.min(1),
  fragments: z
    .object({ setup: lines.min(6), complication: lines.min(6), turn: lines.min(6) })
    .refine((f) => f.setup.length + f.complication.length + f.turn.length >= 30, "at least 30 scenes"),
  climaxes: lines.min(1),
  endings: lines.min(1),
  choices: lines.min(12),
  outcomes: lines.min(1),
});

/**
 * The genre-neutral pieces (shared.json): how a move is introduced (CHOICE_INTROS for an option in
 * the infinitive, CHOICE_INTROS_LITERAL quoted as it is, CHOICE_INTROS_MISSING when the previous
 * options are lost, FREE_INTROS for free text), the closing question before the choices (CLOSINGS),
 * hooks, a new story's lines, and the choices offered near (CLIMAX_CHOICES) and at the end
 * (ENDING_CHOICES), and the sentences that take up a noun of the player's free text (FREE_ACKS, `{cosa}`:
 * the noun with its definite article, e.g. "la cassa"; issue 38 §3). `{azione}` is the player's move,
 * `{lettera}` the chosen letter.
 */
export const sharedLinesSchema = z.object({
  CHOICE_INTROS: lines.min(1),
  CHOICE_INTROS_LITERAL: lines.min(1),
  CHOICE_INTROS_MISSING: lines.min(1),
  CLIMAX_CHOICES: lines.min(3),
  CLOSINGS: lines.min(1),
  ENDING_CHOICES: lines.min(3),
  FREE_ACKS: lines.min(1),
  FREE_INTROS: lines.min(1),
  HOOKS: lines.min(1),
  NEW_STORY_LINES: lines.min(1),
});

export type CastMember = z.infer<typeof castMemberSchema>;
export type Gender = CastMember["gender"];
export type StoryObject = z.infer<typeof objectSchema>;
export type GenreCorpus = z.infer<typeof genreCorpusSchema>;
export type ArcPhase = keyof GenreCorpus["fragments"];
