/**
 * A supervisor that runs the site as a process manager or a CI script does (issue 36 finding 20):
 * `node --import tsx src/server/testing/piped-supervisor.ts <command> [args…]` spawns the command
 * detached (in its own process group) with its standard output and error piped to this process,
 * and writes JSON lines on its own standard output:
 * - {"pid": <the command's pid>} first;
 * - every chunk the command writes, as is (its log lines);
 * - {"paused": true} after SIGUSR1, from which on it stops reading the pipes (a stalled reader:
 *   they fill up and the command's writes wait);
 * - {"exit": <code>, "signal": <signal>} when the command has exited and its pipes are drained;
 *   then the supervisor exits too.
 * SIGTERM ends the supervisor at once (Node's default): its ends of the pipes close.
 */

import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: piped-supervisor.ts <command> [args…]");
const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
process.stdout.write(`${JSON.stringify({ pid: child.pid })}\n`);
for (const output of [child.stdout, child.stderr]) output.on("data", (chunk: Buffer) => process.stdout.write(chunk));
process.on("SIGUSR1", () => {
  child.stdout.pause();
  child.stderr.pause();
  process.stdout.write(`${JSON.stringify({ paused: true })}\n`);
});
child.on("close", (code, signal) => process.stdout.write(`${JSON.stringify({ exit: code, signal })}\n`, () => process.exit(0)));
