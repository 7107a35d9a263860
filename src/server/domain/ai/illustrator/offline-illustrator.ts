/**
 * Offline illustrator (DESIGN §2 "no provider configured"; issue 3): draws a real PNG of the
 * scene with no network and no key. The picture is an SVG composition rasterised by sharp:
 * the genre gives the palette, the scene's words give the shapes (night sky and moon, sea and
 * waves, forest, city skyline, castle, desert dunes, space and planets, fire, mountains, storm,
 * snow, fog, dawn light). It never contains text. Same prompt → same bytes; different scenes →
 * different pictures (the layout is seeded by the prompt's hash).
 */

import sharp from "sharp";
import { z } from "zod";
import { GENRES, type GenreName } from "../../../../shared/genres";
import { hashString, mulberry32 } from "../offline/rng";
import { cleanTitle } from "./image-prompt";
import { offlineTitle, type Theme, themesOf } from "./scene-themes";
import palettes from "./palettes.json";
import { cacti, castle, city, clouds, type Ctx, dune, fire, fog, forest, mix, moon, type Palette, rain, ridge, sea, snow, space, stars, sun } from "./scene-shapes";
import type { DrawnImage, Illustrator } from "./types";

/** Size of offline pictures: 16:9, at least 1280×720 (issue 3). */
export const OFFLINE_WIDTH = 1280;
export const OFFLINE_HEIGHT = 720;

