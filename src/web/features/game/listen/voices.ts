/**
 * The browser's Italian voices (issue 13, Listen), in a module of its own: the game page's
 * 'Ascolta' button reads them before the reading code loads (issue 21).
 */

import { useEffect, useState } from "react";
import { isItalian } from "./speech-queue";

/**
 * Input: the browser's speech synthesis, or null. Output: its Italian voices, kept up to date
 * (browsers load their voices after the page).
 */
export function useItalianVoices(synth: SpeechSynthesis | null): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices().filter(isItalian) ?? []);
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices().filter(isItalian));
    update();
    synth.addEventListener("voiceschanged", update);
    return () => synth.removeEventListener("voiceschanged", update);
  }, [synth]);
  return voices;
}
