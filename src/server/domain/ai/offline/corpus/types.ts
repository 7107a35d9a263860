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
 * - `{c:o/a}` and `{n:o/a}`: masculine/feminine alternatives agreeing with the companion (c) or the
 *   antagonist (n), e.g. `pront{c:o/a}`, `{c:il tuo compagno/la tua compagna}`.
 */

export type Gender = "m" | "f";

export interface CastMember {
  name: string;
  gender: Gender;
  /** Description with its article, agreeing with `gender` ("una guaritrice dei boschi"). */
  role: string;
}

export interface GenreCorpus {
  /** Companion candidates (the game picks one). */
  companions: CastMember[];
  /** Antagonist or mystery candidates (the game picks one). */
  antagonists: CastMember[];
  /** Places with their definite article (the game picks three). */
  places: string[];
  /** Objects with their definite article (the game picks one). */
  objects: string[];
  /** Opening paragraphs: protagonist's situation, a place and the named companion. */
  openings: string[];
  /** Middle-story scene fragments (at least 30). */
  fragments: string[];
  /** Paragraphs that move toward the climax (phase 'approach-ending'). */
  climaxes: string[];
  /** Ending paragraphs (phase 'conclude'). */
  endings: string[];
  /** Choice templates in the infinitive, without the number (at least 12). */
  choices: string[];
  /** Consequence phrasings that follow the player's move; each mentions `{compagno}`. */
  outcomes: string[];
}
