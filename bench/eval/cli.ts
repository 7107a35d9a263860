/**
 * `npm run eval -- --stories N --turns M --out DIR` (issue 38 §5; docs/narrator-eval.md): plays N
 * stories (1–50, default 2) of M turns (1–60, default 6) against the configured narrator
 * (AI_BASE_URL, AI_API_KEY, AI_MODEL; the offline storyteller when unset), optionally judged by
 * EVAL_JUDGE_MODEL (EVAL_JUDGE_BASE_URL, EVAL_JUDGE_API_KEY), prints the metrics and writes
 * DIR/report.json and DIR/report.html (DIR default eval-report). Exits 1 with the reason in
 * Italian on bad arguments or a failed run.
 */

import { parseArgs } from "node:util";
import { z } from "zod";
import { judgeSettings } from "./judge";
import { reportTable, writeReport } from "./report";
import { runEval } from "./run-eval";

const argsSchema = z.object({
  stories: z.coerce.number({ message: "--stories deve essere un numero" }).int().min(1, "--stories deve essere almeno 1").max(50, "--stories può essere al massimo 50"),
  turns: z.coerce.number({ message: "--turns deve essere un numero" }).int().min(1, "--turns deve essere almeno 1").max(60, "--turns può essere al massimo 60"),
  out: z.string().trim().min(1, "--out non può essere vuoto"),
});

/**
 * Runs the command. Input: the arguments after `--` and the environment. Output: the exit code
 * (0 done, 1 failed); the table goes to stdout, errors to stderr.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { stories: { type: "string", default: "2" }, turns: { type: "string", default: "6" }, out: { type: "string", default: "eval-report" } } });
    const parsed = argsSchema.safeParse(values);
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
    const { stories, turns, out } = parsed.data;
    const report = await runEval({ stories, turns, env, judge: judgeSettings(env), onTurn: () => process.stderr.write(".") });
    process.stderr.write("\n");
    const files = await writeReport(report, out);
    console.log(reportTable(report));
    console.log(`\nReport: ${files.json}, ${files.html}`);
    return 0;
  } catch (error) {
    console.error(`Valutazione non riuscita: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// Exits at once: keep-alive sockets of the provider client would hold the process open.
if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main(process.argv.slice(2), process.env));
