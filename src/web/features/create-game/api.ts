/** /crea-gioco API: create the player's own game, and fill its empty fields with AI. */

import type { CreateCustomGameValues, CustomGameGeneratable } from "@shared/schemas/create-game";
import type { CreatedCustomGameView, GenerateResultView } from "@/lib/api-contract";
import { api } from "@/lib/api";

/** POST /api/custom-games → 201 {id, genre}. Throws ApiError (401, 400 with the §5-style message). */
export function createCustomGame(values: CreateCustomGameValues): Promise<CreatedCustomGameView> {
  return api<CreatedCustomGameView>("/custom-games", { body: values });
}

/** POST /api/custom-games/generate → {generatedContent}: values for the empty fields only. */
export function generateCustomGame(title: string, genre: string, fields: Partial<Record<CustomGameGeneratable, string>>): Promise<GenerateResultView> {
  return api<GenerateResultView>("/custom-games/generate", { body: { title, genre, fields } });
}
