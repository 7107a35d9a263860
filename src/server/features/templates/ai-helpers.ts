/**
 * AI helpers of the template editor and of /crea-gioco (spec §2 Admin templates, §5 AI helpers,
 * §7 improve-text and generate-content, §8 AI helpers and templates): improve one field, and
 * generate the empty fields with structured output (a JSON schema of exactly the fields wanted).
 * They use the configured OpenAI-compatible provider through the server's chat client
 * (ai/openai-client.ts: retries, usage, metrics; ADR 0014), structured output as a JSON schema
 * checked by zod, or the offline versions when no provider is set. Each takes the spending gate's
 * pass (policies/spending.ts, issue 36 finding 3): its caller was admitted before any provider call.
 * A failure is logged by its kind and the answer's length, never the model's text (issue 36
 * finding 16d: the answer is story data).
 */

import { z } from "zod";
import { GENRES, type GenreName } from "../../../shared/genres";
import { type ConfiguredChat, ProviderError } from "../../domain/ai/openai-client";
import { AppError } from "../../platform/errors";
import type { Logger } from "../../platform/ops/logger";
import type { SpendingPass } from "../../domain/policies/spending";
import { offlineGenerate, offlineImprove } from "./offline-helpers";

/** Longest wait for one helper answer from the provider. */
const HELPER_TIMEOUT_MS = 60_000;


/** Italian names of the fields, for prompts. */
const FIELD_LABELS: Record<string, string> = {
  title: "titolo",
  description: "descrizione",
  initial_prompt: "prompt iniziale della storia (l'apertura che il narratore presenta al giocatore)",
  premise: "premessa della storia (l'apertura che il narratore presenta al giocatore)",
  system_prompt: "prompt di sistema del narratore",
  special_instructions: "istruzioni speciali per il narratore",
  preferred_vocabulary: "vocabolario preferito",
  forbidden_topics: "argomenti vietati",
  response_style: "stile di risposta",
  story_pacing: "ritmo della storia",
  interaction_style: "stile di interazione",
};

/** What each generated field must contain (used in the JSON schema descriptions). */
const FIELD_GUIDES: Record<string, string> = {
  description: "Descrizione accattivante per la scheda del template, 2-3 frasi, almeno 10 caratteri.",
  initial_prompt: "Apertura della storia in seconda persona e al presente, 1-2 paragrafi, almeno 20 caratteri, senza scelte numerate.",
  premise: "Apertura della storia in seconda persona e al presente, 1-2 paragrafi, almeno 20 caratteri, senza scelte numerate.",
  system_prompt: "Istruzioni complete per il narratore AI: ruolo, tono, ambientazione, personaggi, regole.",
  special_instructions: "Una o due istruzioni specifiche per questa storia.",
  preferred_vocabulary: "Registro e parole chiave da preferire, separate da virgole.",
  forbidden_topics: "Argomenti da evitare, separati da virgole.",
};

/** Why a model's answer was not used: not JSON, not the fields asked for, or nothing in it. */
type AnswerFault = "not_json" | "schema" | "empty";

/** A model answer a helper cannot use; its message names the fault, never the answer's text. */
class HelperAnswerError extends Error {
  constructor(readonly fault: AnswerFault) {
    super(`Helper answer unusable: ${fault}`);
  }
}

/**
 * The answer parsed as JSON. Throws HelperAnswerError('not_json'), not JSON.parse's SyntaxError,
 * whose message quotes the start of the text.
 */
function parsedJson(answer: string): unknown {
  try {
    return JSON.parse(answer);
  } catch {
    throw new HelperAnswerError("not_json");
  }
}

/**
 * What a helper's failure logs (issue 36 finding 16d): its kind, the provider's HTTP status and
 * the answer's length in characters; never the model's text nor an error message quoting it.
 * Input: the error caught and the answer, when one came.
 */
function helperFailure(error: unknown, answer: string | undefined): { failure: string; status?: number; answerChars?: number } {
  if (error instanceof ProviderError) return { failure: `provider_${error.kind}`, status: error.status };
  const failure = error instanceof HelperAnswerError ? error.fault : `unexpected_${error instanceof Error ? error.name : typeof error}`;
  return { failure, answerChars: answer?.length };
}

/** A field to generate: free text, or one of a list of choices. */
export interface FieldSpec {
  name: string;
  choices?: readonly [string, ...string[]];
}

export interface ImproveRequest {
  text: string;
  field: string;
  context: { genre: string; title: string; description: string };
}

/**
 * Improves one field (spec §7 improve-text: {text, field, context} → improvedText), with the
 * spending gate's pass. Output: {improvedText, source: model name | 'offline'}. Throws 400
 * EMPTY_FIELD ('Campo vuoto') for a blank text, 502 IMPROVE_FAILED ('Non è stato possibile migliorare il testo.') when the
 * provider fails or answers nothing.
 */
