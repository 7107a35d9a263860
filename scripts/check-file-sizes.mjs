// Issue 37 §6: rooms a person can hold in their head. Fails (exit 1) when a source file under src/,
// bench/, e2e/ or migrations/ is longer than MAX_LINES without a one-line reason in its first three
// lines ("Over 350 lines: <why>"). Run by `npm run lint`.
import fs from "node:fs";
import path from "node:path";

const MAX_LINES = 350;
const ROOTS = ["src", "bench", "e2e", "migrations"];
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const REASON = /Over 350 lines: \S/;

/** Every source file under `dir`, recursively (paths relative to the project). */
function sources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const offenders = ROOTS.flatMap(sources).flatMap((file) => {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const count = lines.at(-1) === "" ? lines.length - 1 : lines.length;
  return count > MAX_LINES && !REASON.test(lines.slice(0, 3).join("\n")) ? [`${file}: ${count} lines`] : [];
});

if (offenders.length) {
  console.error(`Files over ${MAX_LINES} lines without a reason ("Over ${MAX_LINES} lines: …" in their first three lines); split them or say why:`);
  for (const line of offenders) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`file sizes: every source file is at most ${MAX_LINES} lines or says why.`);
