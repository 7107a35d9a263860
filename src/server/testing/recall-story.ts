/**
 * The memory's recall measurement (issue 11 §1 and "Tests": the recall test and `npm run
 * bench:story`): one player plays a scripted story through the real HTTP API, narrated by the
 * fake OpenAI-compatible provider. Narrations plant facts ("Elena, tua sorella, ti aspetta al
 * faro.") in the first 40% of the story; in the second half, once each planted narration has long
 * left the recent window, a player's message mentions the entity ("Cosa mi direbbe Elena?"). A
 * fact is recalled when the provider's request for that turn carries its planted sentence. Every
 * request's prompt is counted with the memory's tokenizer against the game's budget.
 */

import type { ChatTurn } from "../domain/ai/types";
import { memoryIdle } from "../domain/memory/background";
import { MESSAGE_OVERHEAD_TOKENS, tokensOf } from "../domain/ai/tokens";
import type { FakeOpenAI } from "./fake-openai";
import { newGame, readEvents, registerPlayer, type TestServer } from "./harness";

const NAMES = [
  "Elena", "Bruno", "Ottavia", "Lorenzo", "Matilde", "Ettore", "Ginevra", "Ruggero", "Beatrice", "Tancredi",
  "Costanza", "Ludovico", "Violante", "Alboino", "Filippa", "Guelfo", "Isotta", "Manfredi", "Clarice", "Oderisio",
  "Bianca", "Corrado", "Eleonora", "Federico", "Gaia", "Ippolito", "Lucrezia", "Nicolò", "Orsola", "Pandolfo",
  "Rosalba", "Sigismondo", "Teodora", "Ubaldo", "Vittoria", "Zeno", "Adelasia", "Baldovino", "Cunegonda", "Dionigi",
];
const RELATIONS = ["tua sorella", "il fabbro del villaggio", "la guaritrice cieca", "tuo zio", "il capitano della guardia", "la mercante di sale", "il vecchio cartografo", "tua madre"];
const DEEDS = ["ti aspetta al faro", "custodisce la chiave della cripta", "ti deve la vita", "ha giurato di tradirti", "conosce la via per le miniere", "porta una cicatrice sul volto", "nasconde una lettera sigillata", "ha perso il suo anello"];

const FILLER = [
  "La nebbia sale dal porto e la lanterna oscilla nel buio.",
  "Il vento porta odore di sale e di legna bruciata.",
  "Un gabbiano grida sopra le barche ormeggiate.",
  "Le campane della chiesa battono un'ora che non torna.",
  "La strada si fa stretta tra case dalle finestre chiuse.",
];

/** What was measured. */
export interface RecallResult {
  turns: number;
  planted: number;
  /** Questions whose turn's request carried the planted sentence. */
  recalled: number;
  /** recalled / planted. */
  recall: number;
  budget: number;
  /** Prompt tokens of each narrated turn's request, by turn (1 = '/inizia'). */
  promptTokens: number[];
  /** Requests whose prompt exceeded the budget. */
  overBudget: number;
  /** Planted sentences not recalled (for a failing test's message). */
  missed: string[];
}

/** The planted sentence of fact `i`. */
export function plantedFact(i: number): { name: string; sentence: string } {
  const name = NAMES[i % NAMES.length]!;
  return { name, sentence: `${name}, ${RELATIONS[i % RELATIONS.length]}, ${DEEDS[Math.floor(i / RELATIONS.length) % DEEDS.length]}.` };
}

/** A scripted narration: the planted sentence (if any) among filler, then three choices. */
function narration(turn: number, planted?: string): string {
  const prose = [FILLER[turn % FILLER.length]!, ...(planted ? [planted] : []), FILLER[(turn + 2) % FILLER.length]!].join(" ");
  return `${prose}\n\nA) Prosegui lungo il molo\nB) Entra nella locanda\nC) Torna indietro`;
}

/** Tokens of a chat request's messages, counted as the prompt budget counts them. */
export function requestTokens(messages: readonly ChatTurn[]): number {
  return messages.reduce((sum, m) => sum + tokensOf(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
}

/**
 * Plays the story. Input: a server whose AI_BASE_URL is `fake`, the number of turns (narrations,
 * '/inizia' included) and of facts (≤ 40, 2 turns each at least: turns ≥ 5 × facts). Output:
 * {@link RecallResult}. The provider's memory calls answer, as structured output, the planted
 * fact of the narration they are given (its name, 'personaggio', its sentence as the summary;
 * none for the others: issue 38 §2, facts come from the model) and a one-line recap.
 */
export async function runRecallStory(server: TestServer, fake: FakeOpenAI, turns: number, facts: number): Promise<RecallResult> {
  const plantAt = new Map<number, number>();
  const askAt = new Map<number, number>();
  for (let i = 0; i < facts; i++) {
    plantAt.set(2 + Math.floor((i * turns * 0.4) / facts), i);
    askAt.set(Math.floor(turns * 0.5) + Math.floor((i * (turns * 0.5 - 1)) / facts), i);
  }
  fake.set({
    respond: (body) => {
      if (body.stream) return undefined;
      if (!body.response_format) return { text: "La storia prosegue tra il porto e il faro." };
      const narration = String(body.messages?.at(-1)?.content ?? "");
      const planted = Array.from({ length: facts }, (_, i) => plantedFact(i)).filter((f) => narration.includes(f.sentence));
      return { text: JSON.stringify({ facts: planted.map((f) => ({ name: f.name, kind: "personaggio", summary: f.sentence })) }) };
    },
  });
  const player = await registerPlayer(server);
  // A long story needs more than a free plan's daily messages.
  await server.deps.db.updateTable("user_tokens").set({ message_limit: -1 }).where("user_id", "=", player.id).execute();
  const gameId = await newGame(player.client);
  const budget = (await server.deps.db.selectFrom("genre_prompts").select("prompt_budget").where("genre", "=", "Horror").executeTakeFirstOrThrow()).prompt_budget;
  const result: RecallResult = { turns, planted: facts, recalled: 0, recall: 0, budget, promptTokens: [], overBudget: 0, missed: [] };
  for (let turn = 1; turn <= turns; turn++) {
    const asked = askAt.get(turn);
    const planted = plantAt.get(turn);
    fake.set({ text: narration(turn, planted === undefined ? undefined : plantedFact(planted).sentence) });
    const content = turn === 1 ? "/inizia" : asked !== undefined ? `Cosa mi direbbe ${plantedFact(asked).name}?` : "Proseguo con cautela.";
    const before = fake.requests.length;
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    if (response.status !== 200) throw new Error(`turn ${turn}: ${response.status} ${await response.text()}`);
    const events = await readEvents(response);
    if (events.at(-1)?.event !== "done") throw new Error(`turn ${turn}: ${JSON.stringify(events.at(-1))}`);
    const request = fake.requests.slice(before).find((r) => r.stream);
    const tokens = requestTokens(request.messages);
    result.promptTokens.push(tokens);
    if (tokens > budget) result.overBudget += 1;
    if (asked !== undefined) {
      const { sentence } = plantedFact(asked);
      if (request.messages.some((m: ChatTurn) => m.content.includes(sentence))) result.recalled += 1;
      else result.missed.push(sentence);
    }
    // The memory is kept in the background; a real player's next message comes seconds later.
    await memoryIdle();
  }
  result.recall = result.recalled / facts;
  return result;
}
