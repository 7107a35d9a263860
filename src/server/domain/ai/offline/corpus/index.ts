/**
 * The offline storyteller's corpora, one per genre (spec §3 Genre: 14 genres).
 */

import type { GenreName } from "../../../../../shared/genres";
import { avventura } from "./avventura";
import { commedia } from "./commedia";
import { cyberpunk } from "./cyberpunk";
import { distopico } from "./distopico";
import { fantasy } from "./fantasy";
import { giallo } from "./giallo";
import { guerra } from "./guerra";
import { horror } from "./horror";
import { romantico } from "./romantico";
import { sciFi } from "./sci-fi";
import { steampunk } from "./steampunk";
import { storico } from "./storico";
import { thriller } from "./thriller";
import type { GenreCorpus } from "./types";
import { western } from "./western";

export type { CastMember, Gender, GenreCorpus } from "./types";

/** Genre name → corpus of templates (cast pools, openings, fragments, choices, endings). */
export const CORPORA: Record<GenreName, GenreCorpus> = {
  Fantasy: fantasy,
  Storico: storico,
  Giallo: giallo,
  Guerra: guerra,
  Avventura: avventura,
  Romantico: romantico,
  "Sci-Fi": sciFi,
  Horror: horror,
  Thriller: thriller,
  Commedia: commedia,
  Western: western,
  Cyberpunk: cyberpunk,
  Steampunk: steampunk,
  Distopico: distopico,
};
