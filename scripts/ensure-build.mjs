#!/usr/bin/env node
/**
 * `npm start`'s build step (issue 20 §7): builds the site (`npm run build`) only when a build
 * output is missing or older than the newest source file, so a start after a build takes seconds.
 * Sources: src/, migrations/, index.html, the build configuration and package-lock.json.
 * Plain Node, no dependencies: it runs before anything is built.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SOURCES = ["src", "migrations", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
const OUTPUTS = ["dist/index.html", "dist-ssr/entry-server.js", "dist-server/index.js", "dist-server/backup-cli.js", "dist-server/pdf-worker.js"];

/** Newest modification time (ms) of a file or of the files under a folder; 0 when absent. */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stat.mtimeMs);
}

const built = Math.min(...OUTPUTS.map((file) => newest(path.join(root, file))));
const changed = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
if (built > 0 && built >= changed) {
  console.log("Build già aggiornata: avvio senza ricompilare.");
} else {
  console.log(built === 0 ? "Build mancante: compilazione in corso…" : "Sorgenti più recenti della build: compilazione in corso…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  process.exit(result.status ?? 1);
}