export async function improveText(provider: ConfiguredChat, pass: SpendingPass, request: ImproveRequest, logger: Logger): Promise<{ improvedText: string; source: string }> {
  const text = request.text.trim();
  if (!text) throw AppError.of("EMPTY_FIELD", 400);
  if (!provider) return { improvedText: offlineImprove(text, request.field), source: "offline" };
  const { genre, title, description } = request.context;
  const system =
    "Sei un editor italiano esperto di narrativa interattiva. Migliora il testo che ricevi: correggi errori, " +
    "rendi lo stile più efficace e coerente con il genere, mantieni il significato, la lingua italiana e una lunghezza simile. " +
    "Rispondi soltanto con il testo migliorato, senza virgolette, titoli o commenti.";
  const prompt = [
    `Campo: ${FIELD_LABELS[request.field] ?? request.field}`,
    genre && `Genere: ${genre}`,
    title && request.field !== "title" && `Titolo della storia: ${title}`,
    description && request.field !== "description" && `Descrizione della storia: ${description}`,
    "",
    "Testo da migliorare:",
    text,
  ]
    .filter((line) => line !== false && line !== undefined)
    .join("\n");
  let answer: string | undefined;
  try {
    answer = await provider.client.complete({
      purpose: "helper",
      messages: [
        { role: "system", content: system },
        { role: "user", content: prompt },
      ],
      temperature: 0.7,
      maxTokens: request.field === "system_prompt" || request.field === "initial_prompt" ? 2048 : 800,
      signal: AbortSignal.timeout(HELPER_TIMEOUT_MS),
    });
    const improvedText = answer.trim().replace(/^["«](.*)["»]$/s, "$1").trim();
    if (!improvedText) throw new HelperAnswerError("empty");
    return { improvedText, source: provider.label };
  } catch (error) {
    logger.warn({ ...helperFailure(error, answer), field: request.field }, "Miglioramento del testo fallito");
    throw AppError.of("IMPROVE_FAILED", 502);
  }
}

/** The genre named by a form value (any case), or null when it is not one of the 14. */
export function knownGenre(value: string): GenreName | null {
  const wanted = value.trim().toLowerCase();
  return GENRES.find((g) => g.toLowerCase() === wanted) ?? null;
}

/**
 * Generates the given fields from title and genre (spec §7 generate-content; structured output).
 * Input: the spending gate's pass, title, genre (one of the 14), the fields to fill (already
 * known to be empty). Output: {generatedContent: field → text for exactly those fields, source}. With a provider the request
 * carries a JSON schema with one required property per field (choices as enums). Throws 400
 * MISSING_FIELDS ('Campi mancanti') without title or genre, 502 GENERATE_FAILED on failure.
 */
export async function generateFields(
  provider: ConfiguredChat,
  pass: SpendingPass,
  request: { title: string; genre: string; fields: FieldSpec[]; kind: "template" | "game" },
  logger: Logger,
): Promise<{ generatedContent: Record<string, string>; source: string }> {
  const title = request.title.trim();
  const genre = knownGenre(request.genre);
  if (!title || !genre) throw AppError.of("MISSING_FIELDS", 400);
  if (request.fields.length === 0) return { generatedContent: {}, source: provider?.label ?? "offline" };
  if (!provider) {
    return { generatedContent: offlineGenerate(title, genre, request.fields.map((f) => f.name)), source: "offline" };
  }
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of request.fields) {
    shape[field.name] = (field.choices ? z.enum(field.choices) : z.string().min(1)).describe(
      field.choices ? `${FIELD_LABELS[field.name] ?? field.name}: uno tra ${field.choices.join(", ")}` : (FIELD_GUIDES[field.name] ?? field.name),
    );
  }
  const schema = z.object(shape).describe("I campi mancanti della storia, in italiano.");
  let answer: string | undefined;
  try {
    answer = await provider.client.complete({
      purpose: "helper",
      jsonSchema: { name: request.kind === "template" ? "contenuti_template" : "contenuti_partita", schema: z.toJSONSchema(schema, { target: "draft-7" }) },
      messages: [
        {
          role: "system",
          content:
            "Sei un autore italiano di storie interattive narrate da un'intelligenza artificiale. " +
            "Scrivi contenuti originali, in italiano, adatti al genere indicato, e rispondi soltanto con l'oggetto JSON richiesto.",
        },
        {
          role: "user",
          content: [`Titolo: ${title}`, `Genere: ${genre}`, "", `Scrivi questi campi: ${request.fields.map((f) => FIELD_LABELS[f.name] ?? f.name).join("; ")}.`].join("\n"),
        },
      ],
      temperature: 0.9,
      maxTokens: 3000,
      signal: AbortSignal.timeout(HELPER_TIMEOUT_MS),
    });
    const output = schema.safeParse(parsedJson(answer));
    if (!output.success) throw new HelperAnswerError("schema");
    const generatedContent: Record<string, string> = {};
    for (const field of request.fields) {
      const value: unknown = output.data[field.name];
      if (typeof value === "string" && value.trim()) generatedContent[field.name] = value.trim();
    }
    if (Object.keys(generatedContent).length === 0) throw new HelperAnswerError("empty");
    return { generatedContent, source: provider.label };
  } catch (error) {
    logger.warn({ ...helperFailure(error, answer), kind: request.kind }, "Generazione dei contenuti fallita");
    throw AppError.of("GENERATE_FAILED", 502);
  }
}
