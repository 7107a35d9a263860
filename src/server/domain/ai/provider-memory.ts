/**
 * The narrator's memory through the OpenAI-compatible provider (issue 11 §1; ADR 0009): facts as
 * structured output (response_format json_schema, the answer checked by a zod schema) and the
 * recap as a short separate completion, both through the narrator's chat client
 * (ai/openai-client.ts, ADR 0010). Both run in the background after a narration is stored
 * (background.ts); their failures are the caller's to ignore.
 */

import { z } from "zod";
import type { ChatClient } from "../ai/openai-client";
import { FACT_KINDS, type FactKind, MAX_FACT_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH, MAX_RECAP_LENGTH } from "../../../shared/schemas/memory";
import type { NarratorMemory } from "../ai/types";

/** What the model must answer when asked for facts (checked after parsing). */
const extractedFactsSchema = z.object({
  facts: z
    .array(
      z.object({
        kind: z.enum(Object.keys(FACT_KINDS) as [FactKind, ...FactKind[]]),
        title: z.string().trim().min(1).max(MAX_FACT_TITLE_LENGTH),
        text: z.string().trim().min(1).max(MAX_FACT_TEXT_LENGTH),
      }),
    )
    .max(20),
});

/** The same schema as JSON Schema, sent with every request (computed once). */
const EXTRACTED_FACTS_JSON_SCHEMA = z.toJSONSchema(extractedFactsSchema, { target: "draft-7" });

const FACTS_SYSTEM =
  "Estrai dalla narrazione i fatti da ricordare per il resto della storia: personaggi e chi sono per il protagonista, " +
  "luoghi, oggetti, promesse, ferite, alleati e nemici. Per ciascuno: kind (uno tra " +
  `${Object.keys(FACT_KINDS).join(", ")}), title (il nome, breve) e text (una o due frasi in italiano). ` +
  "Rispondi solo con l'oggetto JSON richiesto.";

const RECAP_SYSTEM =
  "Sei l'archivista di una storia interattiva. Scrivi in italiano, in terza persona al presente, un riassunto breve " +
  `(al massimo ${Math.floor(MAX_RECAP_LENGTH / 2)} caratteri) della storia finora: eventi, scelte del giocatore, ` +
  "personaggi e luoghi importanti. Solo il riassunto, senza titoli né elenchi.";

/**
 * Header marking the memory's requests to the provider (the fake provider of the tests records
 * them apart from the narrations).
 */
export const MEMORY_REQUEST_HEADER = "x-storie-memory";
const headers = { [MEMORY_REQUEST_HEADER]: "1" };

/** Output budget of one memory call, tokens. */
const MEMORY_MAX_TOKENS = 800;

/**
 * The provider's memory calls through `client` (the narrator's chat model).
 * Output: {@link NarratorMemory}; each method throws on provider failure, on abort and (facts)
 * when the answer is not JSON matching the schema.
 */
export function createProviderMemory(client: ChatClient): NarratorMemory {
  return {
    async extractFacts(narration, signal) {
      const answer = await client.complete({
        purpose: "memory",
        messages: [
          { role: "system", content: FACTS_SYSTEM },
          { role: "user", content: narration },
        ],
        jsonSchema: { name: "response", schema: EXTRACTED_FACTS_JSON_SCHEMA },
        maxTokens: MEMORY_MAX_TOKENS,
        signal,
        headers,
      });
      return extractedFactsSchema.parse(JSON.parse(answer)).facts;
    },
    async summarize(previous, turns, signal) {
      const story = turns.map((t) => `${t.role === "user" ? "Giocatore" : "Narratore"}: ${t.content}`).join("\n\n");
      const text = await client.complete({
        purpose: "memory",
        messages: [
          { role: "system", content: RECAP_SYSTEM },
          { role: "user", content: previous ? `Riassunto finora:\n${previous}\n\nNuovi turni:\n${story}` : story },
        ],
        maxTokens: MEMORY_MAX_TOKENS,
        signal,
        headers,
      });
      return text.trim();
    },
  };
}
