/**
 * The built site is sent compressed (issue 12): every script and style the landing page loads
 * was precompressed by the build (all but the few tiny files that compression would make larger)
 * and arrives as brotli or gzip with Vary: Accept-Encoding, decoding to the very file in dist/;
 * the page's HTML arrives gzip-encoded.
 */

import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

test("the landing page's scripts and styles arrive compressed and decode to the built files", async ({ request }) => {
  const page = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");
  const html = await page.text();
  // The style sheet's href, and the scripts the page lists for START_APP_SCRIPT (ADR 0029).
  const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
  expect(assets.some((asset) => asset.endsWith(".css")) && assets.some((asset) => asset.endsWith(".js"))).toBe(true);
  for (const asset of assets) {
    const built = fs.readFileSync(path.join("dist", asset));
    if (built.length >= 1024) expect(fs.existsSync(path.join("dist", `${asset}.br`)) && fs.existsSync(path.join("dist", `${asset}.gz`)), asset).toBe(true);
    for (const [encoding, extension] of [["br", "br"], ["gzip", "gz"]] as const) {
      if (!fs.existsSync(path.join("dist", `${asset}.${extension}`))) continue;
      const response = await request.get(asset, { headers: { "accept-encoding": encoding } });
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["content-encoding"], `${asset} ${encoding}`).toBe(encoding);
      expect(response.headers()["vary"], asset).toMatch(/accept-encoding/i);
      // Playwright decodes the answer: the bytes are the built file's.
      expect((await response.body()).equals(built), `${asset} ${encoding}`).toBe(true);
    }
  }
});
