/**
 * The narrator's memory through the OpenAI-compatible provider (issue 11 §1, issue 38 §2; ADR 0009):
 * facts as structured output (response_format json_schema {facts: [{name, kind, summary}]}, the
 * game's known names sent along so the model reuses them, the answer checked by a zod schema) and the
 * recap as a short separate completion, both through the narrator's chat client
 * (ai/openai-client.ts, ADR 0010). Both run in the background after a narration is stored
 * (background.ts); their failures are the caller's to ignore.
 */

import { z } from "zod";
import type { ChatClient } from "../ai/openai-client";
import { type FactKind, MAX_FACT_TITLE_LENGTH, MAX_RECAP_LENGTH } from "../../../shared/schemas/memory";
import type { NarratorMemory } from "../ai/types";

/** The kinds the model chooses from (issue 38 §2), a subset of FACT_KINDS. */
const EXTRACTED_KINDS = ["personaggio", "luogo", "oggetto", "evento"] as const satisfies readonly FactKind[];

/** Longest one-line summary of an extracted fact, characters. */
const MAX_SUMMARY_LENGTH = 200;

/** Most known names sent with a request (the game's most recently updated facts). */
export const MAX_KNOWN_NAMES = 100;

/** What the model must answer when asked for facts (checked after parsing): {facts: [{name, kind, summary}]}. */
const extractedFactsSchema = z.object({
  facts: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(MAX_FACT_TITLE_LENGTH),
        kind: z.enum(EXTRACTED_KINDS),
        summary: z.string().trim().min(1).max(MAX_SUMMARY_LENGTH),
      }),
    )
    .max(20),
});

/** The same schema as JSON Schema, sent with every request (computed once). */
const EXTRACTED_FACTS_JSON_SCHEMA = z.toJSONSchema(extractedFactsSchema, { target: "draft-7" });

const FACTS_SYSTEM =
  "Sei l'archivista di una storia interattiva. Estrai dalla narrazione le entità da ricordare per il resto della storia: " +
  "personaggi (e chi sono per il protagonista), luoghi, oggetti importanti, eventi decisivi (promesse, ferite, tradimenti). " +
  `Per ciascuna: name (il nome proprio o una breve descrizione), kind (uno tra ${EXTRACTED_KINDS.join(", ")}) e summary ` +
  "(una sola riga in italiano con ciò che la narrazione dice di nuovo). Se l'entità è tra i nomi già noti, usa esattamente quel nome. " +
  "Non estrarre parole comuni, pronomi o verbi. Rispondi solo con l'oggetto JSON richiesto.";

/** The user message of a facts request: the names already known, then the narration. */
function factsRequest(narration: string, known: readonly string[]): string {
  const names = known.length > 0 ? known.slice(0, MAX_KNOWN_NAMES).join("; ") : "nessuno";
  return `Nomi già noti: ${names}\n\nNarrazione:\n${narration}`;
}

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
 * when the answer is not JSON matching the schema. extractFacts sends the first MAX_KNOWN_NAMES
 * known names and answers each entity as {kind, title: its name, text: its one-line summary}.
 */
export function createProviderMemory(client: ChatClient): NarratorMemory {
  return {
    async extractFacts(narration, known, signal) {
      const answer = await client.complete({
        purpose: "memory",
        messages: [
          { role: "system", content: FACTS_SYSTEM },
          { role: "user", content: factsRequest(narration, known) },
        ],
        jsonSchema: { name: "ricordi", schema: EXTRACTED_FACTS_JSON_SCHEMA },
        maxTokens: MEMORY_MAX_TOKENS,
        signal,
        headers,
      });
      return extractedFactsSchema.parse(JSON.parse(answer)).facts.map((f) => ({ kind: f.kind, title: f.name, text: f.summary.replace(/\s+/g, " ") }));
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
