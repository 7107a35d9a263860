/**
 * The shapes of the offline illustrator's scenes (offline-illustrator.ts composes them): each
 * function returns an SVG fragment drawn in the scene's palette, placed by the scene's seeded
 * random numbers (ctx.rand), so the same prompt gives the same shapes.
 */

import type { Theme } from "./scene-themes";

/** The colours of one genre's scenes (#rrggbb). */
export interface Palette {
  skyTop: string;
  skyBottom: string;
  far: string;
  near: string;
  ground: string;
  accent: string;
  glow: string;
}

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("")}`;
}

/** Linear mix of two colours: t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Fixed-precision number for the SVG (keeps the output byte-identical across runs). */
const f = (n: number) => (Math.round(n * 10) / 10).toString();

export interface Ctx {
  rand: () => number;
  w: number;
  h: number;
  horizon: number;
  p: Palette;
  has: (t: Theme) => boolean;
  night: boolean;
  dawn: boolean;
}

const between = (ctx: Ctx, lo: number, hi: number) => lo + (hi - lo) * ctx.rand();

/** A jagged ridge from x=0 to x=w around baseY, closed down to the bottom. */
export function ridge(ctx: Ctx, baseY: number, amplitude: number, steps: number, color: string, opacity = 1): string {
  const points: string[] = [`0,${ctx.h}`];
  for (let i = 0; i <= steps; i++) {
    const x = (ctx.w / steps) * i;
    const y = baseY - amplitude * (0.3 + 0.7 * ctx.rand()) * (i % 2 === 0 ? 1 : 0.45);
    points.push(`${f(x)},${f(y)}`);
  }
  points.push(`${ctx.w},${ctx.h}`);
  return `<polygon points="${points.join(" ")}" fill="${color}" opacity="${opacity}"/>`;
}

/** A smooth hill/dune line from left to right around baseY, closed down to the bottom. */
export function dune(ctx: Ctx, baseY: number, amplitude: number, color: string): string {
  const segments = 4;
  let d = `M0,${f(baseY + between(ctx, -amplitude, amplitude))}`;
  for (let i = 1; i <= segments; i++) {
    const x = (ctx.w / segments) * i;
    const cx = x - ctx.w / segments / 2;
    d += ` Q${f(cx)},${f(baseY - amplitude * (0.5 + ctx.rand()))} ${f(x)},${f(baseY + between(ctx, -amplitude / 2, amplitude / 2))}`;
  }
  d += ` L${ctx.w},${ctx.h} L0,${ctx.h} Z`;
  return `<path d="${d}" fill="${color}"/>`;
}

export function stars(ctx: Ctx, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = ctx.rand() * ctx.w;
    const y = ctx.rand() * (ctx.has("space") ? ctx.h : ctx.horizon * 0.85);
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(0.5 + ctx.rand() * 1.6)}" fill="#ffffff" opacity="${f(0.3 + ctx.rand() * 0.7)}"/>`;
  }
  return out;
}

export function moon(ctx: Ctx): string {
  const x = between(ctx, ctx.w * 0.12, ctx.w * 0.88);
  const y = between(ctx, ctx.h * 0.1, ctx.horizon * 0.45);
  const r = between(ctx, 34, 58);
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 3.2)}" fill="url(#moonGlow)"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#f4f1de"/>` +
    `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.2)}" r="${f(r * 0.18)}" fill="#d9d4bd" opacity="0.7"/>` +
    `<circle cx="${f(x + r * 0.35)}" cy="${f(y + r * 0.25)}" r="${f(r * 0.12)}" fill="#d9d4bd" opacity="0.6"/>`
  );
}

export function sun(ctx: Ctx): string {
  const x = between(ctx, ctx.w * 0.2, ctx.w * 0.8);
  const y = ctx.dawn ? ctx.horizon - between(ctx, 10, 70) : between(ctx, ctx.h * 0.12, ctx.horizon * 0.5);
  const r = between(ctx, 45, 80);
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 4)}" fill="url(#sunGlow)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${mix(ctx.p.glow, "#ffffff", 0.35)}"/>`;
}

