/**
 * Prompt building for a narrated turn (DESIGN §4 step 3; spec §3 genre_prompts, §7 chat):
 * the genre prompt (or the game's own configuration), special instructions, forbidden topics,
 * vocabulary and styles, then the last context_memory × 2 messages (0 = all).
 */

import { extractChoices } from "../../../shared/choices";
import { type PlayerAction, parsePlayerAction } from "../../../shared/commands";
import type { StoryStyle } from "../../../shared/story-style";
import type { ChatTurn, StoryPhase } from "./types";

/** The narrator configuration of a turn: a genre_prompts row or a game's own copy. */
export interface NarratorConfig {
  system_prompt: string;
  temperature: number;
  max_tokens: number;
  response_style: string | null;
  story_pacing: string | null;
  interaction_style: string | null;
  context_memory: number;
  special_instructions: string | null;
  preferred_vocabulary: string | null;
  forbidden_topics: string[];
  /** Prompt budget in tokens (issue 11 §1): the game's, else its genre prompt's. */
  prompt_budget: number;
  /** The story's 'Lunghezza' and 'Creatività' (issue 38 §4) once applied (ai/story-style.ts); absent: none applied. */
  style?: StoryStyle;
  /** The system prompt's length instruction of the story's 'Lunghezza'; absent or null: none. */
  length_instruction?: string | null;
}

const PHASE_NOTES: Record<StoryPhase, string | null> = {
  opening: null,
  middle: null,
  "approach-ending": "La storia si avvicina alla fine: fai convergere le trame verso il momento decisivo.",
  conclude: "Questo è il turno finale: porta la storia a una conclusione soddisfacente e offri tre scelte per l'epilogo.",
};

/**
 * Builds the system prompt.
 * Input: the configuration and the story phase. Output: one Italian text, sections separated by
 * blank lines; empty optional parts are left out; the story's length instruction (issue 38 §4)
 * comes after the choice rule.
 */
export function buildSystemPrompt(config: NarratorConfig, phase: StoryPhase): string {
  const parts = [config.system_prompt.trim()];
  const styles = [
    config.response_style && `Stile di risposta: ${config.response_style}.`,
    config.story_pacing && `Ritmo della storia: ${config.story_pacing}.`,
    config.interaction_style && `Stile di interazione: ${config.interaction_style}.`,
    config.preferred_vocabulary && `Vocabolario preferito: ${config.preferred_vocabulary}.`,
  ].filter(Boolean);
  if (styles.length) parts.push(styles.join("\n"));
  if (config.special_instructions?.trim()) parts.push(`Istruzioni speciali: ${config.special_instructions.trim()}`);
  if (config.forbidden_topics.length) {
    parts.push(`Argomenti da non trattare mai: ${config.forbidden_topics.join(", ")}.`);
  }
  parts.push(
    "Scrivi sempre in italiano. Non parlare mai al posto del giocatore. " +
      "Termina ogni turno con esattamente tre scelte numerate (1., 2., 3.), ciascuna su una riga, e nient'altro dopo.",
  );
  if (config.length_instruction) parts.push(config.length_instruction);
  const note = PHASE_NOTES[phase];
  if (note) parts.push(note);
  return parts.join("\n\n");
}

/**
 * The user turn of a choice repair (issue 11 §3), sent after the narration that ended without
 * its three choices: only the three numbered choices, in Italian, nothing else.
 */
export const CHOICE_REPAIR_PROMPT =
  "La tua narrazione è finita senza le tre scelte per il giocatore. Scrivi soltanto tre scelte brevi e diverse " +
  "che il giocatore può fare adesso, coerenti con la situazione, numerate 1., 2., 3., ciascuna su una riga, " +
  "senza nessun altro testo.";

/**
 * The user turn of 'Continua' (issue 38 §4): the narrator goes on from where it stopped, without a
 * choice of the player, and still ends with three new choices.
 */
export const CONTINUE_PROMPT =
  "Continua la scena da dove si è interrotta, senza che io faccia una scelta: racconta che cosa succede subito dopo, " +
  "senza ripetere ciò che hai già scritto e senza decidere al posto mio. Poi concludi con tre nuove scelte.";

/**
 * What a player's message means for the model.
 * Input: the action and the narration it answers (for choices). Output: the text sent as the
 * user turn ('/A' becomes "Scelgo l'opzione A: <choice text>", '/continua' {@link CONTINUE_PROMPT}).
 */
export function describeAction(action: PlayerAction, previousNarration: string | undefined): string {
  switch (action.kind) {
    case "start":
      return "Inizia la storia: presenta l'ambientazione, chi sono e la situazione iniziale.";
    case "new":
      return "Voglio iniziare un nuovo gioco: lascia la storia precedente e comincia una storia nuova dello stesso genere.";
    case "choice": {
      const text = previousNarration ? extractChoices(previousNarration)[action.letter] : undefined;
      return text ? `Scelgo l'opzione ${action.letter}: ${text}` : `Scelgo l'opzione ${action.letter}.`;
    }
    case "visualize":
      return "Descrivi la scena attuale.";
    case "continue":
      return CONTINUE_PROMPT;
    case "free":
      return action.text;
  }
}

/**
 * Data the players wrote, put in front of the latest player's turn (issue 36 finding 11: player
 * text never goes in the system role). Input: the model messages (oldest first) and the data.
 * Output: new messages, the latest user turn beginning with `data` and a blank line (a user turn
 * of its own at the end when there is none).
 */
export function withPlayerData(messages: readonly ChatTurn[], data: string): ChatTurn[] {
  const latest = messages.findLastIndex((m) => m.role === "user");
  if (latest < 0) return [...messages, { role: "user", content: data }];
  return messages.map((m, i) => (i === latest ? { role: "user", content: `${data}\n\n${m.content}` } : m));
}

/**
 * Number of stored messages the model sees: context_memory × 2, or undefined for all (0).
 * Spec §7 chat: default 10 exchanges; 0 means the full history.
 */
export function historyWindow(contextMemory: number): number | undefined {
  return contextMemory > 0 ? contextMemory * 2 : undefined;
}

/**
 * Turns stored messages (oldest first) into model messages: user commands are described, and
 * assistant narrations are kept as they are. Image messages appear only as a mention.
 */
export function toModelMessages(stored: { role: "user" | "assistant"; content: string; image_url: string | null }[]): ChatTurn[] {
  let lastNarration: string | undefined;
  return stored.map((m) => {
    if (m.role === "assistant") {
      if (m.image_url) return { role: "assistant", content: `[Immagine della scena: ${m.content}]` };
      lastNarration = m.content;
      return { role: "assistant", content: m.content };
    }
    return { role: "user", content: describeAction(parsePlayerAction(m.content), lastNarration) };
  });
}
