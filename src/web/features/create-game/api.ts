/** /crea-gioco API: create the player's own game, fill its empty fields with AI, import a character card. */

import type { CreateCustomGameValues, CustomGameGeneratable } from "@shared/schemas/create-game";
import type { ScenarioInput } from "@shared/schemas/scenario";
import type { CreatedCustomGameView, CreatedScenarioView, GenerateResultView } from "@/lib/api-contract";
import type { ImportedCardView } from "@shared/schemas/character-card";
import { api } from "@/lib/api";

/** POST /api/custom-games → 201 {id, genre}. Throws ApiError (401, 400 with the §5-style message). */
export function createCustomGame(values: CreateCustomGameValues): Promise<CreatedCustomGameView> {
  return api<CreatedCustomGameView>("/custom-games", { body: values });
}

/** POST /api/custom-games/generate → {generatedContent}: values for the empty fields only. */
export function generateCustomGame(title: string, genre: string, fields: Partial<Record<CustomGameGeneratable, string>>): Promise<GenerateResultView> {
  return api<GenerateResultView>("/custom-games/generate", { body: { title, genre, fields } });
}

/**
 * POST /api/templates/import (issue 40 §3): a character card file (.png or .json) as the multipart
 * field `file` → 201 {id} of the player's new private draft. Throws ApiError (400 CARD_INVALID with
 * the Italian message naming the problem, 401, 429).
 */
export function importCharacterCard(file: File): Promise<ImportedCardView> {
  const form = new FormData();
  form.set("file", file);
  return api<ImportedCardView>("/templates/import", { body: form });
}

/**
 * POST /api/scenarios → 201 {id}: 'Pubblica come scenario' (issue 40 §1) makes the premise a
 * private draft scenario of the player's (title, genre, the premise as description and opening).
 * Throws ApiError (401; 400 with the schema's Italian message; 429 past the drafts of a day).
 */
export function createScenario(values: Pick<ScenarioInput, "title" | "genre" | "description" | "first_message">): Promise<CreatedScenarioView> {
  return api<CreatedScenarioView>("/scenarios", { body: values });
}