export function space(ctx: Ctx): string {
  let out = "";
  for (let i = 0; i < 4; i++) {
    const cx = ctx.rand() * ctx.w;
    const cy = ctx.rand() * ctx.h * 0.8;
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(between(ctx, 220, 460))}" ry="${f(between(ctx, 90, 200))}" fill="url(#nebula${i % 2})" transform="rotate(${f(between(ctx, -35, 35))} ${f(cx)} ${f(cy)})"/>`;
  }
  const planets = 1 + Math.floor(ctx.rand() * 2);
  for (let i = 0; i < planets; i++) {
    const x = between(ctx, ctx.w * 0.1, ctx.w * 0.9);
    const y = between(ctx, ctx.h * 0.15, ctx.h * 0.6);
    const r = between(ctx, 40, i === 0 ? 150 : 60);
    const base = i === 0 ? ctx.p.far : ctx.p.accent;
    out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${mix(base, "#ffffff", 0.2)}"/>`;
    out += `<circle cx="${f(x + r * 0.25)}" cy="${f(y + r * 0.2)}" r="${f(r)}" fill="#000000" opacity="0.35"/>`;
    if (ctx.rand() < 0.6) {
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 1.8)}" ry="${f(r * 0.35)}" fill="none" stroke="${mix(ctx.p.glow, "#ffffff", 0.3)}" stroke-width="${f(r * 0.08)}" opacity="0.7" transform="rotate(${f(between(ctx, -25, 25))} ${f(x)} ${f(y)})"/>`;
    }
  }
  return out;
}

export function clouds(ctx: Ctx, dark: boolean): string {
  let out = "";
  const fill = dark ? "url(#stormCloud)" : "url(#cloud)";
  for (let i = 0; i < (dark ? 8 : 5); i++) {
    const cx = ctx.rand() * ctx.w;
    const cy = between(ctx, 40, ctx.horizon * 0.5);
    const rx = between(ctx, 140, 300);
    const ry = between(ctx, 30, 60);
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`;
    out += `<ellipse cx="${f(cx - rx * 0.3)}" cy="${f(cy - ry * 0.5)}" rx="${f(rx * 0.5)}" ry="${f(ry * 0.9)}" fill="${fill}"/>`;
    out += `<ellipse cx="${f(cx + rx * 0.25)}" cy="${f(cy - ry * 0.35)}" rx="${f(rx * 0.45)}" ry="${f(ry * 0.8)}" fill="${fill}"/>`;
  }
  return out;
}

export function castle(ctx: Ctx): string {
  const x0 = between(ctx, ctx.w * 0.15, ctx.w * 0.6);
  const base = ctx.horizon + 10;
  const width = between(ctx, 220, 340);
  const color = mix(ctx.p.near, "#000000", 0.35);
  let out = `<path d="M${f(x0 - 120)},${base + 40} Q${f(x0 + width / 2)},${f(base - 70)} ${f(x0 + width + 120)},${base + 40} Z" fill="${color}"/>`;
  const wallTop = base - between(ctx, 80, 120);
  out += `<rect x="${f(x0)}" y="${f(wallTop)}" width="${f(width)}" height="${f(base - wallTop + 20)}" fill="${color}"/>`;
  for (let x = x0; x < x0 + width - 10; x += 22) out += `<rect x="${f(x)}" y="${f(wallTop - 12)}" width="12" height="13" fill="${color}"/>`;
  const towers = 2 + Math.floor(ctx.rand() * 3);
  for (let i = 0; i < towers; i++) {
    const tx = x0 - 20 + (width / (towers - 1)) * i;
    const tw = between(ctx, 40, 60);
    const top = wallTop - between(ctx, 60, 150);
    out += `<rect x="${f(tx - tw / 2)}" y="${f(top)}" width="${f(tw)}" height="${f(base - top + 20)}" fill="${color}"/>`;
    out += `<polygon points="${f(tx - tw / 2 - 8)},${f(top)} ${f(tx)},${f(top - between(ctx, 50, 90))} ${f(tx + tw / 2 + 8)},${f(top)}" fill="${mix(color, ctx.p.accent, 0.15)}"/>`;
    const lit = ctx.night || ctx.has("fire");
    out += `<rect x="${f(tx - 5)}" y="${f(top + 30)}" width="10" height="18" rx="5" fill="${lit ? ctx.p.glow : mix(color, "#000000", 0.4)}"/>`;
  }
  return out;
}

