/**
 * A built site for tests, as `npm run build` leaves it in dist/: the SPA's index.html (title and
 * meta description as src/web/index.html has them) plus the given files, in a temporary folder.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const TEST_INDEX_HTML = [
  "<!doctype html>",
  '<html lang="it">',
  "  <head>",
  '    <meta name="description" content="Crea e gioca storie interattive con l\'intelligenza artificiale" />',
  "    <title>Storie.ai – Storie interattive con l'intelligenza artificiale</title>",
  "  </head>",
  '  <body><div id="root"></div></body>',
  "</html>",
].join("\n");

/**
 * Input: files by path relative to the root (e.g. "assets/index-abc.js"). Output: the root folder
 * and a remove() to call when done.
 */
export function tempWebRoot(files: Record<string, string | Buffer> = {}): { root: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storie-web-"));
  for (const [name, content] of Object.entries({ "index.html": TEST_INDEX_HTML, ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
