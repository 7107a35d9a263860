/**
 * The narrator's prompt with its memory, within the prompt budget (issue 11 §1; ADR 0009).
 *
 * One system message: the narrator's instructions (buildSystemPrompt), then the sections
 * 'Schede del mondo' (story cards always on, or whose keyword appears in the recent turns, by their
 * order; issue 40 §2), 'Ricordi' (pinned
 * facts and those most relevant to the latest exchange, of the current path, retrieval.ts) and 'La storia finora' (the
 * recap); then the recent turns (the last context_memory × 2 messages, 0 = all, as DESIGN §4).
 *
 * Budget: the game's prompt_budget, else its genre prompt's (default 6,000 tokens), counted with
 * tokens.ts over every message (text + MESSAGE_OVERHEAD_TOKENS). What does not fit is dropped in
 * this order, one item at a time, until the prompt fits:
 *   1. the oldest recent turns (the latest message, the player's, is always kept);
 *   2. the least relevant unpinned facts;
 *   3. the story cards, the highest order first (constant cards too: 'always on' means always
 *      offered, within the budget);
 *   4. the recap, cut from its start (sentence by sentence; the newest part stays);
 *   5. the pinned facts, last first.
 * Only the instructions and the player's latest message are never dropped: when they alone
 * exceed the budget (an admin's system prompt far larger than the budget) the prompt is sent
 * with them only.
 */

import type { Kysely } from "kysely";
import type { PromptPreviewView, PromptSectionView } from "../../../shared/api-types";
import { DEFAULT_STORY_STYLE } from "../../../shared/story-style";
import { buildSystemPrompt, historyWindow, type NarratorConfig, toModelMessages } from "../ai/prompt";
import type { ChatTurn, StoryPhase } from "../ai/types";
import type { Database } from "../../platform/db/schema";
import { currentPath } from "../story/story-tree";
import { activeCards, parseStoryCards, reasonLabel } from "./cards";
import { sentencesOf } from "./facts";
import { relevantFacts } from "./retrieval";
import { MESSAGE_OVERHEAD_TOKENS, tokensOf } from "../ai/tokens";

type Db = Kysely<Database>;

/** Unpinned facts retrieved for a prompt at most (before the budget drops any). */
export const MAX_PROMPT_FACTS = 30;

const TITLES = {
  system: "Istruzioni del narratore",
  cards: "Schede del mondo",
  facts: "Ricordi",
  recap: "La storia finora",
  recent: "Turni recenti",
} as const;

const HEADERS = {
  cards: "Schede del mondo (informazioni sull'ambientazione):",
  facts: "Ricordi (fatti già accaduti nella storia, da rispettare):",
  recap: "La storia finora:",
} as const;

/** The prompt of a turn and what the player may see of it. */
export interface NarrationContext {
  /** The system message: instructions and memory sections. */
  system: string;
  /** The recent turns kept, oldest first; the last is the latest message. */
  messages: ChatTurn[];
  /** Depth of the latest message (ADR 0008), 0 when the path is empty. */
  lastDepth: number;
  /** The same prompt by sections with token counts ('Cosa ricorda il narratore'). */
  preview: PromptPreviewView;
}

/** A section of the system message: a header and items, each with its tokens. */
interface Section {
  header: string;
  lines: string[];
  tokens: number[];
  kept: number;
}

function section(header: string, lines: string[]): Section {
  return { header, lines, tokens: lines.map((l) => tokensOf(l) + 1), kept: lines.length };
}

const sectionText = (s: Section) => (s.kept === 0 ? "" : `${s.header}\n${s.lines.slice(0, s.kept).join("\n")}`);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** Tokens of a section as the estimate counts it (header, kept lines, the blank line before it). */
const sectionTokens = (s: Section) => (s.kept === 0 ? 0 : tokensOf(s.header) + 2 + sum(s.tokens.slice(0, s.kept)));

/**
 * Builds the prompt for the path ending at `lastMessageId` (a turn: the player's message it
 * answers; the preview: the tip).
 * Input: the game (id, recap and cards are read here), its narrator configuration (with
 * prompt_budget), the story phase, and whether the system prompt's text may be shown.
 * Output: {@link NarrationContext}; its total never exceeds config.prompt_budget except in the
 * case documented above. Issue 11 §1, ADR 0009.
 */
