/**
 * Pages on a phone (issue 12: the public pages; issue 21: the game page and /profilo, signed in).
 * Prints tables; a report, not a test.
 *
 * Starts the built site (`dist/`, built by the script) on SQLite with one template and one scene
 * image (the offline illustrator's), and a player (pro plan) with a story of 31 turns played
 * through the API with the offline narrator; then for each public page (/, /generi, /scopri,
 * /galleria, /prezzi, a template page, an image page) as a visitor, and for the game page
 * (/gioco/fantasy/{id}) and /profilo with the player's session cookie:
 * - in Chromium (/usr/bin/chromium, 390×844, cache empty): the JavaScript the page loads until the
 *   network is idle, raw (decoded), gzipped (the target's unit) and as sent (the bytes on the
 *   wire: brotli, as Chromium asks for it), and
 *   whether every script and style of 1 KB or more came compressed (Content-Encoding), and for /,
 *   the game page and /profilo each script's gzipped size (where the kilobytes go);
 * - Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) through the same
 *   Chromium: performance, accessibility, best practices and SEO scores, first and largest
 *   contentful paint, total blocking time and cumulative layout shift; the scripts that finished
 *   before the observed largest paint (the simulated LCP counts them all), the machine's CPU
 *   index (Lighthouse's benchmarkIndex: figures taken on a slower machine are lower) and, from the
 *   run's trace, the page's main-thread time after its first paint as CPU and as wall time (on a
 *   busy machine the thread waits for a core inside its tasks, and the blocking time counts it).
 * Each page is asked for a few times (WARM_UP_REQUESTS) before it is measured, as a server in use
 * has been: the first renders of a page on a fresh server compile its code (a cold game page took
 * 270 ms to its first byte, a warm one 18 ms), which Lighthouse would count in every paint.
 * Usage: npm run bench:web (BENCH_WEB_PAGES=/profilo,"game page" measures only the pages so labelled;
 * BENCH_WEB_REPORTS=<folder> keeps each page's Lighthouse report there, for its long tasks and scripts,
 * and the trace of its load (<page>.trace.json, for the DevTools' Performance panel: what each task did);
 * BENCH_QUICK=1: the game page only, of a 3-turn story, asked for once before it is measured;
 * BENCH_WEB_CPU_SLOWDOWN=<n>: Lighthouse's simulated CPU n times slower than this machine instead of
 * its preset's 4×, to compare machines: the table's last line gives the n at which this machine
 * stands for the phone the preset emulates, from DevTools' own calibration)
 */

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { TEMPLATE_FORM_DEFAULTS } from "../src/shared/schemas/template";
import { templatePath } from "../src/shared/slug";
import { newGame, signIn, startTestServer, type TestServer } from "../src/server/testing/harness";
import { CHROMIUM, expectOk, mainThreadTasksAfterPaint, playerWithStory, QUICK, sized, type TraceEvent, withPhonePage } from "./bench-support";

const ADMIN = { email: "bench-web@example.com", password: "password-bench-web" };
/** Requests for a page before it is measured (a warm server, module docstring). */
const WARM_UP_REQUESTS = sized(3, 1);
/** Player's turns of the game page's story (the issue's 31-turn story). */
const STORY_TURNS = sized(31, 3);
/** The CPU slowdown of Lighthouse's mobile preset. */
const PRESET_CPU_SLOWDOWN = 4;
/** Lighthouse's simulated CPU slowdown: the preset's unless BENCH_WEB_CPU_SLOWDOWN names another (the rest of the preset's throttling is kept). */
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? PRESET_CPU_SLOWDOWN);
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`BENCH_WEB_CPU_SLOWDOWN=${process.env.BENCH_WEB_CPU_SLOWDOWN}: a number of 1 or more`);
/**
 * The CPU benchmark of the low-tier phone Lighthouse's mobile preset emulates (a Moto G Power), as
 * DevTools' CPU calibration takes it (chrome-devtools-frontend, mobile_throttling/CalibrationController.ts:
 * lowScore): on a machine of CPU index i, that phone is i / 264 times slower.
 */
