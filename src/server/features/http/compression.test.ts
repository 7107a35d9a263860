/**
 * Compressed answers over real HTTP (issue 12, "Compression"): built assets with .br / .gz
 * siblings (what vite-plugin-compression2 writes at build) are sent as brotli or gzip by the
 * client's Accept-Encoding, decode to the file's exact bytes and vary on Accept-Encoding; the
 * server's JSON over 1 KB and its HTML are gzip-encoded when accepted and identical once decoded,
 * smaller JSON goes as it is with its length; Server-Sent
 * Events are never compressed. Raw sockets (node:http) so nothing decodes behind the test's back.
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

/** GET with exactly these headers; the body as the bytes on the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A built site with a script and its .br and .gz, as the build writes them. */
function builtSite(): { root: string; remove: () => void; script: Buffer } {
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const riga${i} = "La nebbia sale dal porto, numero ${i}.";\n`).join(""));
  const file = "assets/index-abc123.js";
  return { ...tempWebRoot({ [file]: script, [`${file}.br`]: zlib.brotliCompressSync(script), [`${file}.gz`]: zlib.gzipSync(script) }), script };
}

describe.each(DIALECTS)("compressed answers on %s", (dialect) => {
  let server: TestServer;
  let site: ReturnType<typeof builtSite>;

  beforeAll(async () => {
    site = builtSite();
    server = await startTestServer(dialect, { webRoot: site.root });
  });
  afterAll(async () => {
    await server.close();
    site.remove();
  });

  it("sends a built script as brotli, gzip or as it is, by Accept-Encoding, always the same bytes once decoded", async () => {
    const url = `${server.url}/assets/index-abc123.js`;
    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.body.length).toBeLessThan(site.script.length / 4);
    expect(zlib.brotliDecompressSync(br.body).equals(site.script)).toBe(true);

    const gzip = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(site.script)).toBe(true);

    const plain = await rawGet(url, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.equals(site.script)).toBe(true);
  });

  it("gzips JSON over 1 KB and the site's HTML when the client accepts it; decoded they are what an identity answer holds", async () => {
    // A gallery page of 24 images: several KB of JSON.
    for (let i = 0; i < 24; i++) {
      const id = randomUUID();
      await server.deps.db
        .insertInto("generated_images")
        .values({ id, user_id: null, image_url: `/media/${id}.png`, prompt: `La torre numero ${i}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), slug: id, width: 64, height: 36 })
        .execute();
    }
    for (const pathname of ["/api/images?limit=24", "/generi"]) {
      const url = `${server.url}${pathname}`;
      const gzip = await rawGet(url, { "accept-encoding": "gzip" });
      const plain = await rawGet(url, {});
      expect(gzip.status, pathname).toBe(200);
      expect(gzip.headers["content-encoding"], pathname).toBe("gzip");
      expect(gzip.headers.vary, pathname).toMatch(/accept-encoding/i);
      expect(plain.headers["content-encoding"], pathname).toBeUndefined();
      expect(zlib.gunzipSync(gzip.body).toString("utf8"), pathname).toBe(plain.body.toString("utf8"));
    }
  });

  it("leaves JSON under 1 KB uncompressed, with its length: gzip would cost more than it saves", async () => {
    for (const pathname of ["/api/health", "/api/plans", "/api/session"]) {
      const answer = await rawGet(`${server.url}${pathname}`, { "accept-encoding": "gzip, deflate, br" });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers["content-encoding"], pathname).toBeUndefined();
      expect(Number(answer.headers["content-length"]), pathname).toBe(answer.body.length);
      expect(answer.body.length, pathname).toBeLessThan(1024);
      expect(() => JSON.parse(answer.body.toString("utf8")), pathname).not.toThrow();
    }
  });

  it("never compresses Server-Sent Events: the stream opens as text/event-stream with no encoding", async () => {
    const player = await registerPlayer(server);
    const response = await player.client.request("GET", "/api/events", undefined, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    await response.body?.cancel();
  });
});
