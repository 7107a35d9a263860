/**
 * Character cards and lorebooks ↔ scenarios (issue 40 §3; ADR 0027). Pure: no database.
 *
 * Import (Character Card V2, github.com/malfoyslastname/character-card-spec-v2; V3,
 * github.com/kwaroran/character-card-spec-v3; SillyTavern World Info):
 *   name → title (and the main character: `{{char}}` is the title when played);
 *   description → the premise (saved_games.description); description, personality, scenario and the
 *   card's system_prompt → the narrator's instructions (special_instructions);
 *   first_mes → first_message; alternate_greetings → alternate_openings;
 *   character_book.entries (keys, content, enabled, constant, insertion_order) → world cards;
 *   everything else (creator_notes, tags, creator, personality, scenario, mes_example, extensions,
 *   the book's settings, each entry's other fields, unknown fields) → raw_card, so an export loses nothing.
 * Export: the row back as a V3 card (`spec_version: "3.0"`, world cards as `character_book`), and a V2 copy.
 */

import type { z } from "zod";
import { GENRES, type GenreName } from "../../../../shared/genres";
import { cardV2Schema, cardV3Schema, type CardData, WORLD_CARD_TITLE_MAX, worldInfoSchema } from "../../../../shared/schemas/character-card";
import { type StoryCard, storyCardsSchema } from "../../../../shared/schemas/memory";
import { AppError } from "../../../platform/errors";

type Json = Record<string, unknown>;

/** The scenario columns an imported card fills. */
export interface DraftFields {
  title: string;
  genre: GenreName;
  description: string;
  special_instructions: string | null;
  first_message: string | null;
  alternate_openings: string[];
  story_cards: StoryCard[];
  raw_card: RawCard;
}

/** saved_games.raw_card: what the site does not map, by where it was in the card. */
export interface RawCard {
  format: "chara_card_v2" | "chara_card_v3" | "world_info";
  /** Top-level fields besides spec, spec_version and data (World Info: besides entries). */
  top: Json;
  /** `data` fields besides name, description, first_mes, alternate_greetings and character_book. */
  data: Json;
  /** `character_book` besides its entries; null: the card had none. */
  book: Json | null;
  /** Per world card, in order: its title when imported and the entry's other fields. */
  entries: { title: string; extra: Json }[];
}

/** 400 CARD_INVALID with the Italian message naming the problem. */
export const cardError = (message: string) => AppError.of("CARD_INVALID", 400, message);

const omit = (value: Json, keys: readonly string[]): Json => Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

/** The first problem of a failed parse, with the field it is in. */
function schemaError(error: z.ZodError, what: string): AppError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (campo ${issue.path.join(".")})` : "";
  return cardError(`${what} non rispetta lo schema: ${issue?.message ?? "dati non validi"}${where}.`);
}

/** The genre a card's tags name (the first tag that is a site genre), else Fantasy. */
function genreOfTags(tags: readonly string[]): GenreName {
  for (const tag of tags) {
    const genre = GENRES.find((g) => g.toLowerCase() === tag.trim().toLowerCase());
    if (genre) return genre;
  }
  return "Fantasy";
}

/** A world card's title: the entry's name, its comment, its first keyword or 'Scheda N', at most WORLD_CARD_TITLE_MAX characters. */
function entryTitle(candidates: (string | undefined)[], index: number): string {
  const found = candidates.map((c) => c?.trim() ?? "").find((c) => c !== "");
  return (found ?? `Scheda ${index + 1}`).slice(0, WORLD_CARD_TITLE_MAX).trim();
}

/** Validates the world cards made from a lorebook; 400 naming the problem. */
function worldCards(cards: StoryCard[]): StoryCard[] {
  const parsed = storyCardsSchema.safeParse(cards);
  if (!parsed.success) throw schemaError(parsed.error, "Una scheda del mondo");
  return parsed.data;
}

const ENTRY_MAPPED = ["keys", "content", "enabled", "insertion_order", "constant"] as const;
const DATA_MAPPED = ["name", "description", "first_mes", "alternate_greetings", "character_book"] as const;

/** The narrator's instructions made from the card (kept with their macros; replaced when played). */
function narratorInstructions(data: CardData): string | null {
  const parts = [
    "Il personaggio principale della storia è {{char}}; il giocatore è {{user}}.",
    data.description.trim() && `Descrizione del personaggio: ${data.description.trim()}`,
    data.personality.trim() && `Personalità: ${data.personality.trim()}`,
    data.scenario.trim() && `Scenario: ${data.scenario.trim()}`,
    data.system_prompt.trim() && `Indicazioni dell'autore della scheda: ${data.system_prompt.trim()}`,
  ].filter((part): part is string => Boolean(part));
  return parts.join("\n\n");
}

/** A V2 or V3 card → the draft's fields. */
function fromCharacterCard(card: Json, format: "chara_card_v2" | "chara_card_v3"): DraftFields {
  const parsed = (format === "chara_card_v3" ? cardV3Schema : cardV2Schema).safeParse(card);
  if (!parsed.success) throw schemaError(parsed.error, format === "chara_card_v3" ? "La scheda V3" : "La scheda V2");
  const data = parsed.data.data as CardData & Json;
  const entries = data.character_book?.entries ?? [];
  const cards = entries.map((entry, index) => ({
    title: entryTitle([entry.name, entry.comment, entry.keys[0]], index),
    text: entry.content,
    keywords: entry.keys.map((k) => k.trim()).filter((k) => k !== ""),
    constant: entry.constant ?? false,
    enabled: entry.enabled,
    order: entry.insertion_order,
  }));
  return {
    title: data.name,
    genre: genreOfTags(data.tags),
    description: data.description,
    special_instructions: narratorInstructions(data),
    first_message: data.first_mes === "" ? null : data.first_mes,
    alternate_openings: data.alternate_greetings,
    story_cards: worldCards(cards),
    raw_card: {
      format,
      top: omit(card, ["spec", "spec_version", "data"]),
      data: omit(data, DATA_MAPPED),
      book: data.character_book ? omit(data.character_book, ["entries"]) : null,
      entries: entries.map((entry, index) => ({ title: cards[index]!.title, extra: omit(entry, ENTRY_MAPPED) })),
    },
  };
}