const LOW_TIER_PHONE_INDEX = 264;

/** A template and a scene image, so their pages have something to show. */
async function seed(server: TestServer): Promise<{ template: string; image: string }> {
  const admin = await signIn(server, ADMIN.email, ADMIN.password);
  const title = "Il Faro di Àlbera";
  const template = await admin.json("POST", "/api/admin/templates", {
    ...TEMPLATE_FORM_DEFAULTS,
    title,
    description: "Un guardiano scomparso e una lanterna che si accende da sola.",
    genre: "Giallo",
    initial_prompt: "La lanterna del faro si accende da sola, e il guardiano non risponde da tre giorni.",
  });
  if (template.status !== 201) throw new Error(`template: ${template.status}`);
  const gameId = await newGame(admin, "horror");
  const started = await admin.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" });
  await started.text();
  const image = await admin.json("POST", `/api/games/${gameId}/images`);
  if (image.status !== 201) throw new Error(`image: ${image.status}`);
  // /galleria/{id} leads to the image's canonical page.
  const canonical = (await admin.request("GET", `/galleria/${image.body.image.id}`)).headers.get("location");
  if (!canonical) throw new Error("image page: no canonical address");
  return { template: templatePath(template.body.id, title), image: canonical };
}

interface Transfer {
  rawKb: number;
  /** The same scripts gzipped (level 9), the unit of the issue's target. */
  gzipKb: number;
  sentKb: number;
  uncompressed: string[];
  /** Each script's file name (without its hash) and gzipped size, largest first: where the KB go. */
  scripts: { name: string; gzipKb: number }[];
}

/**
 * JavaScript loaded by `url` until the network is idle, and the scripts or styles sent
 * uncompressed; with `cookie` ("name=value; …") the page is opened signed in.
 */
async function transfer(url: string, cookie?: string): Promise<Transfer> {
  return await withPhonePage(url, cookie, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const sent = new Map<string, number>();
    cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => sent.set(e.requestId, e.encodedDataLength));
    const scripts: { requestId: string; url: string; type: string; encoding?: string }[] = [];
    cdp.on("Network.responseReceived", (e: { requestId: string; type: string; response: { url: string; headers: Record<string, string> } }) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      if (e.type === "Script" || e.type === "Stylesheet") scripts.push({ requestId: e.requestId, url: e.response.url, type: e.type, encoding: headers["content-encoding"] });
    });
    await page.goto(url, { waitUntil: "networkidle" });
    let raw = 0;
    let gzipped = 0;
    let onWire = 0;
    const uncompressed: string[] = [];
    const perScript: { name: string; gzipKb: number }[] = [];
    for (const s of scripts) {
      const body = (await cdp.send("Network.getResponseBody", { requestId: s.requestId })) as { body: string; base64Encoded: boolean };
      const bytes = Buffer.from(body.body, body.base64Encoded ? "base64" : "utf8");
      const size = bytes.length;
      // Files under 1 KB may go as they are: compressed they would not be smaller (vite.config.ts).
      if (!s.encoding && size >= 1024) uncompressed.push(path.basename(new URL(s.url).pathname));
      if (s.type !== "Script") continue;
      raw += size;
      const gzip = gzipSync(bytes, { level: 9 }).length;
      gzipped += gzip;
      perScript.push({ name: path.basename(new URL(s.url).pathname).replace(/-[\w-]{8}\.js$/, ".js"), gzipKb: gzip / 1024 });
      onWire += sent.get(s.requestId) ?? 0;
    }
    return { rawKb: raw / 1024, gzipKb: gzipped / 1024, sentKb: onWire / 1024, uncompressed, scripts: perScript.sort((a, b) => b.gzipKb - a.gzipKb) };
  });
}

interface Audit {
  scores: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Scripts (KB as sent) finished before the page's observed largest paint: Lighthouse's simulated LCP waits for each of them. */
  scriptsBeforePaintKb: number;
  /** Lighthouse's measure of the machine's CPU during the run (benchmarkIndex; higher is faster). */
  cpuIndex: number;
  /** The page's main-thread tasks after its first paint in the run. */
  mainThread: MainThreadAfterPaint;
}

