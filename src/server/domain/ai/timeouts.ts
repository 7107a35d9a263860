/** Connect and idle timeouts around a streamed narration (DESIGN §4 step 5). */

export class NarrationTimeoutError extends Error {
  constructor(readonly phase: "connect" | "idle") {
    super(`Narration ${phase} timeout`);
  }
}

/**
 * Re-yields `source`, aborting `controller` with a NarrationTimeoutError when the first chunk
 * takes longer than `connectMs` or two chunks are more than `idleMs` apart (0 disables a limit).
 * The caller's iteration then ends with that error.
 */
export async function* withTimeouts<T>(
  source: AsyncIterable<T>,
  controller: AbortController,
  connectMs: number,
  idleMs: number,
): AsyncGenerator<T> {
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number, phase: "connect" | "idle") => {
    clearTimeout(timer);
    if (ms > 0) timer = setTimeout(() => controller.abort(new NarrationTimeoutError(phase)), ms);
  };
  arm(connectMs, "connect");
  const timedOut = () => {
    const reason: unknown = controller.signal.reason;
    return reason instanceof NarrationTimeoutError ? reason : null;
  };
  try {
    for await (const chunk of source) {
      if (controller.signal.aborted) break;
      arm(idleMs, "idle");
      yield chunk;
    }
  } catch (error) {
    throw timedOut() ?? error;
  } finally {
    clearTimeout(timer);
  }
  const timeout = timedOut();
  if (timeout) throw timeout;
}

/** Longest wait for a choice repair (issue 11 §3), ms: the player sees the narration without choices meanwhile. */
const CHOICE_REPAIR_TIMEOUT_MS = 15_000;

/**
 * Deadline of the choice repair that follows a narration (issue 11 §3), ms: the connect timeout
 * (the wait allowed for a provider's first word), at most CHOICE_REPAIR_TIMEOUT_MS; a disabled
 * connect timeout (0) gives the cap. Input: the connect timeout in ms.
 */
export function choiceRepairTimeoutMs(connectMs: number): number {
  return connectMs > 0 ? Math.min(connectMs, CHOICE_REPAIR_TIMEOUT_MS) : CHOICE_REPAIR_TIMEOUT_MS;
}
