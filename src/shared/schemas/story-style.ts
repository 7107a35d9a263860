/**
 * PUT /api/games/:id/style {length, creativity} (issue 38 §4): the server's check, with Italian
 * messages (the menu offers only these steps). The steps and labels: shared/story-style.ts.
 */

import { z } from "zod";
import { STORY_CREATIVITIES, STORY_LENGTHS } from "../story-style";

export const storyStyleSchema = z.object({
  length: z.enum(STORY_LENGTHS, { error: "Scegli la lunghezza: breve, media o lunga." }),
  creativity: z.enum(STORY_CREATIVITIES, { error: "Scegli la creatività: misurata, equilibrata o audace." }),
});