/** The network records and observed timings of a Lighthouse report read by scriptsBeforePaint. */
interface ReportTimings {
  requests: { resourceType?: string; networkRequestTime: number; networkEndTime: number; transferSize: number }[];
  observedLcp: number;
}

/**
 * Input: a report's network requests (times in ms from the run's start) and its observed largest
 * contentful paint (ms from the navigation, the first request). Output: the KB of scripts that
 * finished before that paint. Lighthouse cannot tell a module script did not delay the paint (it
 * runs no EvaluateScript event), so its simulated LCP counts every one of them.
 */
function scriptsBeforePaint({ requests, observedLcp }: ReportTimings): number {
  const start = requests[0]?.networkRequestTime ?? 0;
  return requests.filter((r) => r.resourceType === "Script" && r.networkEndTime - start < observedLcp).reduce((kb, r) => kb + r.transferSize / 1024, 0);
}

/** The renderer's main-thread tasks after the first contentful paint of a Lighthouse run. */
interface MainThreadAfterPaint {
  /** The tasks' thread time: the work the page made (ms, unthrottled). */
  cpuMs: number;
  /** Their wall time (ms): the work plus the time the thread waited for a core (the machine's other processes). */
  wallMs: number;
}

/**
 * Input: the trace of a Lighthouse run of `url`. Output: the CPU and wall time of the page's
 * main-thread tasks from its first contentful paint on, in ms. Lighthouse's simulated blocking
 * time multiplies each task's wall time by the CPU slowdown (4 in the preset): where the wall time
 * is far above the CPU time, the blocking time comes from the machine, not the page.
 */
function mainThreadAfterPaint(events: TraceEvent[], url: string): MainThreadAfterPaint {
  const tasks = mainThreadTasksAfterPaint(events, url);
  return {
    cpuMs: tasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000,
    wallMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
  };
}

/**
 * Lighthouse's mobile run of `url` through the system Chromium (with `cookie` on every request:
 * signed in); a run Lighthouse itself reports as failed (runtimeError, e.g. a protocol timeout)
 * is run once more, and named if it fails again.
 */
