/**
 * The server's structured log (issue 20 §2; DESIGN §2 operations): pino, one JSON object a line in
 * production (what Loki, journald, CloudWatch and jq read), readable coloured lines in development
 * (pino-pretty). Every line written while a request is being served carries that request's id
 * (`reqId`, AsyncLocalStorage; see http/request-id.ts), however deep in the code it is written.
 *
 * Lines hold ids, never personal data: no e-mail addresses, no story text, no passwords, tokens
 * or keys. Call sites log ids and counts; `redact` is a second line of defence for fields that
 * must never leave the process even if a call site passes a whole object by mistake.
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";

export type { Logger };

/** What is known of the request a line is written for. */
interface RequestScope {
  requestId: string;
  /** The signed-in user, once the session is read (http: loadSession). */
  userId?: string;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `work` as part of the request `requestId`: every log line written by it (and by whatever
 * it starts, timers and promises included) carries `reqId`. Output: what `work` returns.
 */
export function inRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being served, or undefined outside a request (start-up, sweeps). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * Names the signed-in user of the request being served: its later log lines carry `userId`, and
 * the AI calls it starts (narrations, memory, pictures, helpers) are that player's usage
 * (issue 20 §4). No effect outside a request.
 */
export function setRequestUser(userId: string | undefined): void {
  const scope = requestScope.getStore();
  if (scope) scope.userId = userId;
}

/** The signed-in user of the request being served (and of the work it started), if any. */
export function currentUserId(): string | undefined {
  return requestScope.getStore()?.userId;
}

/** Fields censored wherever they appear in a logged object (one level deep and at the top). */
const REDACTED_FIELDS = ["email", "password", "token", "secret", "apiKey", "authorization", "cookie", "content", "text", "prompt"];

export interface LoggerOptions {
  /** pino level: trace, debug, info, warn, error, fatal or silent. */
  level: string;
  /** Readable coloured lines (development) instead of JSON. */
  pretty: boolean;
  /** Where the lines go (tests collect them); default: standard output. */
  destination?: DestinationStream;
}

/** pino's asynchronous standard output (a sonic-boom stream). */
type StandardOutput = ReturnType<typeof pino.destination>;

/** The asynchronous standard output of each logger createLogger made, until closeLogger lets go of it. */
const standardOutputs = new WeakMap<Logger, StandardOutput>();

/**
 * Creates the process's logger. Input: level, format and an optional destination. Output: a pino
 * Logger whose lines carry `time` (ISO 8601), `level` (its name), `reqId` inside a request, and
 * `msg`. Errors go under `err` (type, message, stack). A stop ends it with closeLogger.
 */
export function createLogger(options: LoggerOptions): Logger {
  if (options.destination) return createPino(options.level, options.destination);
  if (options.pretty) return createPino(options.level, pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }));
  const output = pino.destination({ dest: 1, sync: false });
  const logger = createPino(options.level, output);
  standardOutputs.set(logger, output);
  return logger;
}

/**
 * The last step of a stop (issue 36 finding 20): writes the lines the logger still holds, then
 * lets go of standard output, all within `withinMs` (0: at once). Lines still held then (a pipe
 * whose reader stopped reading or is gone) are dropped, so that nothing is left for the exit:
 * pino flushes at exit synchronously, and its sonic-boom retries a write to a closed pipe (EPIPE)
 * or a full one forever, which kept stopped servers alive. Later lines of the logger are not
 * written. Input: a logger of createLogger (others are only silenced) and the bound in ms.
 * Output: resolves when done; never rejects. A second call drops what is left at once.
 */
export async function closeLogger(logger: Logger, withinMs: number): Promise<void> {
  logger.level = "silent";
  const output = standardOutputs.get(logger);
  if (!output) return;
  if (withinMs > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, withinMs);
      const ended = () => {
        clearTimeout(timer);
        resolve();
      };
      output.once("close", ended);
      // A write error (EPIPE: the reader is gone) ends it too; pino then stops writing to it.
      output.on("error", ended);
      output.end();
    });
  }
  standardOutputs.delete(logger);
  output.destroy();
}

/** The pino logger of createLogger over `destination`. */
function createPino(level: string, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = requestScope.getStore();
        if (!scope) return {};
        return scope.userId ? { reqId: scope.requestId, userId: scope.userId } : { reqId: scope.requestId };
      },
      redact: { paths: [...REDACTED_FIELDS, ...REDACTED_FIELDS.map((field) => `*.${field}`)], censor: "[redacted]" },
    },
    destination,
  );
}

/** A logger that writes nothing (benchmarks, scripts that do not want the server's lines). */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
