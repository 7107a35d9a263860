/**
 * Story cards (world info, issue 11 §1; issue 40 §2): a template's entries {title, text, keywords,
 * constant, enabled, order}, copied into
 * the games made from it; a card enters the prompt when one of its keywords appears in the
 * recent turns, whatever the case and the accents ('citta' matches 'Città').
 */

import { type StoryCard, storyCardsSchema } from "../../../shared/schemas/memory";
import { fold } from "./normalize";

/**
 * Reads saved_games.story_cards. Input: the stored JSON or null. Output: the cards ([] for null
 * or for JSON that is not a valid card list, so a bad row never breaks a turn).
 */
export function parseStoryCards(stored: string | null): StoryCard[] {
  if (!stored) return [];
  try {
    const parsed = storyCardsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Escapes a text for use inside a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Why a card is in the prompt: always on, or the first of its keywords found (as the card spells it). */
export type CardReason = { kind: "constant" } | { kind: "keyword"; keyword: string };

/** A card in the prompt with its reason. */
export interface ActiveCard {
  card: StoryCard;
  reason: CardReason;
}

/**
 * The cards that enter the prompt (issue 40 §2): every enabled `constant` card, and every enabled
 * card one of whose keywords appears as a whole word (or words) in the texts, case- and
 * accent-insensitive. Input: the game's cards and the recent turns' texts (the player's message and
 * the last narrations). Output: the active cards with their reason, by `order` ascending (the
 * stored order breaks ties): the budget drops them from the end.
 */
export function activeCards(cards: readonly StoryCard[], texts: readonly string[]): ActiveCard[] {
  if (cards.length === 0) return [];
  const haystack = fold(texts.join("\n"));
  const found = (keyword: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(fold(keyword.trim()))}(?![\\p{L}\\p{N}])`, "u").test(haystack);
  const active: (ActiveCard & { index: number })[] = [];
  cards.forEach((card, index) => {
    if (!card.enabled) return;
    if (card.constant) return void active.push({ card, reason: { kind: "constant" }, index });
    const keyword = card.keywords.find(found);
    if (keyword !== undefined) active.push({ card, reason: { kind: "keyword", keyword }, index });
  });
  return active.sort((a, b) => a.card.order - b.card.order || a.index - b.index).map(({ card, reason }) => ({ card, reason }));
}

/**
 * The cards whose keyword appears as a whole word (or words) in the texts (constant cards
 * included), as {@link activeCards} without the reasons.
 */
export function matchingCards(cards: readonly StoryCard[], texts: readonly string[]): StoryCard[] {
  return activeCards(cards, texts).map((a) => a.card);
}

/** The Italian reason shown in 'Cosa ricorda il narratore': 'sempre attiva' or 'parola chiave: «x»'. */
export function reasonLabel(reason: CardReason): string {
  return reason.kind === "constant" ? "sempre attiva" : `parola chiave: «${reason.keyword}»`;
}
