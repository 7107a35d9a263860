/**
 * The offline storyteller's corpora, one per genre (spec §3 Genre: 14 genres), and its
 * genre-neutral lines: data files (<genre>.json, shared.json) beside this code (issue 37 §6),
 * checked against their schemas (types.ts) when the server loads them. A malformed file stops the
 * start with zod's message naming the file's field.
 */

import type { GenreName } from "../../../../../shared/genres";
import avventura from "./avventura.json";
import commedia from "./commedia.json";
import cyberpunk from "./cyberpunk.json";
import distopico from "./distopico.json";
import fantasy from "./fantasy.json";
import giallo from "./giallo.json";
import guerra from "./guerra.json";
import horror from "./horror.json";
import romantico from "./romantico.json";
import sciFi from "./sci-fi.json";
import shared from "./shared.json";
import steampunk from "./steampunk.json";
import storico from "./storico.json";
import thriller from "./thriller.json";
import { type GenreCorpus, genreCorpusSchema, sharedLinesSchema } from "./types";
import western from "./western.json";

export type { ArcPhase, CastMember, Gender, GenreCorpus, StoryObject } from "./types";

const corpus = (data: unknown): GenreCorpus => genreCorpusSchema.parse(data);

/** Genre name → corpus of templates (cast pools, openings, fragments, choices, endings). */
export const CORPORA: Record<GenreName, GenreCorpus> = {
  Fantasy: corpus(fantasy),
  Storico: corpus(storico),
  Giallo: corpus(giallo),
  Guerra: corpus(guerra),
  Avventura: corpus(avventura),
  Romantico: corpus(romantico),
  "Sci-Fi": corpus(sciFi),
  Horror: corpus(horror),
  Thriller: corpus(thriller),
  Commedia: corpus(commedia),
  Western: corpus(western),
  Cyberpunk: corpus(cyberpunk),
  Steampunk: corpus(steampunk),
  Distopico: corpus(distopico),
};

/** The genre-neutral lines (types.ts sharedLinesSchema says what each list is for). */
export const {
  CHOICE_INTROS,
  CHOICE_INTROS_LITERAL,
  CHOICE_INTROS_MISSING,
  CLIMAX_CHOICES,
  CLOSINGS,
  ENDING_CHOICES,
  FREE_ACKS,
  FREE_INTROS,
  HOOKS,
  NEW_STORY_LINES,
} = sharedLinesSchema.parse(shared);
