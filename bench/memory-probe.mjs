/**
 * Preloaded into the server by `npm run bench:turn` (node --expose-gc --import ./bench/memory-probe.mjs):
 * on SIGUSR2 it collects garbage and writes process.memoryUsage() (bytes) as JSON to
 * MEMORY_PROBE_FILE, so the benchmark reads the server's heap, not only its RSS. No effect on the server otherwise.
 */
import fs from "node:fs";
import process from "node:process";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  fs.writeFileSync(process.env.MEMORY_PROBE_FILE ?? "/dev/null", JSON.stringify(process.memoryUsage()));
});