export async function buildNarrationContext(
  db: Db,
  gameId: string,
  lastMessageId: string | null,
  config: NarratorConfig,
  phase: StoryPhase,
  options: { showSystem: boolean },
): Promise<NarrationContext> {
  const budget = config.prompt_budget;
  const [path, memory] = await Promise.all([
    currentPath(db, gameId, lastMessageId, historyWindow(config.context_memory)),
    db.selectFrom("saved_games").select(["recap", "story_cards"]).where("id", "=", gameId).executeTakeFirst(),
  ]);
  const turns = toModelMessages(path);
  const latestUser = turns.findLast((t) => t.role === "user")?.content ?? "";
  const latestNarration = turns.findLast((t) => t.role === "assistant")?.content ?? "";
  const facts = await relevantFacts(db, gameId, lastMessageId, [latestUser, latestNarration], MAX_PROMPT_FACTS, new Set(path.map((m) => m.id)));
  const pinnedCount = facts.filter((f) => f.pinned === 1).length;

  const base = buildSystemPrompt(config, phase);
  const active = activeCards(parseStoryCards(memory?.story_cards ?? null), path.map((m) => m.content));
  const cards = section(HEADERS.cards, active.map(({ card }) => `- ${card.title}: ${card.text}`));
  const factLines = section(HEADERS.facts, facts.map((f) => `- ${f.title}: ${f.text}`));
  const recapParts = sentencesOf(memory?.recap ?? "");
  const recap = { parts: recapParts, tokens: recapParts.map((p) => tokensOf(p) + 1), from: 0 };
  const turnTokens = turns.map((t) => tokensOf(t.content) + MESSAGE_OVERHEAD_TOKENS);
  let turnsFrom = 0;

  const recapText = () => (recap.from >= recap.parts.length ? "" : `${HEADERS.recap}\n${recap.from > 0 ? "… " : ""}${recap.parts.slice(recap.from).join(" ")}`);
  const systemText = () => [base, sectionText(cards), sectionText(factLines), recapText()].filter((s) => s !== "").join("\n\n");
  const baseTokens = tokensOf(base) + MESSAGE_OVERHEAD_TOKENS;
  const estimate = () =>
    baseTokens + sectionTokens(cards) + sectionTokens(factLines) + (recapText() ? tokensOf(HEADERS.recap) + 4 + sum(recap.tokens.slice(recap.from)) : 0) + sum(turnTokens.slice(turnsFrom));
  const exact = () => tokensOf(systemText()) + MESSAGE_OVERHEAD_TOKENS + sum(turnTokens.slice(turnsFrom));

  /** Drops the next item in the documented order; false when nothing more may go. */
  const dropNext = (): boolean => {
    if (turnsFrom < turns.length - 1) turnsFrom += 1;
    else if (factLines.kept > pinnedCount) factLines.kept -= 1;
    else if (cards.kept > 0) cards.kept -= 1;
    else if (recap.from < recap.parts.length) recap.from += 1;
    else if (factLines.kept > 0) factLines.kept -= 1;
    else return false;
    return true;
  };
  while (estimate() > budget && dropNext());
  let total = exact();
  while (total > budget && dropNext()) total = exact();

  const messages = turns.slice(turnsFrom);
  const system = systemText();
  const sections: PromptSectionView[] = [
    {
      key: "cards",
      title: TITLES.cards,
      text: sectionText(cards) || null,
      tokens: sectionText(cards) ? tokensOf(`\n\n${sectionText(cards)}`) : 0,
      dropped: cards.lines.length - cards.kept,
      // Issue 40 §2: which cards are in and why.
      items: active.slice(0, cards.kept).map(({ card, reason }) => ({ title: card.title, reason: reasonLabel(reason) })),
    },
    { key: "facts", title: TITLES.facts, text: sectionText(factLines) || null, tokens: sectionText(factLines) ? tokensOf(`\n\n${sectionText(factLines)}`) : 0, dropped: factLines.lines.length - factLines.kept },
    { key: "recap", title: TITLES.recap, text: recapText() || null, tokens: recapText() ? tokensOf(`\n\n${recapText()}`) : 0, dropped: recap.from },
    {
      key: "recent",
      title: TITLES.recent,
      text: messages.map((m) => `${m.role === "user" ? "Giocatore" : "Narratore"}: ${m.content}`).join("\n\n") || null,
      tokens: sum(turnTokens.slice(turnsFrom)),
      dropped: turnsFrom,
    },
  ];
  // The instructions take what the other sections do not (so the sections add up to the total).
  const systemSection: PromptSectionView = { key: "system", title: TITLES.system, text: options.showSystem ? base : null, tokens: total - sum(sections.map((s) => s.tokens)), dropped: 0 };
  // The story's style as the provider gets it (issue 38 §4): shown to every reader of the prompt.
  const style = { ...(config.style ?? DEFAULT_STORY_STYLE), temperature: config.temperature, maxTokens: config.max_tokens, instruction: config.length_instruction ?? null };
  return { system, messages, lastDepth: path.at(-1)?.depth ?? 0, preview: { budget, total, sections: [systemSection, ...sections], style } };
}
