/**
 * The test servers' logger (issue 20 §2): the server's own pino logger (ops/logger.ts) at the
 * lowest level, JSON lines, each appended to this process's file in TEST_LOG_DIR (set by
 * global-setup.ts, which scans every line of the run when it ends) and handed, parsed, to the
 * test that asked for them.
 */

import fs from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { createLogger, type Logger } from "../platform/ops/logger";

/** One log line as written: level name, time, message, request id, fields. */
export type LogEntry = Record<string, unknown> & { level: string; msg?: string; reqId?: string };

/**
 * A logger for a test server. Input: an optional listener of every line. Output: the Logger; its
 * lines also go to $TEST_LOG_DIR/<pid>-<thread>.jsonl when TEST_LOG_DIR is set. With neither
 * (benchmarks) it writes nothing, at no cost.
 */
export function testLogger(onLog?: (entry: LogEntry) => void): Logger {
  const dir = process.env.TEST_LOG_DIR;
  const file = dir ? path.join(dir, `${process.pid}-${threadId}.jsonl`) : undefined;
  return createLogger({
    level: file || onLog ? "trace" : "silent",
    pretty: false,
    destination: {
      write(line: string) {
        if (file) fs.appendFileSync(file, line);
        onLog?.(JSON.parse(line) as LogEntry);
      },
    },
  });
}
