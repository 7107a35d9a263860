/**
 * The machinery of the account sweeps (issue 9 finding 3: inactive guests; issue 22 §10:
 * accounts deactivated 30 days ago): erase the accounts a query names, batch after batch, and
 * run that once at start and then every day until the server closes.
 */

import type { Logger } from "../../platform/ops/logger";
import { eraseAccount, type EraseDeps } from "./erase-account";
import { DAY_MS } from "../../platform/clock";

/** Accounts erased per query round (a sweep loops until none is left). */
const BATCH = 200;

/**
 * Erases every account `nextIds` names, through eraseAccount (every row and media file).
 * Input: deps, `nextIds(limit)` (ids still to erase, at most `limit`; it is asked again after
 * each batch), `shouldStop` (checked between accounts: the server is closing), and the word for
 * the log. Output: how many accounts were erased. A failing erasure is logged and skipped (it is
 * retried at the next sweep); a failing query throws.
 */
export async function eraseAll(deps: EraseDeps, nextIds: (limit: number) => Promise<string[]>, shouldStop: () => boolean, what: string): Promise<number> {
  const failed = new Set<string>();
  let erased = 0;
  for (;;) {
    const ids = (await nextIds(BATCH + failed.size)).filter((id) => !failed.has(id));
    if (ids.length === 0 || shouldStop()) return erased;
    for (const id of ids) {
      if (shouldStop()) return erased;
      try {
        if (await eraseAccount(deps, id)) erased++;
      } catch (error) {
        failed.add(id);
        deps.logger.error({ err: error, userId: id }, `${what} non cancellato`);
      }
    }
  }
}

/**
 * Starts a sweep: once now, then every `intervalMs` (a day by default). Input: the logger, the
 * sweep (given the current instant and `shouldStop`; output: how many accounts it erased) and the
 * log line of a sweep that erased some (given the count). Output: stop(), which cancels the timer,
 * lets the running sweep end after the current account and resolves when it has.
 */
export function startSweep(
  logger: Logger,
  sweep: (now: Date, shouldStop: () => boolean) => Promise<number>,
  report: (erased: number) => string,
  intervalMs = DAY_MS,
): { stop(): Promise<void> } {
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      if (stopping) return;
      try {
        const erased = await sweep(new Date(), () => stopping);
        if (erased > 0) logger.info({ erased }, report(erased));
      } catch (error) {
        logger.error({ err: error }, "Pulizia degli account non riuscita");
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