export function city(ctx: Ctx): string {
  let out = "";
  const neon = ctx.p.accent;
  for (const layer of [0, 1]) {
    const color = layer === 0 ? mix(ctx.p.far, ctx.p.skyBottom, 0.25) : mix(ctx.p.near, "#000000", 0.3);
    let x = -10;
    while (x < ctx.w) {
      const bw = between(ctx, 40, layer === 0 ? 90 : 120);
      const bh = between(ctx, 60, layer === 0 ? 260 : 220) * (ctx.has("space") ? 1.3 : 1);
      const top = ctx.horizon + (layer === 0 ? 0 : 40) - bh;
      out += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(ctx.h - top)}" fill="${color}"/>`;
      if (layer === 1) {
        for (let wy = top + 12; wy < ctx.horizon + 30; wy += 18) {
          for (let wx = x + 8; wx < x + bw - 10; wx += 14) {
            if (ctx.rand() < (ctx.night ? 0.35 : 0.12)) out += `<rect x="${f(wx)}" y="${f(wy)}" width="6" height="9" fill="${ctx.rand() < 0.2 ? neon : ctx.p.glow}" opacity="0.85"/>`;
          }
        }
        if (ctx.rand() < 0.25) out += `<rect x="${f(x + 4)}" y="${f(top + 6)}" width="${f(bw - 8)}" height="4" fill="${neon}" opacity="0.9"/>`;
      }
      x += bw + between(ctx, 2, 14);
    }
  }
  return out;
}

export function forest(ctx: Ctx): string {
  let out = "";
  for (let row = 0; row < 3; row++) {
    const color = mix(ctx.p.near, "#000000", 0.15 + row * 0.22);
    const baseY = ctx.horizon + 30 + row * 70;
    let x = -30 + ctx.rand() * 40;
    while (x < ctx.w + 30) {
      const th = between(ctx, 90, 170) + row * 40;
      const tw = th * between(ctx, 0.35, 0.5);
      for (let k = 0; k < 3; k++) {
        const top = baseY - th + k * th * 0.22;
        const half = (tw / 2) * (0.6 + k * 0.3);
        out += `<polygon points="${f(x - half)},${f(top + th * 0.45)} ${f(x)},${f(top)} ${f(x + half)},${f(top + th * 0.45)}" fill="${color}"/>`;
      }
      out += `<rect x="${f(x - 4)}" y="${f(baseY - th * 0.15)}" width="8" height="${f(th * 0.2)}" fill="${mix(color, "#000000", 0.3)}"/>`;
      x += tw * between(ctx, 0.55, 0.9);
    }
  }
  return out;
}

export function sea(ctx: Ctx): string {
  const top = ctx.horizon;
  let out = `<rect x="0" y="${f(top)}" width="${ctx.w}" height="${f(ctx.h - top)}" fill="url(#seaGrad)"/>`;
  for (let i = 0; i < 26; i++) {
    const y = top + 8 + Math.pow(i / 26, 1.6) * (ctx.h - top);
    const x = ctx.rand() * ctx.w;
    const len = 40 + (y - top) * 0.8 * ctx.rand();
    out += `<path d="M${f(x)},${f(y)} q${f(len / 4)},-4 ${f(len / 2)},0 t${f(len / 2)},0" stroke="${mix(ctx.p.skyBottom, "#ffffff", 0.4)}" stroke-width="${f(1 + (y - top) / 120)}" fill="none" opacity="0.35"/>`;
  }
  const rx = between(ctx, ctx.w * 0.3, ctx.w * 0.7);
  for (let y = top + 6; y < ctx.h; y += 12) {
    const half = 8 + (y - top) * 0.12 + ctx.rand() * 20;
    out += `<rect x="${f(rx - half)}" y="${f(y)}" width="${f(half * 2)}" height="3" fill="${ctx.p.glow}" opacity="${f(0.15 + 0.25 * ctx.rand())}"/>`;
  }
  if (ctx.rand() < 0.7) {
    const bx = between(ctx, 120, ctx.w - 200);
    const by = top + between(ctx, 30, 90);
    const c = mix(ctx.p.near, "#000000", 0.5);
    out += `<path d="M${f(bx)},${f(by)} L${f(bx + 110)},${f(by)} L${f(bx + 90)},${f(by + 18)} L${f(bx + 18)},${f(by + 18)} Z" fill="${c}"/>`;
    out += `<rect x="${f(bx + 52)}" y="${f(by - 80)}" width="4" height="80" fill="${c}"/>`;
    out += `<polygon points="${f(bx + 58)},${f(by - 76)} ${f(bx + 100)},${f(by - 8)} ${f(bx + 58)},${f(by - 8)}" fill="${mix(ctx.p.glow, ctx.p.near, 0.5)}"/>`;
  }
  return out;
}

