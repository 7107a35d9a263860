/**
 * A player's scenario (issue 40 §1 'Pubblica come scenario'): the form of /crea-gioco's
 * 'Pubblica come scenario' and the body of POST /api/scenarios, one schema for web and server.
 * Title, one of the 14 genres, description, the opening ('first message'), up to
 * MAX_ALTERNATE_OPENINGS alternative openings, the world cards (the story cards editor's schema,
 * at most MAX_SCENARIO_CARDS) and an optional cover URL from the media pipeline.
 * Every text is plain text: it is never rendered as HTML.
 */

import { z } from "zod";
import { GENRES } from "../genres";
import { storyCardSchema } from "./memory";
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from "./template";

/** Limits of a scenario (issue 40 §1 'Limits'). */
export const SCENARIO_LIMITS = {
  descriptionMin: 20,
  openingMin: 20,
  openingMax: 6_000,
  alternateOpenings: 5,
  cards: 20,
  /** Drafts (new scenarios and remixes) one player may create in 24 hours. */
  draftsPerDay: 20,
  /** Scenarios one player may publish in 24 hours. */
  publicationsPerDay: 10,
  /** Bytes of an uploaded cover (JPEG, PNG or WebP; POST /api/scenarios/:id/cover). */
  coverBytes: 5 * 1024 * 1024,
  /** Cover uploads one player may make in an hour (each stores a file until saved or swept). */
  coverUploadsPerHour: 30,
} as const;

const opening = (what: string) =>
  z
    .string({ error: `${what} deve avere almeno ${SCENARIO_LIMITS.openingMin} caratteri.` })
    .trim()
    .min(SCENARIO_LIMITS.openingMin, `${what} deve avere almeno ${SCENARIO_LIMITS.openingMin} caratteri.`)
    .max(SCENARIO_LIMITS.openingMax, `${what} può contenere al massimo ${SCENARIO_LIMITS.openingMax} caratteri.`);

export const scenarioSchema = z.object({
  title: z
    .string({ error: TEMPLATE_MESSAGES.title })
    .trim()
    .min(3, TEMPLATE_MESSAGES.title)
    .max(TEMPLATE_LIMITS.titleMax, `Il titolo può contenere al massimo ${TEMPLATE_LIMITS.titleMax} caratteri.`),
  genre: z.enum(GENRES, { error: "Seleziona un genere" }),
  description: z
    .string({ error: `La descrizione deve avere almeno ${SCENARIO_LIMITS.descriptionMin} caratteri.` })
    .trim()
    .min(SCENARIO_LIMITS.descriptionMin, `La descrizione deve avere almeno ${SCENARIO_LIMITS.descriptionMin} caratteri.`)
    .max(TEMPLATE_LIMITS.descriptionMax, `La descrizione può contenere al massimo ${TEMPLATE_LIMITS.descriptionMax} caratteri.`),
  first_message: opening("L'apertura"),
  alternate_openings: z
    .array(opening("Ogni apertura alternativa"))
    .max(SCENARIO_LIMITS.alternateOpenings, `Al massimo ${SCENARIO_LIMITS.alternateOpenings} aperture alternative.`)
    .default([]),
  story_cards: z.array(storyCardSchema).max(SCENARIO_LIMITS.cards, `Al massimo ${SCENARIO_LIMITS.cards} schede del mondo per scenario.`).default([]),
  cover_image_url: z
    .string()
    .trim()
    .max(500, "Indirizzo della copertina non valido.")
    .regex(/^\/media\/[A-Za-z0-9._/-]+$/, "La copertina deve essere un'immagine caricata sul sito.")
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export type ScenarioInput = z.infer<typeof scenarioSchema>;
