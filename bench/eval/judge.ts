/**
 * The eval's judge (issue 38 §5; docs/narrator-eval.md): with EVAL_JUDGE_MODEL set, a second model
 * scores each narration 1–10 on five Italian criteria adapted from published LLM-judged creative
 * writing and role-play benchmarks (EQ-Bench Creative Writing v3's rubric scoring, RPBench-Auto's
 * scene-based role-play judging): coerenza con la storia, rispetto della scelta, qualità
 * dell'italiano, ritmo, libertà del giocatore. It answers through structured output (a JSON
 * Schema), over the project's OpenAI-compatible client (ai/openai-client.ts).
 */

import { z } from "zod";
import { type ChatClient, createChatClient } from "../../src/server/domain/ai/openai-client";

/** The structured output's name: a fake provider recognises the judge's requests by it. */
export const JUDGE_SCHEMA_NAME = "valutazione_narrazione";

/** The five criteria, as the JSON fields name them, with what the judge is told each means. */
export const CRITERIA = {
  coerenza: "Coerenza con la storia: personaggi, luoghi, oggetti e fatti già stabiliti restano gli stessi; nessuna contraddizione con quanto accaduto.",
  rispettoScelta: "Rispetto della scelta: la narrazione parte dall'azione del giocatore e ne mostra le conseguenze, senza ignorarla né decidere al suo posto.",
  italiano: "Qualità dell'italiano: grammatica, accordi di genere e numero, lessico vario e naturale, nessuna parola in altre lingue.",
  ritmo: "Ritmo: la scena avanza con la giusta velocità, né ferma né affrettata, senza ripetere frasi o immagini.",
  liberta: "Libertà del giocatore: la narrazione si ferma lasciando al giocatore decisioni vere, tre scelte diverse tra loro, senza agire al suo posto.",
} as const;

export type Criterion = keyof typeof CRITERIA;
export const CRITERION_NAMES = Object.keys(CRITERIA) as Criterion[];

const score = z.number().int().min(1).max(10);
const verdictSchema = z.object({ ...(Object.fromEntries(CRITERION_NAMES.map((c) => [c, score])) as Record<Criterion, typeof score>), motivazione: z.string() });

/** A judge's verdict on one narration: a score 1–10 per criterion and one sentence of reasons. */
export type Verdict = z.infer<typeof verdictSchema>;

const JSON_SCHEMA = {
  type: "object",
  properties: { ...Object.fromEntries(CRITERION_NAMES.map((c) => [c, { type: "integer", minimum: 1, maximum: 10 }])), motivazione: { type: "string" } },
  required: [...CRITERION_NAMES, "motivazione"],
  additionalProperties: false,
};

const SYSTEM = [
  "Sei un giudice severo ed equo di narrativa interattiva in italiano.",
  "Ricevi un turno di una storia: la narrazione precedente, l'azione del giocatore e la nuova narrazione del narratore.",
  "Valuta solo la nuova narrazione. Dai a ciascun criterio un voto intero da 1 a 10 (1 pessimo, 5 mediocre, 8 buono, 10 eccellente):",
  ...CRITERION_NAMES.map((c) => `- ${c}: ${CRITERIA[c]}`),
  "In «motivazione» spiega i voti in una frase. Rispondi solo con il JSON richiesto.",
].join("\n");

/** What the judge reads of one turn. */
export interface JudgedTurn {
  /** The narration before this one ('' for the first). */
  previous: string;
  /** What the player sent ('/inizia', 'A', or their sentence). */
  action: string;
  narration: string;
}

/** The judge's settings (EVAL_JUDGE_MODEL, EVAL_JUDGE_BASE_URL / EVAL_JUDGE_API_KEY, else the narrator's AI_BASE_URL / AI_API_KEY). */
export interface JudgeSettings {
  model: string;
  baseURL: string;
  apiKey?: string;
}

/**
 * The judge's settings from the environment, or null when EVAL_JUDGE_MODEL is unset. Throws when
 * it is set without a base URL (neither EVAL_JUDGE_BASE_URL nor AI_BASE_URL).
 */
export function judgeSettings(env: NodeJS.ProcessEnv): JudgeSettings | null {
  const model = env.EVAL_JUDGE_MODEL?.trim();
  if (!model) return null;
  const baseURL = env.EVAL_JUDGE_BASE_URL?.trim() || env.AI_BASE_URL?.trim();
  if (!baseURL) throw new Error("EVAL_JUDGE_MODEL è impostato ma manca EVAL_JUDGE_BASE_URL (o AI_BASE_URL).");
  return { model, baseURL, apiKey: env.EVAL_JUDGE_API_KEY?.trim() || env.AI_API_KEY?.trim() || undefined };
}

/**
 * A judge over the chat client. Output: judge(turn) → the verdict, or null when the model's answer
 * is not a valid verdict (not JSON, a score outside 1–10, a field missing) or the call failed;
 * null verdicts are counted apart and left out of the averages.
 */
export function createJudge(settings: JudgeSettings, client: ChatClient = createChatClient(settings)) {
  return async (turn: JudgedTurn): Promise<Verdict | null> => {
    const user = [`NARRAZIONE PRECEDENTE:\n${turn.previous || "(inizio della storia)"}`, `AZIONE DEL GIOCATORE:\n${turn.action}`, `NUOVA NARRAZIONE:\n${turn.narration}`].join("\n\n");
    try {
      const answer = await client.complete({
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: user },
        ],
        purpose: "helper",
        temperature: 0,
        maxTokens: 400,
        jsonSchema: { name: JUDGE_SCHEMA_NAME, schema: JSON_SCHEMA },
      });
      const parsed = verdictSchema.safeParse(JSON.parse(answer));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
}
