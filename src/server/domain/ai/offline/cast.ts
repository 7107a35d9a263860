/**
 * The per-game cast of the offline storyteller: companion, antagonist, three places and an
 * object, chosen from the genre's corpus with a seed derived from the game id.
 */

import type { GenreName } from "../../../../shared/genres";
import { CORPORA } from "./corpus";
import { peopleNamedIn } from "./names";
import { createRng } from "./rng";
import type { Cast } from "./template";

/** The companion's description when the genre has none of the named person's gender. */
const PLAIN_ROLE = { m: "il tuo compagno di strada", f: "la tua compagna di strada" } as const;

/**
 * Chooses the cast of a game.
 * Input: the game id (any string), its genre, and the story's own premise or opening (a 'Crea il
 * tuo Gioco' premise, a template's opening; '' for a genre game). Output: a {@link Cast}; the same
 * inputs always give the same cast, different game ids usually differ. When the premise names a
 * person ("Samuele Bertoli", names.ts), that person is the companion, with the gender of the first
 * name and a description of the genre's companions of that gender (issue 38 §3: the premise's
 * names are the story's names). Never throws.
 * Spec §2 Game chat: names and places stay consistent for the whole game.
 */
export function castFor(gameId: string, genre: GenreName, premise = ""): Cast {
  const corpus = CORPORA[genre] ?? CORPORA.Fantasy;
  const rng = createRng(`cast|${genre}|${gameId}`);
  const places = rng.shuffle(corpus.places);
  const companion = rng.pick(corpus.companions);
  const antagonist = rng.pick(corpus.antagonists);
  const object = rng.pick(corpus.objects);
  const named = peopleNamedIn(premise)[0];
  const sameGender = named ? corpus.companions.filter((c) => c.gender === named.gender) : [];
  return {
    companion: named
      ? { name: named.name, gender: named.gender, role: sameGender.length ? rng.pick(sameGender).role : PLAIN_ROLE[named.gender] }
      : companion,
    antagonist,
    places: [places[0]!, places[1]!, places[2]!],
    object: object.name,
    objectGender: object.gender,
  };
}
