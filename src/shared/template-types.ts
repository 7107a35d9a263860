/**
 * Shapes of the template API's JSON (spec §2 Discover, Template detail, Admin templates), as the
 * server builds them; the web reads them from the routes (src/web/lib/api-contract.ts, ADR 0022).
 */

import type { StoryCard } from "./schemas/memory";

/** A card on /scopri. */
export interface TemplateCardView {
  id: string;
  /** Slug of the title (spec §9): the page is /scopri/{slug}/{id}. */
  slug: string;
  title: string;
  description: string;
  genre: string;
  /** http(s) URL or /media/… path; null = placeholder. */
  coverImageUrl: string | null;
  plays: number;
  likes: number;
  /** Who wrote it (issue 40 §1): a player's nickname, 'Storie.ai' for a starter, null for the site's other templates. */
  author: string | null;
}

/** A page of /scopri, most played first. */
export interface TemplatePageView {
  items: TemplateCardView[];
  /** Cursor of the next page (keyset on plays, created_at, id); null on the last page. */
  nextCursor: string | null;
}

/** The template page /scopri/{slug}/{id}. `liked`/`favorited` are false for visitors. */
export interface TemplateDetailView extends TemplateCardView {
  /** The story opening quoted on the page (content.initial_prompt). */
  initialPrompt: string;
  /**
   * The openings a player may start with (issue 40 §1 'Scegli l'inizio'): the first (the first
   * message, else the initial prompt) then the alternative ones, as stored ({{user}}/{{char}} kept).
   * Its index is the body's `opening` of POST /api/templates/:id/play.
   */
  openings: string[];
  liked: boolean;
  favorited: boolean;
}

/** A template as the admin table and dialog need it (every field of the form). */
export interface AdminTemplateView {
  id: string;
  slug: string;
  title: string;
  description: string;
  genre: string;
  cover_image_url: string | null;
  initial_prompt: string;
  system_prompt: string | null;
  response_style: string;
  story_pacing: string;
  interaction_style: string;
  temperature: number;
  max_tokens: number;
  context_memory: number;
  special_instructions: string | null;
  preferred_vocabulary: string | null;
  forbidden_topics: string[];
  /** Issue 11 §1: tokens of the narrator's prompt. */
  prompt_budget: number;
  /** Issue 11 §1: the world's story cards, copied into each game made from the template. */
  story_cards: StoryCard[];
  plays: number;
  likes: number;
  createdAt: string;
  updatedAt: string;
  /** Edit count: a save names it and is refused (409 STALE_EDIT) once another admin saved (issue 22 §9). */
  version: number;
}

/** Answer of the like toggle: the new state and the new like count (spec §7 toggle_like). */
export interface LikeResultView {
  liked: boolean;
  likes: number;
}

export interface FavoriteResultView {
  favorited: boolean;
}

/** A game created from a template or on /crea-gioco: open /gioco/{genre lower-cased}/{id}. */
export interface CreatedGameView {
  id: string;
  genre: string;
}

/** Answer of 'improve' (spec §7 improve-text). */
export interface ImproveResultView {
  improvedText: string;
  /** 'offline' when no AI provider is configured, else the model name. */
  source: string;
}

/** Answer of 'generate all empty fields' (spec §7 generate-content): only the fields filled. */
export interface GenerateResultView {
  generatedContent: Record<string, string>;
  source: string;
}

/** Answer of 'generate cover': the stored image's public URL. */
export interface CoverResultView {
  url: string;
  source: string;
}

/** Where a scenario comes from and who wrote it (issue 40 §1), as its page shows it. */
export interface ScenarioCreditsView {
  /** The author's nickname (link to /autore/{nickname}); 'Storie.ai' for a starter; null for the site's other templates or a player without a nickname. */
  author: string | null;
  /** True for the site's starter scenarios (issue 40 §4). */
  starter: boolean;
  /** True for the caller's own private draft (nobody else reaches it). */
  draft: boolean;
  /** 'Basato su «title» di author'; path null when the original is no longer reachable. */
  remixOf: { title: string; author: string | null; path: string | null } | null;
  /** How many remixes were made of it. */
  remixes: number;
}

/** A template's page: the template and its credits. */
export type ScenarioDetailView = TemplateDetailView & ScenarioCreditsView;

/**
 * The caller's own draft as its editor ('Modifica bozza', issue 40 §1) fills the form: the
 * scenario form's fields (ScenarioInput), world cards with their defaults, and the id.
 */
export interface ScenarioEditView {
  id: string;
  title: string;
  genre: string;
  description: string;
  first_message: string;
  alternate_openings: string[];
  story_cards: { title: string; text: string; keywords: string[]; constant: boolean; enabled: boolean; order: number }[];
  cover_image_url: string | null;
}

/** One of the caller's scenarios ('I miei scenari'). */
export interface ScenarioMineView {
  id: string;
  title: string;
  genre: string;
  /** /scopri/{slug}/{id}: reachable by its author even as a draft. */
  path: string;
  draft: boolean;
  /** Moderation state once published: 'visible' | 'restricted' | 'held' | 'removed'. */
  state: string;
  plays: number;
  createdAt: string;
}

/** The creator page /autore/{nickname} (issue 40 §1): published scenarios newest first, totals. */
export interface CreatorPageView {
  nickname: string;
  scenarios: TemplateCardView[];
  /** Plays and likes summed over the listed scenarios. */
  plays: number;
  likes: number;
}
