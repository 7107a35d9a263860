/**
 * Makes the web app manifest's PNG icons (issue 39 "Installable") from the site's favicon design:
 * src/web/public/icons/icon-192.png and icon-512.png (the favicon, rounded corners) and
 * maskable-512.png (full-bleed background, the mark centred inside the 80 % safe zone), and
 * apple-touch-icon.png (180 px, full-bleed: iOS rounds the corners itself). Run once by hand
 * (`node scripts/make-icons.mjs`) when the favicon changes; the PNGs are committed.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve("src/web/public/icons");
const favicon = fs.readFileSync(path.resolve("src/web/public/favicon.svg"));
// The maskable icon: the favicon's mark scaled to 60 % of the square, centred on the purple background.
const fullBleed = (scale) =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6d28d9"/>' +
      `<g transform="translate(32 32) scale(${scale}) translate(-29 -32)">` +
      '<path d="M18 44V20h14a8 8 0 0 1 0 16h-6l10 8" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></g></svg>',
  );

fs.mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(favicon, { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, `icon-${size}.png`));
}
await sharp(fullBleed(0.9), { density: (72 * 512) / 64 }).resize(512, 512).png({ compressionLevel: 9 }).toFile(path.join(out, "maskable-512.png"));
await sharp(fullBleed(1), { density: (72 * 180) / 64 }).resize(180, 180).flatten({ background: "#6d28d9" }).png({ compressionLevel: 9 }).toFile(path.join(out, "apple-touch-icon.png"));
console.log("icons written to", out);
