/**
 * The main thread while a server-rendered page comes alive on a phone's CPU (issue 21). Prints a
 * table; a report, not a test.
 *
 * Starts the built site (`dist/`, built by the script) on SQLite with a player (pro plan) and a
 * story of STORY_TURNS turns. For each page (/, /galleria as a visitor; the game page and
 * /profilo signed in), RUNS times: Chromium (/usr/bin/chromium, 390×844, cache empty) with its
 * CPU 4× slower (CDP Emulation.setCPUThrottlingRate) opens the page while a performance trace
 * records (CDP Tracing), until the network is idle and IDLE_MS more. From the trace: the page's
 * main-thread tasks (RunTask) after the first contentful paint, their longest, how many last
 * over 50 ms, and their blocking time (the sum of each task's time past 50 ms: total blocking
 * time's formula, here on Chromium's own throttled tasks rather than Lighthouse's simulation).
 * Printed per page: the median and the worst run. Targets: no task over 50 ms.
 * Usage: npm run bench:startup (BENCH_QUICK=1: one load of / and of the game page, a 3-turn story, 300 ms idle).
 */

import path from "node:path";
import { startTestServer } from "../src/server/testing/harness";
import { mainThreadTasksAfterPaint, percentile, playerWithStory, QUICK, sized, type TraceEvent, withPhonePage } from "./bench-support";

const RUNS = sized(5, 1);
const STORY_TURNS = sized(31, 3);
const CPU_SLOWDOWN = 4;
const IDLE_MS = sized(1000, 300);
const LONG_TASK_MS = 50;

/** One load of a page: its main-thread tasks after the first contentful paint (ms). */
async function load(url: string, cookie?: string): Promise<number[]> {
  return await withPhonePage(url, cookie, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", { categories: "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(IDLE_MS);
    await cdp.send("Tracing.end");
    await complete;
    return mainThreadTasksAfterPaint(events, url).map((e) => (e.dur ?? 0) / 1000);
  });
}

/** The figures of one load: longest task, tasks over 50 ms, blocking time (ms). */
function figures(tasks: number[]): { longest: number; long: number; blocking: number } {
  return {
    longest: Math.max(0, ...tasks),
    long: tasks.filter((t) => t > LONG_TASK_MS).length,
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, t - LONG_TASK_MS), 0),
  };
}

const server = await startTestServer("sqlite", { webRoot: path.resolve("dist") });
try {
  const player = await playerWithStory(server, STORY_TURNS);
  const pages: { label: string; page: string; cookie?: string }[] = [
    { label: "/", page: "/" },
    { label: "/galleria", page: "/galleria" },
    { label: "game page", page: player.game, cookie: player.cookie },
    { label: "/profilo", page: "/profilo", cookie: player.cookie },
  ];
  const rows: { label: string; runs: ReturnType<typeof figures>[] }[] = [];
  // Quick: one page as a visitor and one signed in.
  for (const { label, page, cookie } of QUICK ? pages.filter((p) => p.label === "/" || p.label === "game page") : pages) {
    console.log(`measuring ${label}…`);
    const runs: ReturnType<typeof figures>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(figures(await load(`${server.url}${page}`, cookie)));
    rows.push({ label, runs });
  }
  const n = (value: number, width: number) => value.toFixed(0).padStart(width);
  const cell = (values: number[], width: number) => `${n(percentile(values, 50), 6)} / ${n(Math.max(...values), 5)}`.padStart(width);
  console.log(`\nA server-rendered page coming alive: Chromium, CPU ${CPU_SLOWDOWN}× slower, 390×844, ${RUNS} loads per page, tasks after the first contentful paint`);
  console.log("(median / worst load; target: no task over 50 ms)\n");
  console.log("| page          | longest task ms | tasks > 50 ms   | blocking time ms |");
  console.log("|---------------|-----------------|-----------------|------------------|");
  for (const { label, runs } of rows) {
    console.log(
      `| ${label.padEnd(13)} | ${cell(runs.map((r) => r.longest), 15)} | ${cell(runs.map((r) => r.long), 15)} | ${cell(runs.map((r) => r.blocking), 16)} |`,
    );
  }
} finally {
  await server.close();
}