/** A SillyTavern World Info → a draft with world cards only. */
function fromWorldInfo(info: Json): DraftFields {
  const parsed = worldInfoSchema.safeParse(info);
  if (!parsed.success) throw schemaError(parsed.error, "Il World Info");
  const entries = Object.values(parsed.data.entries);
  const cards = entries.map((entry, index) => ({
    title: entryTitle([entry.comment, entry.key[0]], index),
    text: entry.content,
    keywords: entry.key.map((k) => k.trim()).filter((k) => k !== ""),
    constant: entry.constant,
    enabled: !entry.disable,
    order: entry.order,
  }));
  return {
    title: parsed.data.name?.trim() || "Mondo importato",
    genre: "Fantasy",
    description: "",
    special_instructions: null,
    first_message: null,
    alternate_openings: [],
    story_cards: worldCards(cards),
    raw_card: {
      format: "world_info",
      top: omit(info, ["entries"]),
      data: {},
      book: null,
      entries: entries.map((entry, index) => ({ title: cards[index]!.title, extra: omit(entry, ["key", "content", "constant", "disable", "order"]) })),
    },
  };
}

/**
 * A card's JSON text → the draft's fields. Input: the text (a V2 or V3 card, or a World Info).
 * Output: {@link DraftFields}. Throws 400 CARD_INVALID naming the problem: not JSON, not an
 * object, an unknown format, a field failing the spec's schema or the site's limits.
 */
export function draftFromCardText(text: string): DraftFields {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw cardError("La scheda non è leggibile: il testo è incompleto o contiene errori di sintassi.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw cardError("La scheda deve essere un oggetto con i suoi campi, non un elenco o un valore singolo.");
  const card = value as Json;
  if (card.spec === "chara_card_v2" || card.spec === "chara_card_v3") return fromCharacterCard(card, card.spec);
  if (card.spec === undefined && "entries" in card) return fromWorldInfo(card);
  throw cardError("Formato non riconosciuto: sono accettate le schede Character Card V2 e V3 (campo spec) e il World Info di SillyTavern (campo entries).");
}

/** The row fields an export reads. */
export interface ScenarioForCard {
  title: string;
  genre: string;
  description: string | null;
  first_message: string | null;
  alternate_openings: string[];
  story_cards: StoryCard[];
  raw_card: RawCard | null;
  /** The opening of a template without first_message (its initial prompt). */
  initial_prompt: string;
  system_prompt: string | null;
}

/** The V3 data fields every export has (github.com/kwaroran/character-card-spec-v3). */
const DATA_DEFAULTS = {
  personality: "",
  scenario: "",
  mes_example: "",
  creator_notes: "",
  system_prompt: "",
  post_history_instructions: "",
  tags: [] as string[],
  creator: "",
  character_version: "",
  extensions: {},
  group_only_greetings: [] as string[],
};

/**
 * A scenario as a Character Card V3 (issue 40 §3 export). Input: {@link ScenarioForCard}.
 * Output: `{spec: "chara_card_v3", spec_version: "3.0", data}`; the raw card's fields come back
 * where they were; world cards become `character_book.entries` (keys, content, enabled, constant,
 * insertion_order, extensions, and the entry's other imported fields when its title is unchanged).
 */
export function cardV3Of(scenario: ScenarioForCard): Json {
  const raw = scenario.raw_card;
  const entries = scenario.story_cards.map((card, index) => {
    const kept = raw?.entries[index];
    const extra = kept && kept.title === card.title ? kept.extra : {};
    return {
      ...extra,
      keys: card.keywords,
      content: card.text,
      enabled: card.enabled,
      insertion_order: card.order,
      constant: card.constant,
      extensions: (extra.extensions as Json | undefined) ?? {},
      name: (extra.name as string | undefined) ?? card.title,
    };
  });
  const book = raw?.book ?? (entries.length > 0 ? {} : null);
  const data: Json = {
    ...DATA_DEFAULTS,
    ...(raw ? {} : { tags: [scenario.genre], system_prompt: scenario.system_prompt ?? "" }),
    ...raw?.data,
    name: scenario.title,
    description: scenario.description ?? "",
    first_mes: scenario.first_message ?? (raw ? "" : scenario.initial_prompt),
    alternate_greetings: scenario.alternate_openings,
    ...(book ? { character_book: { ...book, extensions: (book.extensions as Json | undefined) ?? {}, entries } } : {}),
  };
  return { ...raw?.top, spec: "chara_card_v3", spec_version: "3.0", data };
}

/** The V2 copy of a V3 card (the PNG's `chara` chunk): the same data under `chara_card_v2`. */
export function cardV2Of(v3: Json): Json {
  return { ...v3, spec: "chara_card_v2", spec_version: "2.0" };
}

/** Reads saved_games.raw_card; null for none or a malformed value. */
export function parseRawCard(stored: string | null): RawCard | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as RawCard;
    return typeof value === "object" && value !== null && Array.isArray(value.entries) ? value : null;
  } catch {
    return null;
  }
}
