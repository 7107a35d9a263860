/** Game chat inputs (spec §5: empty or whitespace-only messages cannot be sent). */

import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "../commands";
import { GENRES } from "../genres";

export const createGameSchema = z.object({
  genre: z
    .string()
    .trim()
    .transform((v) => GENRES.find((g) => g.toLowerCase() === v.toLowerCase()) ?? "Fantasy"),
});

export const sendMessageSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, "Scrivi un messaggio prima di inviare.")
    .max(MAX_MESSAGE_LENGTH, `Il messaggio può contenere al massimo ${MAX_MESSAGE_LENGTH} caratteri.`),
});