async function audit(url: string, cookie?: string, attempt = 1): Promise<Audit> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) {
      if (attempt < 2) return await audit(url, cookie, attempt + 1);
      throw new Error(`lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    }
    const reports = process.env.BENCH_WEB_REPORTS;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = new URL(url).pathname.split("/")[1] || "home";
      await writeFile(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
      await writeFile(path.join(reports, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
      fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
      lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      scriptsBeforePaintKb: scriptsBeforePaint({
        requests: (audits["network-requests"]?.details as { items?: ReportTimings["requests"] } | undefined)?.items ?? [],
        observedLcp: (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedLargestContentfulPaint ?? 0,
      }),
      cpuIndex: result.lhr.environment.benchmarkIndex,
      mainThread: mainThreadAfterPaint(result.artifacts.Trace.traceEvents as TraceEvent[], url),
    };
  } finally {
    chrome.kill();
  }
}

const server = await startTestServer("sqlite", {
  webRoot: path.resolve("dist"),
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
});
try {
  const seeded = await seed(server);
  const player = await playerWithStory(server, STORY_TURNS);
  const pages: { page: string; cookie?: string }[] = [
    ...["/", "/generi", "/scopri", "/galleria", "/prezzi", seeded.template, seeded.image].map((page) => ({ page })),
    { page: player.game, cookie: player.cookie },
    { page: "/profilo", cookie: player.cookie },
  ];
  const label = (page: string) =>
    page.startsWith("/scopri/") ? "template page" : page.startsWith("/galleria/") ? "image page" : page.startsWith("/gioco/") ? "game page" : page;
  const rows: { page: string; transfer: Transfer; audit: Audit }[] = [];
  const only = process.env.BENCH_WEB_PAGES?.split(",") ?? (QUICK ? ["game page"] : undefined);
  for (const { page, cookie } of pages.filter(({ page }) => !only || only.includes(label(page)))) {
    console.log(`measuring ${page}…`);
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await (await expectOk(await fetch(`${server.url}${page}`, { headers: cookie ? { cookie } : {} }), `GET ${page}`)).text();
    rows.push({ page, transfer: await transfer(`${server.url}${page}`, cookie), audit: await audit(`${server.url}${page}`, cookie) });
  }
  if (rows.length === 0) throw new Error(`no page measured: BENCH_WEB_PAGES=${only?.join(",")} names none of ${pages.map(({ page }) => label(page)).join(", ")}`);
  const n = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
  console.log(`\nLighthouse 12 mobile preset${CPU_SLOWDOWN === PRESET_CPU_SLOWDOWN ? "" : ` with the CPU ${CPU_SLOWDOWN}× slower (BENCH_WEB_CPU_SLOWDOWN)`}, /usr/bin/chromium; the game page and /profilo signed in, the rest as a visitor`);
  console.log("(targets: public pages ≥ 95 / 100 / 100 / 100; game page and /profilo performance ≥ 90, accessibility 100, LCP ≤ 2500 ms)");
  console.log("JS before paint: scripts (KB sent) finished before the observed largest paint, all counted in the simulated LCP;");
  console.log("CPU index: Lighthouse's benchmarkIndex of the machine during the run (higher is faster; the scores fall with it);");
  console.log("after FCP CPU / wall: the page's main-thread tasks after its first paint, their thread time and wall time (ms, unthrottled):");
  console.log(`the blocking time is ${CPU_SLOWDOWN} × the wall time of each task, so wall far above CPU is the machine's other processes, not the page\n`);
  console.log("| page          | JS raw KB | JS gzip KB | JS sent KB | all compressed | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms |  CLS  | JS before paint KB | CPU index | after FCP CPU / wall |");
  console.log("|---------------|-----------|------------|------------|----------------|------|------|----------|-----|--------|--------|--------|-------|--------------------|-----------|----------------------|");
  for (const { page, transfer: t, audit: a } of rows) {
    const compressed = t.uncompressed.length ? `no (${t.uncompressed.length})` : "yes";
    console.log(
      `| ${label(page).padEnd(13)} | ${n(t.rawKb, 9, 1)} | ${n(t.gzipKb, 10, 1)} | ${n(t.sentKb, 10, 1)} | ${compressed.padEnd(14)} | ${n(a.scores.performance, 4)} | ${n(a.scores.accessibility, 4)} | ${n(a.scores["best-practices"], 8)} | ${n(a.scores.seo, 3)} | ${n(a.fcp, 6)} | ${n(a.lcp, 6)} | ${n(a.tbt, 6)} | ${n(a.cls, 5, 3)} | ${n(a.scriptsBeforePaintKb, 18, 1)} | ${n(a.cpuIndex, 9)} | ${`${n(a.mainThread.cpuMs, 0)} / ${n(a.mainThread.wallMs, 0)}`.padStart(20)} |`,
    );
  }
  const cpuIndex = rows.reduce((sum, { audit: a }) => sum + a.cpuIndex, 0) / rows.length;
  console.log(`\nThe phone the preset emulates (CPU index ${LOW_TIER_PHONE_INDEX}) is ${(cpuIndex / LOW_TIER_PHONE_INDEX).toFixed(1)}× slower than this machine (mean CPU index ${cpuIndex.toFixed(0)}): BENCH_WEB_CPU_SLOWDOWN=${Math.round(cpuIndex / LOW_TIER_PHONE_INDEX)} measures against it`);
  for (const { page, transfer: t } of rows.filter((r) => r.page === "/" || r.page.startsWith("/gioco/") || r.page === "/profilo")) {
    console.log(`\nScripts of ${label(page)} (KB gzipped): ${t.scripts.map((s) => `${s.name} ${s.gzipKb.toFixed(1)}`).join(", ")}`);
  }
  const uncompressed = [...new Set(rows.flatMap((r) => r.transfer.uncompressed))];
  if (uncompressed.length) console.log(`\nScripts or styles of 1 KB or more sent uncompressed: ${uncompressed.join(", ")}`);
} finally {
  await server.close();
}
