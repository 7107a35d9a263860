/**
 * Every benchmark in quick mode (issue 37 §5, "benchmarks that cannot rot"): builds the site once
 * (`npm run build`), then runs each `bench:*` script of package.json (read from it, so a new
 * benchmark is included by itself; bench:quick excepted) with BENCH_QUICK=1: the same code with
 * tiny sizes (bench-support.ts QUICK), each printing its usual table. The scripts run through
 * `npm run <name> --ignore-scripts`, which skips their `prebench:*` build hooks (built once
 * above). Prints one line per benchmark (name, seconds, ok / FAILED) and a summary; exits 1 when
 * one failed (non-zero exit, or no end within PER_BENCH_TIMEOUT_S). The figures are a report:
 * nothing here judges a timing.
 *
 * PostgreSQL schemas the benchmarks create are named t_<run>_… (TEST_PG_RUN, as the test harness
 * names them) and dropped at the end.
 * Usage: npm run bench:quick [-- bench:turn bench:auth …] (only those benchmarks).
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";

/** A benchmark that has not ended after this long is stopped and counted as failed. */
const PER_BENCH_TIMEOUT_S = 240;

/** Process groups of the npm runs under way, stopped when this script is interrupted. */
const running = new Set<number>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const pid of running) process.kill(-pid, "SIGKILL");
    process.exit(1);
  });
}

/** One benchmark's outcome. */
interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
  /** Why it failed: exit code, signal or timeout. */
  reason?: string;
}

/**
 * The `bench:*` scripts of package.json in their order, bench:quick excepted; with `only`
 * (script names) just those. Throws when `only` names a script package.json does not have.
 */
export function benchScripts(only: string[] = []): string[] {
  const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  const all = Object.keys(scripts).filter((name) => name.startsWith("bench:") && name !== "bench:quick");
  const unknown = only.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`no such benchmark in package.json: ${unknown.join(", ")} (there are ${all.join(", ")})`);
  return only.length > 0 ? all.filter((name) => only.includes(name)) : all;
}

/**
 * Runs `npm <args>` in its own process group with `env` added, output passed through.
 * Output: the exit code (or the signal's name), and whether it was stopped after `timeoutS` seconds.
 */
function npm(args: string[], env: Record<string, string>, timeoutS: number): Promise<{ code: number | string; timedOut: boolean }> {
  const child = spawn("npm", args, { env: { ...process.env, ...env }, stdio: "inherit", detached: true });
  running.add(child.pid!);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The whole group: npm, the benchmark and whatever it started (servers, Chromium).
    process.kill(-child.pid!, "SIGKILL");
  }, timeoutS * 1000);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      resolve({ code: code ?? signal ?? "unknown", timedOut });
    });
  });
}

/** Drops the PostgreSQL schemas t_<run>_… at `url`, when it answers; a failure is only printed. */
async function dropSchemas(url: string, run: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like $1", [`t\\_${run}\\_%`]);
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } catch (error) {
    console.log(`(PostgreSQL schemas t_${run}_… not dropped: ${(error as Error).message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  const names = benchScripts(process.argv.slice(2));
  const built = await npm(["run", "build"], {}, 600);
  if (built.code !== 0) {
    console.error(`bench:quick: npm run build failed (${built.code})`);
    return 1;
  }
  const run = `bench${randomBytes(3).toString("hex")}`;
  const env = { BENCH_QUICK: "1", TEST_PG_RUN: run };
  const outcomes: Outcome[] = [];
  const line = (o: Outcome) => `${o.name.padEnd(24)} ${`${o.seconds.toFixed(1)} s`.padStart(8)}  ${o.ok ? "ok" : `FAILED (${o.reason})`}`;
  const started = performance.now();
  try {
    for (const name of names) {
      console.log(`\n━━ ${name} (BENCH_QUICK=1) ━━`);
      const t = performance.now();
      const { code, timedOut } = await npm(["run", name, "--ignore-scripts"], env, PER_BENCH_TIMEOUT_S);
      const outcome: Outcome = { name, seconds: (performance.now() - t) / 1000, ok: code === 0 && !timedOut };
      if (!outcome.ok) outcome.reason = timedOut ? `no end within ${PER_BENCH_TIMEOUT_S} s` : `exit ${code}`;
      outcomes.push(outcome);
      console.log(line(outcome));
    }
  } finally {
    await dropSchemas(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", run);
  }
  const failed = outcomes.filter((o) => !o.ok);
  console.log(`\nbench:quick, BENCH_QUICK=1 (after one build; figures are a report, not a test):`);
  for (const o of outcomes) console.log(line(o));
  console.log(`${"total".padEnd(24)} ${`${((performance.now() - started) / 1000).toFixed(1)} s`.padStart(8)}  ${failed.length ? `${failed.length} FAILED` : "all ok"}`);
  return failed.length ? 1 : 0;
}

if (process.argv[1]?.endsWith("quick.ts")) process.exit(await main());
