/**
 * Builds the service worker (issue 39, docs/decisions/0024): src/web/sw.ts with the Workbox runtime
 * modules, bundled by esbuild into dist/sw.js as one classic script, after `vite build`. Its
 * precache list (the app shell) is read from Vite's build manifest: the files the entry loads
 * (index.html and the steps it imports, main.tsx) and those of the game page and of /generi (the
 * installed app's start page), each with `revision: null` (their names carry their hash).
 * Without a build manifest the list is empty (the worker still caches what it fetches).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/** The pages whose files are precached besides the entry's, by their key in the build manifest. */
const SHELL_PAGES = ["features/game/pages/game-page.tsx", "features/genres/pages/genres-page.tsx"];

const manifestPath = path.resolve("dist/.vite/manifest.json");
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, "utf8")) : {};

/** The keys a chunk imports statically, transitively (itself included). */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const keys = new Set();
if (manifest["index.html"]) {
  closure("index.html", keys);
  for (const step of manifest["index.html"].dynamicImports ?? []) closure(step, keys);
}
for (const page of SHELL_PAGES) closure(page, keys);
const files = new Set();
for (const key of keys) {
  const chunk = manifest[key];
  files.add(chunk.file);
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
}
const precache = [...files].sort().map((file) => ({ url: `/${file}`, revision: null }));

await build({
  entryPoints: ["src/web/sw.ts"],
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  outfile: "dist/sw.js",
  logLevel: "warning",
  define: { __PRECACHE_MANIFEST__: JSON.stringify(precache), "process.env.NODE_ENV": '"production"' },
});
