/**
 * Bounds on book exports (issue 19 finding 6; ADR 0018): an EPUB or PDF export reads the whole
 * story and its pictures and lays out every page, so a player runs at most EXPORTS_PER_PLAYER at a
 * time (429 EXPORT_BUSY beyond it) and the server at most EXPORTS_AT_ONCE (503 EXPORTS_FULL). The
 * bounds are per server process, as the CPU they protect.
 */

import { AppError } from "../../platform/errors";

/** Exports one player may run at once. */
export const EXPORTS_PER_PLAYER = 1;
/** Exports one server process runs at once (a PDF's layout takes a worker thread each). */
export const EXPORTS_AT_ONCE = 3;

/** The exports running now: per player and in all. */
export class ExportSlots {
  private readonly byPlayer = new Map<string, number>();
  private running = 0;

  /**
   * Takes a slot for `userId`'s export. Output: release(), to call once when the export ends
   * (finished, failed or cancelled; later calls do nothing). Throws 429 EXPORT_BUSY when the
   * player already runs EXPORTS_PER_PLAYER exports, 503 EXPORTS_FULL when the server runs EXPORTS_AT_ONCE.
   */
  take(userId: string): () => void {
    const mine = this.byPlayer.get(userId) ?? 0;
    if (mine >= EXPORTS_PER_PLAYER) throw AppError.of("EXPORT_BUSY", 429);
    if (this.running >= EXPORTS_AT_ONCE) throw AppError.of("EXPORTS_FULL", 503);
    this.byPlayer.set(userId, mine + 1);
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byPlayer.get(userId) ?? 1) - 1;
      if (left > 0) this.byPlayer.set(userId, left);
      else this.byPlayer.delete(userId);
    };
  }
}
