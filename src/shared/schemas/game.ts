/** Game chat inputs (spec §5: empty or whitespace-only messages cannot be sent). */

import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "../commands";
import { resolveGenre } from "../genres";

export const createGameSchema = z.object({
  // Unknown genres fall back to Fantasy (spec §3); a missing one is refused (spec §5).
  genre: z.string({ message: "Seleziona un genere" }).trim().transform(resolveGenre),
});

export const sendMessageSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, "Scrivi un messaggio prima di inviare.")
    .max(MAX_MESSAGE_LENGTH, `Il messaggio può contenere al massimo ${MAX_MESSAGE_LENGTH} caratteri.`),
});
