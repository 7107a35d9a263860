/**
 * A queue of things to say over the browser's speech synthesis (Web Speech API; issue 13, Listen).
 * Items are spoken one at a time, each as its own utterance, with the voice and rate of the moment
 * it starts (a change of settings applies from the next sentence). One utterance per sentence also
 * keeps clear of browsers that cut long utterances off, and tells which sentence is being spoken.
 */

/** Is `voice` Italian (lang 'it', 'it-IT', 'it_CH'…)? */
export function isItalian(voice: Pick<SpeechSynthesisVoice, "lang">): boolean {
  return /^it(?:[-_]|$)/i.test(voice.lang);
}

/** The browser's speech synthesis, or null where there is none. */
export function speechSynthesisOrNull(): SpeechSynthesis | null {
  if (typeof window === "undefined" || !("speechSynthesis" in window) || typeof window.SpeechSynthesisUtterance !== "function") return null;
  return window.speechSynthesis ?? null;
}

export interface SpeechQueueOptions<T> {
  synth: SpeechSynthesis;
  /** The voice and rate (1 = normal) to use for the next item. */
  voice(): SpeechSynthesisVoice | null;
  rate(): number;
  /** Called when an item starts being spoken, and with null when the queue falls silent. */
  onSpeaking(item: T | null): void;
}

/**
 * Input: the synthesis and the callbacks above. Items (anything with the words to say in `speak`)
 * are added with push() and said in order; stop() empties the queue and silences the current one.
 */
export class SpeechQueue<T extends { speak: string }> {
  private readonly waiting: T[] = [];
  /** Kept referenced while spoken: some browsers drop the events of a collected utterance. */
  private current: SpeechSynthesisUtterance | null = null;

  constructor(private readonly options: SpeechQueueOptions<T>) {}

  /** Adds items at the end; speaking starts at once when the queue was silent. */
  push(items: readonly T[]): void {
    this.waiting.push(...items);
    if (!this.current) this.next();
  }

  /** Empties the queue and cancels what is being said. */
  stop(): void {
    this.waiting.length = 0;
    const speaking = this.current;
    this.current = null;
    if (speaking) speaking.onstart = speaking.onend = speaking.onerror = null;
    this.options.synth.cancel();
    if (speaking) this.options.onSpeaking(null);
  }

  private next(): void {
    const item = this.waiting.shift();
    if (!item) {
      this.current = null;
      this.options.onSpeaking(null);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(item.speak);
    const voice = this.options.voice();
    utterance.lang = voice?.lang ?? "it-IT";
    if (voice) utterance.voice = voice;
    utterance.rate = this.options.rate();
    utterance.onstart = () => this.options.onSpeaking(item);
    // 'error' too ('synthesis-failed'…): the reading goes on with the next sentence.
    utterance.onend = utterance.onerror = () => {
      if (this.current === utterance) this.next();
    };
    this.current = utterance;
    // A synthesis left paused (e.g. by another page) would never start.
    if (this.options.synth.paused) this.options.synth.resume();
    this.options.synth.speak(utterance);
  }
}