export function fire(ctx: Ctx): string {
  let out = "";
  const fires = 1 + Math.floor(ctx.rand() * 2);
  for (let i = 0; i < fires; i++) {
    const x = between(ctx, ctx.w * 0.2, ctx.w * 0.8);
    const y = between(ctx, ctx.h * 0.82, ctx.h * 0.94);
    const s = between(ctx, 0.8, 1.5);
    out += `<ellipse cx="${f(x)}" cy="${f(y - 40 * s)}" rx="${f(260 * s)}" ry="${f(200 * s)}" fill="url(#fireGlow)"/>`;
    const layers: [string, number][] = [["#b3261e", 1], ["#f2711c", 0.72], ["#ffd23f", 0.45]];
    for (const [color, k] of layers) {
      const hgt = 150 * s * k;
      const wid = 60 * s * k;
      out += `<path d="M${f(x - wid)},${f(y)} C${f(x - wid)},${f(y - hgt * 0.5)} ${f(x - wid * 0.2)},${f(y - hgt * 0.6)} ${f(x)},${f(y - hgt)} C${f(x + wid * 0.3)},${f(y - hgt * 0.55)} ${f(x + wid)},${f(y - hgt * 0.45)} ${f(x + wid)},${f(y)} Z" fill="${color}"/>`;
    }
    for (let e = 0; e < 18; e++) {
      out += `<circle cx="${f(x + between(ctx, -120, 120) * s)}" cy="${f(y - between(ctx, 60, 320) * s)}" r="${f(1 + ctx.rand() * 2.5)}" fill="#ffb347" opacity="${f(0.4 + ctx.rand() * 0.6)}"/>`;
    }
    out += `<rect x="${f(x - 70 * s)}" y="${f(y - 6)}" width="${f(140 * s)}" height="12" rx="6" fill="#3b2314" transform="rotate(${f(between(ctx, -12, 12))} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

export function cacti(ctx: Ctx): string {
  let out = "";
  const color = mix(ctx.p.near, "#000000", 0.45);
  for (let i = 0; i < 3; i++) {
    const x = between(ctx, 60, ctx.w - 60);
    const base = between(ctx, ctx.horizon + 60, ctx.h - 40);
    const hgt = between(ctx, 60, 140);
    out += `<rect x="${f(x - 9)}" y="${f(base - hgt)}" width="18" height="${f(hgt)}" rx="9" fill="${color}"/>`;
    out += `<rect x="${f(x - 34)}" y="${f(base - hgt * 0.7)}" width="12" height="${f(hgt * 0.35)}" rx="6" fill="${color}"/>`;
    out += `<rect x="${f(x - 34)}" y="${f(base - hgt * 0.4)}" width="30" height="12" rx="6" fill="${color}"/>`;
  }
  return out;
}

export function fog(ctx: Ctx): string {
  let out = "";
  for (let i = 0; i < 6; i++) {
    out += `<ellipse cx="${f(ctx.rand() * ctx.w)}" cy="${f(ctx.horizon + between(ctx, -40, 160))}" rx="${f(between(ctx, 300, 600))}" ry="${f(between(ctx, 40, 90))}" fill="url(#fogGrad)"/>`;
  }
  return out;
}

export function rain(ctx: Ctx): string {
  let out = `<g stroke="${mix(ctx.p.skyBottom, "#ffffff", 0.6)}" stroke-width="1.2" opacity="0.35">`;
  for (let i = 0; i < 220; i++) {
    const x = ctx.rand() * (ctx.w + 100);
    const y = ctx.rand() * ctx.h;
    out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - 12)}" y2="${f(y + 34)}"/>`;
  }
  out += "</g>";
  if (ctx.rand() < 0.8) {
    let x = between(ctx, ctx.w * 0.2, ctx.w * 0.8);
    let y = 20;
    const points = [`${f(x)},${f(y)}`];
    while (y < ctx.horizon - 20) {
      x += between(ctx, -40, 40);
      y += between(ctx, 30, 60);
      points.push(`${f(x)},${f(y)}`);
    }
    out += `<polyline points="${points.join(" ")}" fill="none" stroke="#fffbe0" stroke-width="4" opacity="0.9"/>`;
  }
  return out;
}

export function snow(ctx: Ctx): string {
  let out = "";
  for (let i = 0; i < 260; i++) {
    out += `<circle cx="${f(ctx.rand() * ctx.w)}" cy="${f(ctx.rand() * ctx.h)}" r="${f(1 + ctx.rand() * 2.8)}" fill="#ffffff" opacity="${f(0.5 + ctx.rand() * 0.5)}"/>`;
  }
  return out;
}
