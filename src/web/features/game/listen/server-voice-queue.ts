/**
 * 'Ascolta' with the server's voice (issue 39): the same queue as speech-queue.ts, but each item is
 * a part of a stored narration that the server says (GET /api/games/:id/messages/:messageId/
 * speech?part=N, MP3 streamed), played with an Audio element. While one part plays, the next is
 * already loading (a second element), so sentences follow without a gap. A part of a narration
 * still being written waits until the narration is stored (rename()), since the server says only
 * stored narrations. A part that fails (network, limit) is skipped, as the browser's voice skips a
 * sentence it could not say.
 */

import type { QueuedSegment, SegmentQueue } from "./narration-reader";

export interface ServerVoiceOptions {
  /** The address of a part: the message id and the part's index. */
  url(messageId: string, part: number): string;
  /** Playback rate for the next part (1 = normal). */
  rate(): number;
  /** Called when a part starts being heard, and with null when the queue falls silent. */
  onSpeaking(item: QueuedSegment | null): void;
  /** Called when a part could not be played (the server refused or failed, the browser refused to play). */
  onFailure?(): void;
  /** Makes an audio element (tests give a stub); default: new Audio(). */
  createAudio?(): HTMLAudioElement;
}

interface Loaded {
  item: QueuedSegment;
  audio: HTMLAudioElement;
}

/** Input: the options above. Items are added with push() and played in order; stop() silences. */
export class ServerVoiceQueue implements SegmentQueue {
  private readonly waiting: QueuedSegment[] = [];
  private readonly stored = new Map<string, string>();
  private current: Loaded | null = null;
  private prefetched: Loaded | null = null;

  constructor(private readonly options: ServerVoiceOptions) {}

  /** Adds items at the end; playing starts at once when the queue was silent. */
  push(items: QueuedSegment[]): void {
    this.waiting.push(...items);
    this.advance();
  }

  /** The narration `live` was stored as message `messageId`: its waiting parts can be fetched. */
  rename(live: string, messageId: string): void {
    this.stored.set(live, messageId);
    this.advance();
  }

  /** Empties the queue and silences the part being played. */
  stop(): void {
    this.waiting.length = 0;
    const playing = this.current;
    this.current = null;
    for (const loaded of [playing, this.prefetched]) if (loaded) release(loaded.audio);
    this.prefetched = null;
    if (playing) this.options.onSpeaking(null);
  }

  /** The message id of an item, or null while its narration is still being written. */
  private messageOf(item: QueuedSegment): string | null {
    return item.live ? (this.stored.get(item.key) ?? null) : item.key;
  }

  /** Starts the next part when nothing plays, else makes sure the one after is loading. */
  private advance(): void {
    if (this.current) return this.prefetch();
    this.next();
  }

  private next(): void {
    const item = this.waiting[0];
    const messageId = item && this.messageOf(item);
    if (!item || !messageId) {
      // Nothing left, or the next part waits for its narration to be stored.
      const wasPlaying = this.current !== null;
      this.current = null;
      if (wasPlaying || !item) this.options.onSpeaking(null);
      return;
    }
    this.waiting.shift();
    const ready = this.prefetched?.item === item ? this.prefetched.audio : this.load(messageId, item.part);
    this.prefetched = null;
    const loaded = { item, audio: ready };
    this.current = loaded;
    const done = (failed: boolean) => {
      if (this.current !== loaded) return;
      release(ready);
      if (failed) this.options.onFailure?.();
      this.next();
    };
    ready.onplaying = () => {
      if (this.current === loaded) this.options.onSpeaking(item);
    };
    ready.onended = () => done(false);
    ready.onerror = () => done(true);
    ready.playbackRate = this.options.rate();
    // Refused (no user gesture yet) or failed: go on with the next part.
    ready.play().catch(() => done(true));
    this.prefetch();
  }

  /** Loads the next waiting part, if its narration is stored and it is not loading already. */
  private prefetch(): void {
    const item = this.waiting[0];
    const messageId = item && this.messageOf(item);
    if (!item || !messageId || this.prefetched?.item === item) return;
    if (this.prefetched) release(this.prefetched.audio);
    this.prefetched = { item, audio: this.load(messageId, item.part) };
  }

  private load(messageId: string, part: number): HTMLAudioElement {
    const audio = this.options.createAudio?.() ?? new Audio();
    audio.preload = "auto";
    audio.src = this.options.url(messageId, part);
    return audio;
  }
}

/** Stops an element and lets its download go. */
function release(audio: HTMLAudioElement): void {
  audio.onplaying = audio.onended = audio.onerror = null;
  audio.pause();
  audio.removeAttribute("src");
  audio.load();
}
