/**
 * The per-game cast of the offline storyteller: companion, antagonist, three places and an
 * object, chosen from the genre's corpus with a seed derived from the game id.
 */

import type { GenreName } from "../../../../shared/genres";
import { CORPORA } from "./corpus";
import { createRng } from "./rng";
import type { Cast } from "./template";

/**
 * Chooses the cast of a game.
 * Input: the game id (any string) and its genre. Output: a {@link Cast}; the same inputs always
 * give the same cast, different game ids usually differ. Never throws.
 * Spec §2 Game chat: names and places stay consistent for the whole game.
 */
export function castFor(gameId: string, genre: GenreName): Cast {
  const corpus = CORPORA[genre] ?? CORPORA.Fantasy;
  const rng = createRng(`cast|${genre}|${gameId}`);
  const places = rng.shuffle(corpus.places);
  const companion = rng.pick(corpus.companions);
  const antagonist = rng.pick(corpus.antagonists);
  const object = rng.pick(corpus.objects);
  return {
    companion,
    antagonist,
    places: [places[0]!, places[1]!, places[2]!],
    object: object.name,
    objectGender: object.gender,
  };
}
