/**
 * Which narration is read aloud, and from where (issue 13, Listen). While listening is on, the
 * page hands the reader its narration target on every change: the narration being written (it
 * grows), or else the latest stored one. The reader queues each sentence once, as it completes,
 * and the choices once the narration is complete.
 *
 * - 'Ascolta' (start): the target is read from its beginning (the latest narration, or the one
 *   being written).
 * - The same narration again (it grew, or the narration being written was stored and is now the
 *   latest stored message, beginning with the sentences already read): only what is new is queued.
 * - A new narration being written (the player chose, 'Rigenera'…): what was being said stops and
 *   the new one is read from its beginning.
 * - Any other change (the page shows an older narration after 'Annulla', a turn that failed):
 *   nothing is read.
 */

import { type SpeechSegment, speechSegments } from "@shared/speech/speech-text";

/** The narration the page offers for reading. */
export interface NarrationTarget {
  /** 'live-{turn id}' for the narration being written, else the stored message's id. */
  key: string;
  /** Its markdown, as the narrator wrote it. */
  text: string;
  /** Still being written: its last sentence and its choices are not read yet. */
  live: boolean;
}

/** A segment queued for reading, with the beginning of its narration (to find it on the page). */
export interface QueuedSegment extends SpeechSegment {
  source: string;
  /** Its narration's key (NarrationTarget.key) and whether it was still being written when queued. */
  key: string;
  live: boolean;
  /** Its index in speechSegments(narration): the part the server's voice says (issue 39). */
  part: number;
}

/**
 * Where the segments go. `rename(live, stored)`, when given, hears that the narration being
 * written (key `live`) was stored as `stored` (a message id), its queued segments unchanged.
 */
export interface SegmentQueue {
  push(items: QueuedSegment[]): void;
  stop(): void;
  rename?(live: string, stored: string): void;
}

/** How much of a narration's beginning identifies it on the page (characters). */
const SOURCE_CHARS = 80;

interface ReadState {
  key: string;
  live: boolean;
  /** The shown text of every segment queued so far, in order. */
  queued: string[];
  /** The stored narration that was the target before the narration being written began. */
  before: string | null;
}

/** Input: a queue (push / stop). Use start() on 'Ascolta', follow() on every target change. */
export class NarrationReader {
  private state: ReadState | null = null;
  /** Between start() and stop(): follow() reads only then (a late call after 'Stop' is ignored). */
  private on = false;

  constructor(private readonly queue: SegmentQueue) {}

  /** Silences the queue and reads `target` (if any) from its beginning. */
  start(target: NarrationTarget | null): void {
    this.stop();
    this.on = true;
    if (target) this.read(target, 0, this.state);
  }

  /** Silences the queue and forgets what was read. */
  stop(): void {
    this.queue.stop();
    this.state = null;
    this.on = false;
  }

  /** Queues what is new in `target` (see the rules above); nothing unless started. */
  follow(target: NarrationTarget | null): void {
    if (!target || !this.on) return;
    const state = this.state;
    if (state?.key === target.key) return this.read(target, state.queued.length, state);
    const shown = speechSegments(target.text, !target.live).map((s) => s.show);
    const stored =
      state?.live && !target.live && target.key !== state.before && state.queued.every((text, i) => shown[i] === text);
    if (stored) {
      this.queue.rename?.(state.key, target.key);
      return this.read(target, state.queued.length, state);
    }
    if (!target.live) {
      this.state = { key: target.key, live: false, queued: shown, before: null };
      return;
    }
    this.queue.stop();
    this.read(target, 0, { key: target.key, live: true, queued: [], before: state && !state.live ? state.key : (state?.before ?? null) });
  }

  /** Queues the segments of `target` from index `from` and records them. */
  private read(target: NarrationTarget, from: number, previous: ReadState | null): void {
    const segments = speechSegments(target.text, !target.live);
    const source = target.text.trimStart().slice(0, SOURCE_CHARS);
    const fresh = segments.slice(from).map((segment, i) => ({ ...segment, source, key: target.key, live: target.live, part: from + i }));
    this.state = {
      key: target.key,
      live: target.live,
      queued: segments.length >= from ? segments.map((s) => s.show) : (previous?.queued ?? []),
      before: previous?.before ?? null,
    };
    if (fresh.length > 0) this.queue.push(fresh);
  }
}
