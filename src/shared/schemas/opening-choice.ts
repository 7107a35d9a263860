/**
 * The body of POST /api/templates/:id/play (issue 40 §1 'Scegli l'inizio'): which of the
 * scenario's openings starts the story. 0 (the default, also for an empty body) is the first
 * message; 1..n are its alternative openings in their stored order. One schema for web and server;
 * the server also refuses an index past the scenario's own openings (400 OPENING_NOT_FOUND).
 */

import { z } from "zod";
import { MAX_ALTERNATE_OPENINGS } from "./character-card";

const INVALID = "Scegli uno degli inizi proposti.";

export const openingChoiceSchema = z
  .object({
    opening: z
      .number({ error: INVALID })
      .int(INVALID)
      .min(0, INVALID)
      // No scenario has more: a card carries at most MAX_ALTERNATE_OPENINGS, a form fewer.
      .max(MAX_ALTERNATE_OPENINGS, INVALID)
      .default(0),
  })
  .default({ opening: 0 });

export type OpeningChoiceInput = z.input<typeof openingChoiceSchema>;
