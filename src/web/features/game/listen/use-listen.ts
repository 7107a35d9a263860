/**
 * 'Ascolta' on the game page (issue 13, Listen): the state behind the button. Reads the
 * narrations aloud with the site's voice when the server has one (issue 39: server-voice-queue.ts,
 * SITE_CONFIG.serverVoice), else with an Italian voice of the browser's speech synthesis, follows the
 * narration being written sentence by sentence, highlights the sentence being spoken
 * (narration-highlight.ts) and remembers the voice and speed in localStorage.
 */

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useParams } from "react-router";
import type { MessageView } from "@/lib/api-contract";
import { setSpokenSentence } from "@/components/narration-highlight";
import { SITE_CONFIG } from "@/lib/site-config";
import { toast } from "@/lib/toast";
import { type NarrationTarget, NarrationReader, type QueuedSegment } from "./narration-reader";
import { ServerVoiceQueue } from "./server-voice-queue";
import { SpeechQueue, speechSynthesisOrNull } from "./speech-queue";
import { useItalianVoices } from "./voices";

/** The reading settings the player chose. */
export interface ListenSettings {
  /** voiceURI of the chosen voice; null: the browser's default Italian voice. */
  voiceURI: string | null;
  /** Speech rate, 1 = normal. */
  rate: number;
}

/** The speeds offered, with their Italian labels. */
export const RATES = [
  { rate: 0.8, label: "Lenta" },
  { rate: 1, label: "Normale" },
  { rate: 1.25, label: "Veloce" },
  { rate: 1.5, label: "Molto veloce" },
] as const;

const SETTINGS_KEY = "storie.ascolta";
const DEFAULT_SETTINGS: ListenSettings = { voiceURI: null, rate: 1 };

/** The stored settings, or the defaults when there are none or they are not valid. */
function loadSettings(): ListenSettings {
  try {
    const stored = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? "null") as Partial<ListenSettings> | null;
    return {
      voiceURI: typeof stored?.voiceURI === "string" ? stored.voiceURI : null,
      rate: RATES.some((r) => r.rate === stored?.rate) ? stored!.rate! : DEFAULT_SETTINGS.rate,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function saveSettings(settings: ListenSettings): void {
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the settings hold for this visit only.
  }
}

/** The chosen voice, else the browser's default Italian voice, else an it-IT one, else the first. */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], voiceURI: string | null): SpeechSynthesisVoice | null {
  return voices.find((v) => v.voiceURI === voiceURI) ?? voices.find((v) => v.default) ?? voices.find((v) => /^it[-_]it$/i.test(v.lang)) ?? voices[0] ?? null;
}

/** What the page shows of a turn being played (useGameChat's liveTurn). */
export interface LiveNarration {
  id: number;
  text: string;
  visualizing?: boolean;
}

/** The narration being written, else the latest stored narration (scene images are not read). */
function narrationTarget(messages: readonly MessageView[], live: LiveNarration | null): NarrationTarget | null {
  if (live && !live.visualizing) return { key: `live-${live.id}`, text: live.text, live: true };
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant" && !message.imageUrl && message.content.trim()) return { key: message.id, text: message.content, live: false };
  }
  return null;
}

/**
 * Input: the story the page shows (oldest first) and the turn being played, or null.
 * Output:
 * - `available`: the site has a voice (`server` true), or the browser can read in Italian (speech
 *   synthesis with at least one Italian voice);
 * - `listening`: 'Ascolta' is on; `toggle()` turns it on (reading the latest narration from its
 *   beginning, then each new narration as it is written) or off (silence at once);
 * - `voices`, `voice`: the Italian voices and the one in use; `settings`, `setSettings(next)`:
 *   the remembered voice and speed (applied from the next sentence; with the site's voice only the speed).
 * Leaving the page (unmount, page hide) silences the reading and clears the highlight.
 */
export function useListen(messages: readonly MessageView[], live: LiveNarration | null) {
  const { gameId = "" } = useParams();
  const server = SITE_CONFIG.serverVoice;
  const synth = useMemo(() => (server ? null : speechSynthesisOrNull()), [server]);
  const voices = useItalianVoices(synth);
  const [settings, setSettingsState] = useState(loadSettings);
  const [listening, setListening] = useState(false);
  const voice = pickVoice(voices, settings.voiceURI);

  // The queue reads the voice and rate of the moment each sentence starts.
  const current = useRef({ voice, rate: settings.rate });
  current.current = { voice, rate: settings.rate };

  const warned = useRef(false);
  const reader = useMemo(() => {
    const onSpeaking = (segment: QueuedSegment | null) => setSpokenSentence(segment && { source: segment.source, text: segment.show, hint: segment.hint });
    const rate = () => current.current.rate;
    if (server) {
      const url = (messageId: string, part: number) => `/api/games/${encodeURIComponent(gameId)}/messages/${encodeURIComponent(messageId)}/speech?part=${part}`;
      // Said once per 'Ascolta': the reading goes on with the next sentence.
      const onFailure = () => {
        if (warned.current) return;
        warned.current = true;
        toast.error("Voce del sito non disponibile", { description: "Una frase non è stata letta: la lettura prosegue con la successiva." });
      };
      return new NarrationReader(new ServerVoiceQueue({ url, rate, onSpeaking, onFailure }));
    }
    if (!synth) return null;
    return new NarrationReader(new SpeechQueue<QueuedSegment>({ synth, voice: () => current.current.voice, rate, onSpeaking }));
  }, [synth, server, gameId]);

  const target = narrationTarget(messages, live);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    if (listening) reader?.follow(targetRef.current);
  }, [reader, listening, target?.key, target?.text, target?.live]);

  useEffect(() => {
    if (!reader) return;
    const silence = () => {
      reader.stop();
      setSpokenSentence(null);
    };
    window.addEventListener("pagehide", silence);
    return () => {
      window.removeEventListener("pagehide", silence);
      silence();
    };
  }, [reader]);

  // Started from the click itself: some browsers only let a page speak from a user's gesture.
  const toggle = useCallback(() => {
    if (!reader) return;
    if (listening) {
      reader.stop();
      setSpokenSentence(null);
    } else {
      warned.current = false;
      reader.start(targetRef.current);
    }
    setListening(!listening);
  }, [reader, listening]);

  const setSettings = useCallback((next: ListenSettings) => {
    setSettingsState(next);
    saveSettings(next);
  }, []);

  return { available: reader !== null && (server || voices.length > 0), server, listening, toggle, voices, voice, settings, setSettings };
}
