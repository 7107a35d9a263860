/**
 * Input of 'Ascolta' with the server's voice (issue 39): which part of a stored narration to say.
 * Parts are numbered from 0 in the order of speechSegments(narration, true) (shared/speech/), the
 * same list the page highlights.
 */

import { z } from "zod";
import { MAX_SPEECH_PARTS } from "../speech/speech-text";

const partError = `Il parametro «part» deve essere un numero intero da 0 a ${MAX_SPEECH_PARTS - 1}.`;

/** GET /api/games/:id/messages/:messageId/speech?part=N: N required, a whole number in [0, MAX_SPEECH_PARTS). */
export const speechQuerySchema = z.object({
  part: z.coerce
    .number({ error: partError })
    .int({ error: partError })
    .min(0, { error: partError })
    .max(MAX_SPEECH_PARTS - 1, { error: partError }),
});
