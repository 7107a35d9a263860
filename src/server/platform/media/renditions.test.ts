/**
 * Smaller renditions of stored pictures (issue 12, "Images"), over real HTTP on SQLite and
 * PostgreSQL: /media/renditions/…-480.webp and -960.webp are made from the original on first
 * request (WebP, that width, never enlarged), stored and served again as they are, also under a
 * flood of parallel first requests; other widths and missing originals are 404 and store nothing;
 * a rendition goes with its original (deletion and sweep) and is kept while the original is shown.
 */

import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionKeyOf, renditionSrcSet } from "../../../shared/media-renditions";
import { nowIso } from "../clock";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";
import { deleteUnreferencedMedia, sweepUnreferencedMedia } from "../../domain/media-references";
import { RENDITION_ENCODINGS, renditionEncodings } from "./renditions";

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("renditions on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function storePicture(width: number, height: number): Promise<{ key: string; url: string; bytes: Buffer }> {
    const bytes = await sharp({ create: { width, height, channels: 3, background: "#335577" } }).png().toBuffer();
    const stored = await server.deps.media.put(`images/test/${randomUUID()}.png`, bytes, "image/png");
    return { ...stored, bytes };
  }

  async function get(path: string) {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("makes a 480 and a 960 px WebP from the original on first request, stores them and serves them again", async () => {
    const picture = await storePicture(1280, 720);
    for (const width of [480, 960] as const) {
      const key = renditionKeyOf(picture.key, width)!;
      expect(await server.deps.media.get(key)).toBeNull();
      const first = await get(`/media/${key}`);
      expect(first.status).toBe(200);
      expect(first.type).toBe("image/webp");
      expect(first.cache).toContain("immutable");
      const meta = await sharp(first.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, Math.round((720 * width) / 1280)]);
      expect(first.bytes.length).toBeLessThan(picture.bytes.length);
      expect((await server.deps.media.get(key))?.bytes.equals(first.bytes)).toBe(true);
      expect((await get(`/media/${key}`)).bytes.equals(first.bytes)).toBe(true);
    }
  });

  it("never enlarges a small original; 100 parallel first requests get the same bytes", async () => {
    const picture = await storePicture(300, 200);
    const key = renditionKeyOf(picture.key, 960)!;
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(`/media/${key}`)));
    expect(answers.every((a) => a.status === 200 && a.bytes.equals(answers[0]!.bytes))).toBe(true);
    expect((await sharp(answers[0]!.bytes).metadata()).width).toBe(300);
  });

  it("answers 404 for a width not offered, a missing original or a malformed name, and stores nothing", async () => {
    const picture = await storePicture(640, 360);
    const missing = `images/test/${randomUUID()}.png`;
    for (const key of [renditionKeyOf(picture.key, 480)!.replace("-480.webp", "-500.webp"), renditionKeyOf(missing, 480)!, "renditions/../segreto-png-480.webp", "renditions/x-exe-480.webp"]) {
      expect((await get(`/media/${key}`)).status, key).toBe(404);
      expect(await server.deps.media.get(key)).toBeNull();
    }
  });

  it("makes no rendition of a rendition (404, nothing stored), and runs at most RENDITION_ENCODINGS encodings at once", async () => {
    const picture = await storePicture(1280, 720);
    const rendition = renditionKeyOf(picture.key, 480)!;
    expect((await get(`/media/${rendition}`)).status).toBe(200);
    // The chain the attack used: renditions/renditions/…-webp-480.webp and deeper.
    let key = rendition;
    for (let level = 0; level < 3; level++) {
      key = `renditions/${key.replace(/\.webp$/, "")}-webp-480.webp`;
      expect((await get(`/media/${key}`)).status, key).toBe(404);
      expect(await server.deps.media.get(key), key).toBeNull();
    }
    // Twelve first requests for six pictures at once: all served, never more than the bound encoding together.
    const pictures = await Promise.all(Array.from({ length: 6 }, () => storePicture(1600, 900)));
    let busiest = 0;
    const sample = setInterval(() => (busiest = Math.max(busiest, renditionEncodings.activeCount)), 1);
    const answers = await Promise.all(pictures.flatMap((p) => [480, 960].map((width) => get(`/media/${renditionKeyOf(p.key, width as 480 | 960)}`))));
    clearInterval(sample);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(busiest).toBeLessThanOrEqual(RENDITION_ENCODINGS);
  });

  it("a rendition goes with its original and is kept by the sweep while the original is shown", async () => {
    const shown = await storePicture(1000, 500);
    const dropped = await storePicture(1000, 500);
    await server.deps.db
      .insertInto("generated_images")
      .values({ id: randomUUID(), user_id: null, image_url: shown.url, prompt: "Scena", created_at: nowIso(), slug: "scena" })
      .execute();
    const shownRendition = renditionKeyOf(shown.key, 480)!;
    const droppedRendition = renditionKeyOf(dropped.key, 960)!;
    for (const key of [shownRendition, droppedRendition]) expect((await get(`/media/${key}`)).status).toBe(200);

    const later = new Date(Date.now() + 2 * DAY);
    await sweepUnreferencedMedia(server.deps, { now: later });
    expect(await server.deps.media.get(shown.key)).not.toBeNull();
    expect(await server.deps.media.get(shownRendition)).not.toBeNull();
    expect(await server.deps.media.get(dropped.key)).toBeNull();
    expect(await server.deps.media.get(droppedRendition)).toBeNull();

    const other = await storePicture(800, 400);
    const otherRendition = renditionKeyOf(other.key, 480)!;
    expect((await get(`/media/${otherRendition}`)).status).toBe(200);
    await deleteUnreferencedMedia(server.deps, [other.url]);
    expect(await server.deps.media.get(otherRendition)).toBeNull();
  });

  it("lists both renditions in the srcset of one of our pictures, and none for a picture elsewhere", () => {
    expect(renditionSrcSet("/media/images/a/b.png")).toBe("/media/renditions/images/a/b-png-480.webp 480w, /media/renditions/images/a/b-png-960.webp 960w");
    expect(renditionSrcSet("https://img.example/faro.png")).toBeNull();
    expect(renditionKeyOf("renditions/images/a/b-png-480.webp", 480)).toBeNull();
  });
});
