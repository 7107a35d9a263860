/**
 * Character cards and lorebooks in and out (issue 40 §3): the schemas of the open formats a player
 * imports, and the limits of an import. Shared by the web (accept list, sizes) and the server.
 *
 * Specs:
 * - Character Card V2: https://github.com/malfoyslastname/character-card-spec-v2 (`spec: "chara_card_v2"`,
 *   `data` with name, description, personality, scenario, first_mes, mes_example, creator_notes,
 *   system_prompt, post_history_instructions, alternate_greetings, character_book, tags, creator,
 *   character_version, extensions);
 * - Character Card V3: https://github.com/kwaroran/character-card-spec-v3 (`spec: "chara_card_v3"`,
 *   `spec_version: "3.0"`, V2's data plus group_only_greetings, nickname, assets, source, …);
 * - SillyTavern World Info JSON: `{ entries: { "<uid>": { key, content, comment, constant, disable, order, … } } }`.
 * Unknown fields pass through (`looseObject`): the draft keeps them in its raw card, so an export loses nothing.
 */

import { z } from "zod";
import { MAX_CARD_KEYWORDS, MAX_CARD_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH, MAX_STORY_CARDS } from "./memory";
import { TEMPLATE_LIMITS } from "./template";

/** Largest PNG card accepted, in bytes. */
export const MAX_CARD_PNG_BYTES = 2 * 1024 * 1024;
/** Largest JSON card accepted, in bytes (UTF-8). */
export const MAX_CARD_JSON_BYTES = 512 * 1024;
/** Longest text of a card field (description, personality, scenario, first_mes, …), in characters. */
export const MAX_CARD_FIELD_LENGTH = 20_000;
/** Alternative openings a card may carry. */
export const MAX_ALTERNATE_OPENINGS = 20;
/** Card imports one player may make per hour. */
export const CARD_IMPORTS_PER_HOUR = 30;

/** The file types the import control accepts. */
export const CARD_FILE_ACCEPT = ".png,.json,image/png,application/json";

const fieldText = (label: string, max = MAX_CARD_FIELD_LENGTH) =>
  z.string({ error: `Il campo «${label}» deve essere un testo.` }).max(max, `Il campo «${label}» può contenere al massimo ${max} caratteri.`);

/** A lorebook entry (V2 `character_book.entries[]`; V3 adds use_regex). Only the fields the site maps are checked. */
const bookEntrySchema = z.looseObject({
  keys: z
    .array(z.string({ error: "Le parole chiave di una scheda del mondo devono essere testi." }).max(40, "Una parola chiave può contenere al massimo 40 caratteri."), {
      error: "Ogni scheda del mondo deve avere le sue parole chiave (keys).",
    })
    .max(MAX_CARD_KEYWORDS, `Al massimo ${MAX_CARD_KEYWORDS} parole chiave per scheda del mondo.`),
  content: fieldText("content", MAX_CARD_TEXT_LENGTH),
  enabled: z.boolean({ error: "Il campo «enabled» di una scheda del mondo deve essere vero o falso." }).default(true),
  insertion_order: z.number({ error: "Il campo «insertion_order» deve essere un numero." }).int("Il campo «insertion_order» deve essere un numero intero.").min(-100000).max(100000).default(100),
  constant: z.boolean({ error: "Il campo «constant» deve essere vero o falso." }).optional(),
  name: fieldText("name", 200).optional(),
  comment: fieldText("comment", 2000).optional(),
});
export type CardBookEntry = z.infer<typeof bookEntrySchema>;

/** The lorebook of a card (`character_book`). */
const characterBookSchema = z.looseObject({
  entries: z.array(bookEntrySchema, { error: "Il lorebook (character_book) deve avere un elenco di voci (entries)." }).max(MAX_STORY_CARDS, `Al massimo ${MAX_STORY_CARDS} schede del mondo per scheda.`),
});

