/**
 * The eval's outputs (issue 38 §5): the table printed to the terminal, report.json and report.html.
 * The page is built with hono/html's `html` template, which escapes every value put into it: the
 * narrations (model text) are shown as text, never as HTML.
 */

import fs from "node:fs";
import path from "node:path";
import { html } from "hono/html";
import { CRITERION_NAMES } from "./judge";
import type { EvalReport } from "./run-eval";

const percent = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)} %`);
const decimal = (value: number | null, digits = 1) => (value === null ? "–" : value.toFixed(digits));

/** The report's rows: metric name (as in report.json) and its value as shown. */
export function metricRows(report: EvalReport): [string, string][] {
  const m = report.metrics;
  const rows: [string, string][] = [
    ["choiceContractRate", percent(m.choiceContractRate)],
    ["repairRate", percent(m.repairRate)],
    ["choiceOutcomes", Object.entries(m.choiceOutcomes).map(([k, v]) => `${k} ${v}`).join(", ")],
    ["italianRate", percent(m.italianRate)],
    ["factRecall", `${percent(m.factRecall)} (${m.factsAsked} asked; in prompt ${percent(m.factInPromptRate)}, mentioned ${percent(m.factMentionedRate)})`],
    ["repetitionRate", percent(m.repetitionRate)],
    ["ttftMsP50", decimal(m.ttftMsP50)],
    ["ttftMsP95", decimal(m.ttftMsP95)],
    ["tokensPerSecond", decimal(m.tokensPerSecond)],
    ["inputTokens", String(m.inputTokens)],
    ["outputTokens", String(m.outputTokens)],
  ];
  if (m.judge) {
    for (const c of [...CRITERION_NAMES, "media"] as const) rows.push([`judge.${c}`, decimal(m.judge[c], 2)]);
    rows.push(["judge.scored / failed", `${m.judge.scored} / ${m.judge.failed}`]);
  }
  return rows;
}

/** The terminal table: the run's header line, then one row per metric. */
export function reportTable(report: EvalReport): string {
  const rows = metricRows(report);
  const width = Math.max(...rows.map(([name]) => name.length));
  const head = `model ${report.model}${report.judgeModel ? `, judge ${report.judgeModel}` : ""}: ${report.stories} stories × ${report.turns} turns = ${report.narrations} narrations`;
  return [head, ...rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)].join("\n");
}

/** report.html: the metrics and every story's transcript, all values escaped. */
export async function reportHtml(report: EvalReport): Promise<string> {
  const metrics = metricRows(report).map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`);
  const stories = report.transcripts.map(
    (story, s) => html`<section>
<h2>Storia ${s + 1}: ${story.genre}</h2>
${story.turns.map(
  (t) => html`<article>
<h3>Turno ${t.turn} (${t.kind}): ${t.action}</h3>
<p class="meta">italiano: ${t.italian ? "sì" : "no"} · ripetizione: ${percent(t.repetition)} · primo token: ${decimal(t.ttftMs)} ms${t.fact ? ` · fatto «${t.fact.answer}»: nel prompt ${t.fact.inPrompt ? "sì" : "no"}, nominato ${t.fact.mentioned ? "sì" : "no"}` : ""}${t.judge ? ` · giudice: ${CRITERION_NAMES.map((c) => `${c} ${t.judge![c]}`).join(", ")}` : ""}</p>
<pre>${t.narration}</pre>
</article>`,
)}
</section>`,
  );
  const page = html`<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><title>Valutazione del narratore: ${report.model}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}pre{white-space:pre-wrap;background:#f6f6f6;padding:.6rem}.meta{color:#555;font-size:.9rem}</style>
</head>
<body>
<h1>Valutazione del narratore: ${report.model}</h1>
<p>${report.stories} storie × ${report.turns} turni = ${report.narrations} narrazioni${report.judgeModel ? `, giudice ${report.judgeModel}` : ""}.</p>
<table>${metrics}</table>
${stories}
</body>
</html>
`;
  return String(await page);
}

/** Writes DIR/report.json and DIR/report.html (DIR created when missing). Output: their paths. */
export async function writeReport(report: EvalReport, dir: string): Promise<{ json: string; html: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, "report.json");
  const page = path.join(dir, "report.html");
  fs.writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(page, await reportHtml(report));
  return { json, html: page };
}
