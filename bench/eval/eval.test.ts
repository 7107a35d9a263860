/**
 * `npm run eval` (issue 38 §5): its metrics are computed from what the narrator did, never assumed.
 * The command runs offline (the storyteller CI has), then against the fake OpenAI-compatible
 * provider answering as a good narrator (Italian, three choices, remembers what the prompt holds)
 * and as a bad one (no choices on half the turns, English on a third): the numbers must tell them
 * apart. The judge's path is run against the fake too.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../src/server/testing/fake-openai";
import { main } from "./cli";
import { JUDGE_SCHEMA_NAME } from "./judge";
import { reportHtml } from "./report";
import { type EvalReport, runEval } from "./run-eval";
import { FACTS } from "./script";

const ITALIAN = [
  "La nebbia sale dal porto e una lanterna oscilla nel buio mentre il guardiano ti fa cenno di avvicinarti.",
  "Il sentiero si inerpica tra le rocce e dal fondo della valle arriva il suono lontano delle campane.",
  "Nella locanda l'oste asciuga i boccali in silenzio e ti osserva con uno sguardo pieno di sospetto.",
  "Una pioggia sottile comincia a cadere sulle tegole e le strade del borgo si svuotano in fretta.",
];
const ENGLISH = "The fog rises over the harbour while a lantern swings in the dark, and the old keeper waves you closer. <script>alert(1)</script>";
const CHOICES = "\n\nA) Segui il guardiano\nB) Esplora il molo\nC) Torna alla locanda";

/** The chat request's text, every message joined; and the player's last message. */
function promptOf(body: { messages?: { role: string; content: string }[] }) {
  const messages = body.messages ?? [];
  return { all: messages.map((m) => m.content).join("\n"), last: messages.filter((m) => m.role === "user").at(-1)?.content ?? "" };
}

/** A good narrator: Italian prose, three choices, and the planted fact named when asked and the prompt holds it. */
function goodNarration(body: any, k: number): string {
  const { all, last } = promptOf(body);
  const fact = FACTS.find((f) => last.includes(f.question) && all.includes(f.answer));
  const answer = fact ? ` Ricordi bene il nome: ${fact.answer}, e lo pronunci a voce alta.` : "";
  return `${ITALIAN[k % ITALIAN.length]}${answer}${CHOICES}`;
}

/** A bad narrator: no choices on every second narration, English on every third. */
function badNarration(k: number): string {
  const prose = k % 3 === 2 ? ENGLISH : ITALIAN[k % ITALIAN.length]!;
  return k % 2 === 1 ? prose : `${prose}${CHOICES}`;
}

/** A fake judge: fixed scores, except for the story's first narration, where it answers no valid verdict. */
function judgeAnswer(body: any): string {
  if (promptOf(body).last.includes("(inizio della storia)")) return "Non saprei.";
  return JSON.stringify({ coerenza: 7, rispettoScelta: 8, italiano: 9, ritmo: 6, liberta: 8, motivazione: "Scena chiara, ritmo un po' lento." });
}

describe("npm run eval", () => {
  let fake: FakeOpenAI;
  let narrations = 0;
  let mode: "good" | "bad" = "good";
  const judged: any[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      respond: (body) => {
        if (body.response_format?.json_schema?.name === JUDGE_SCHEMA_NAME) {
          judged.push(body);
          return { text: judgeAnswer(body) };
        }
        if (!body.stream) return undefined; // choice repairs and the memory: the fake's usual reply
        const k = narrations++;
        return { text: mode === "good" ? goodNarration(body, k) : badNarration(k) };
      },
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("runs offline through the command: 2 stories of 6 turns, report.json and report.html written", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "storie-eval-"));
    try {
      expect(await main(["--stories", "2", "--turns", "6", "--out", out], {})).toBe(0);
      const report = JSON.parse(fs.readFileSync(path.join(out, "report.json"), "utf8")) as EvalReport;
      expect(report).toMatchObject({ model: "offline", judgeModel: null, stories: 2, turns: 6, narrations: 12 });
      const m = report.metrics;
      // The offline storyteller writes Italian and always three choices.
      expect(m.choiceContractRate).toBe(1);
      expect(m.repairRate).toBe(0);
      expect(m.choiceOutcomes).toEqual({ kept: 12, rewritten: 0, repaired: 0, generic: 0 });
      expect(m.italianRate).toBe(1);
      expect(m.factsAsked).toBe(2);
      for (const rate of [m.factRecall, m.factInPromptRate, m.factMentionedRate, m.repetitionRate]) expect(rate).toBeGreaterThanOrEqual(0);
      expect(m.ttftMsP95).toBeGreaterThanOrEqual(m.ttftMsP50);
      expect(m.inputTokens).toBeGreaterThan(m.outputTokens);
      expect(m.outputTokens).toBeGreaterThan(0);
      expect(report.transcripts.map((s) => s.turns.map((t) => t.kind))).toEqual([
        ["start", "plant", "choice", "action", "choice", "ask"],
        ["start", "plant", "choice", "action", "choice", "ask"],
      ]);
      expect(fs.readFileSync(path.join(out, "report.html"), "utf8")).toContain("<h1>Valutazione del narratore: offline</h1>");
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 90_000);

  it("a good provider keeps the contract, writes Italian and recalls the planted facts; the judge's averages are its valid verdicts", async () => {
    mode = "good";
    narrations = 0;
    const report = await runEval({ stories: 1, turns: 12, env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-buono" }, judge: { model: "giudice", baseURL: fake.url } });
    const m = report.metrics;
    expect(report.model).toBe("modello-buono");
    expect(m.choiceContractRate).toBe(1);
    expect(m.repairRate).toBe(0);
    expect(m.italianRate).toBe(1);
    expect(m.factsAsked).toBe(3);
    expect(m.factRecall).toBe(1);
    // The provider's own usage is summed: the fake reports one output token per word.
    expect(m.outputTokens).toBeGreaterThan(12 * 15);
    expect(m.tokensPerSecond).toBeGreaterThan(0);
    expect(judged).toHaveLength(12);
    expect(judged.every((body) => body.model === "giudice" && body.response_format.json_schema.strict === true)).toBe(true);
    expect(m.judge).toEqual({ coerenza: 7, rispettoScelta: 8, italiano: 9, ritmo: 6, liberta: 8, media: 7.6, scored: 11, failed: 1 });
  }, 90_000);

  it("a bad provider (no choices on half the turns, English on a third) scores visibly worse, and its text stays text in report.html", async () => {
    mode = "bad";
    narrations = 0;
    const report = await runEval({ stories: 1, turns: 12, env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-scarso" }, judge: null });
    const m = report.metrics;
    expect(m.choiceContractRate).toBe(0.5);
    expect(m.choiceOutcomes).toEqual({ kept: 6, rewritten: 0, repaired: 6, generic: 0 });
    expect(m.repairRate).toBe(0.5);
    expect(m.italianRate).toBeCloseTo(8 / 12, 10);
    expect(m.factRecall).toBe(0);
    expect(m.judge).toBeUndefined();
    const page = await reportHtml(report);
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  }, 90_000);
});