/** The `data` of a V2 card; V3's is the same plus its own fields, which pass through. */
const cardDataSchema = z.looseObject({
  name: z.string({ error: "La scheda deve avere un nome (name)." }).trim().min(1, "La scheda deve avere un nome (name).").max(TEMPLATE_LIMITS.titleMax, `Il nome può contenere al massimo ${TEMPLATE_LIMITS.titleMax} caratteri.`),
  description: fieldText("description").default(""),
  personality: fieldText("personality").default(""),
  scenario: fieldText("scenario").default(""),
  first_mes: fieldText("first_mes").default(""),
  mes_example: fieldText("mes_example").default(""),
  creator_notes: fieldText("creator_notes").default(""),
  system_prompt: fieldText("system_prompt").default(""),
  post_history_instructions: fieldText("post_history_instructions").default(""),
  alternate_greetings: z
    .array(fieldText("alternate_greetings"), { error: "Il campo «alternate_greetings» deve essere un elenco di testi." })
    .max(MAX_ALTERNATE_OPENINGS, `Al massimo ${MAX_ALTERNATE_OPENINGS} aperture alternative.`)
    .default([]),
  character_book: characterBookSchema.optional(),
  tags: z.array(fieldText("tags", 100), { error: "Il campo «tags» deve essere un elenco di testi." }).max(100, "Al massimo 100 etichette (tags).").default([]),
  creator: fieldText("creator", 200).default(""),
  character_version: fieldText("character_version", 200).default(""),
  extensions: z.record(z.string(), z.unknown(), { error: "Il campo «extensions» deve essere un oggetto." }).default({}),
});
export type CardData = z.infer<typeof cardDataSchema>;

/** Character Card V2 (github.com/malfoyslastname/character-card-spec-v2). */
export const cardV2Schema = z.object({
  spec: z.literal("chara_card_v2"),
  spec_version: z.string().max(20).default("2.0"),
  data: cardDataSchema,
});

/** Character Card V3 (github.com/kwaroran/character-card-spec-v3). */
export const cardV3Schema = z.object({
  spec: z.literal("chara_card_v3"),
  spec_version: z.string().max(20).default("3.0"),
  data: cardDataSchema.extend({
    group_only_greetings: z.array(fieldText("group_only_greetings")).max(MAX_ALTERNATE_OPENINGS).default([]),
  }),
});

/** One SillyTavern World Info entry. */
const worldInfoEntrySchema = z.looseObject({
  key: z.array(z.string().max(40, "Una parola chiave può contenere al massimo 40 caratteri."), { error: "Ogni voce del World Info deve avere le sue parole chiave (key)." }).max(MAX_CARD_KEYWORDS, `Al massimo ${MAX_CARD_KEYWORDS} parole chiave per voce.`),
  content: fieldText("content", MAX_CARD_TEXT_LENGTH),
  comment: fieldText("comment", 2000).default(""),
  constant: z.boolean().default(false),
  disable: z.boolean().default(false),
  order: z.number().int().min(-100000).max(100000).default(100),
});

/** SillyTavern World Info (a lorebook alone): `entries` as an object keyed by uid, or a list. */
export const worldInfoSchema = z.looseObject({
  name: fieldText("name", TEMPLATE_LIMITS.titleMax).optional(),
  entries: z
    .union([z.record(z.string(), worldInfoEntrySchema), z.array(worldInfoEntrySchema)], { error: "Il World Info deve avere le sue voci (entries)." })
    .refine((entries) => Object.keys(entries).length <= MAX_STORY_CARDS, `Al massimo ${MAX_STORY_CARDS} schede del mondo per scheda.`),
});

/** The longest title of a world card made from a lorebook entry. */
export const WORLD_CARD_TITLE_MAX = MAX_FACT_TITLE_LENGTH;

/** 201 of POST /api/templates/import. */
export interface ImportedCardView {
  id: string;
}