/** Colours per genre (palettes.json beside this file, issue 37 §6), checked at load: #rrggbb each. */
const colour = z.string().regex(/^#[0-9a-f]{6}$/i);
const PALETTES: Record<GenreName, Palette> = z
  .record(z.enum(GENRES), z.object({ skyTop: colour, skyBottom: colour, far: colour, near: colour, ground: colour, accent: colour, glow: colour }))
  .parse(palettes);

/**
 * Builds the SVG of a scene.
 * Input: the prompt (seeds the layout), the scene text (its words choose the themes) and the
 * genre (palette). Output: an SVG document of OFFLINE_WIDTH×OFFLINE_HEIGHT with no text element.
 */
export function sceneSvg(prompt: string, scene: string, genre: GenreName): string {
  const themes = themesOf(scene, genre);
  const rand = mulberry32(hashString(prompt));
  const base = PALETTES[genre] ?? PALETTES.Fantasy;
  const has = (t: Theme) => themes.includes(t);
  const night = has("night") || (!has("dawn") && (genre === "Horror" || genre === "Cyberpunk")) || has("space");
  const dawn = has("dawn") && !night;
  const p: Palette = night
    ? { ...base, skyTop: mix(base.skyTop, "#02030a", 0.55), skyBottom: mix(base.skyBottom, "#0a0f2a", 0.55) }
    : dawn
      ? { ...base, skyBottom: mix(base.skyBottom, "#ff9a4d", 0.45) }
      : base;
  const w = OFFLINE_WIDTH;
  const h = OFFLINE_HEIGHT;
  const ctx: Ctx = { rand, w, h, horizon: Math.round(h * (0.58 + rand() * 0.1)), p, has, night, dawn };
  const terrain = has("sea") || has("forest") || has("city") || has("castle") || has("desert") || has("mountain") || !has("space");

  const layers: string[] = [];
  layers.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  if (night) layers.push(stars(ctx, has("space") ? 260 : 150));
  if (has("space")) layers.push(space(ctx));
  if (night && !has("space") && !has("storm")) layers.push(moon(ctx));
  if (!night && (dawn || has("desert") || rand() < 0.5) && !has("storm")) layers.push(sun(ctx));
  if (has("storm")) layers.push(clouds(ctx, true));
  else if (!night && !has("space")) layers.push(clouds(ctx, false));
  if (terrain) {
    if (has("mountain") || has("castle") || (!has("sea") && !has("city") && !has("desert"))) {
      layers.push(ridge(ctx, ctx.horizon - 40, 230, 9, mix(p.far, p.skyBottom, 0.35), 0.9));
      layers.push(ridge(ctx, ctx.horizon + 10, 140, 13, p.far));
    }
    if (has("desert")) {
      layers.push(dune(ctx, ctx.horizon, 40, mix(p.ground, p.glow, 0.35)));
      layers.push(dune(ctx, ctx.horizon + 90, 50, mix(p.ground, p.glow, 0.2)));
      layers.push(dune(ctx, ctx.horizon + 190, 40, p.ground));
    } else if (!has("sea")) {
      layers.push(`<rect x="0" y="${ctx.horizon}" width="${w}" height="${h - ctx.horizon}" fill="url(#ground)"/>`);
    }
    if (has("castle")) layers.push(castle(ctx));
    if (has("city")) layers.push(city(ctx));
    if (has("sea")) layers.push(sea(ctx));
    if (has("forest")) layers.push(forest(ctx));
    if (has("desert") && (genre === "Western" || rand() < 0.5)) layers.push(cacti(ctx));
  }
  if (has("fire")) layers.push(fire(ctx));
  if (has("fog")) layers.push(fog(ctx));
  if (has("storm")) layers.push(rain(ctx));
  if (has("snow")) layers.push(snow(ctx));
  layers.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);

  const defs = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${has("snow") ? mix(p.skyBottom, "#eef3f8", 0.75) : mix(p.ground, p.skyBottom, 0.25)}"/><stop offset="1" stop-color="${has("snow") ? mix(p.ground, "#dfe7f0", 0.55) : mix(p.ground, "#000000", 0.45)}"/></linearGradient>
<linearGradient id="seaGrad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.skyBottom, p.near, 0.35)}"/><stop offset="1" stop-color="${mix(p.near, "#000000", 0.55)}"/></linearGradient>
<radialGradient id="moonGlow"><stop offset="0" stop-color="#fffbe8" stop-opacity="0.45"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient>
<radialGradient id="sunGlow"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.8"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="fireGlow"><stop offset="0" stop-color="#ff9a3c" stop-opacity="0.55"/><stop offset="1" stop-color="#ff5a1f" stop-opacity="0"/></radialGradient>
<radialGradient id="cloud"><stop offset="0" stop-color="${mix(p.skyBottom, "#ffffff", 0.7)}" stop-opacity="0.55"/><stop offset="1" stop-color="${mix(p.skyBottom, "#ffffff", 0.7)}" stop-opacity="0"/></radialGradient>
<radialGradient id="stormCloud"><stop offset="0" stop-color="${mix(p.skyTop, "#000000", 0.5)}" stop-opacity="0.9"/><stop offset="1" stop-color="${mix(p.skyTop, "#000000", 0.5)}" stop-opacity="0"/></radialGradient>
<radialGradient id="nebula0"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="nebula1"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.25"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="fogGrad"><stop offset="0" stop-color="#e8ecf2" stop-opacity="0.45"/><stop offset="1" stop-color="#e8ecf2" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></radialGradient>
</defs>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${layers.join("")}</svg>`;
}

/**
 * Renders the scene as a PNG. Output: {bytes, contentType 'image/png', width 1280, height 720}.
 * Deterministic: the same prompt, scene and genre give the same bytes.
 */
export async function drawOfflineScene(prompt: string, scene: string, genre: GenreName): Promise<DrawnImage> {
  const svg = sceneSvg(prompt, scene, genre);
  const bytes = await sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
  return { bytes, contentType: "image/png", width: OFFLINE_WIDTH, height: OFFLINE_HEIGHT };
}

/** The offline illustrator: draws with drawOfflineScene and titles from the scene's themes. */
export function createOfflineIllustrator(): Illustrator {
  return {
    label: "offline",
    offline: true,
    draw: (request) => drawOfflineScene(request.prompt, request.scene, request.genre),
    title: async (request) => cleanTitle(offlineTitle(request.scene, request.genre, hashString(request.scene))),
  };
}
