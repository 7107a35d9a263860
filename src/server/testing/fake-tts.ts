/**
 * A speech endpoint for tests (issue 39, 'Ascolta' with the server's voice): a node:http server
 * on 127.0.0.1 that answers POST /v1/audio/speech with audio/mpeg bytes (an MP3 frame header, then
 * the request's `input` as text, so a test can tell which sentence it got), written in two chunks,
 * and records every request. `set({status})` makes it fail. `url` goes in TTS_BASE_URL.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TtsRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; input?: string; voice?: string; response_format?: string };
}

/** The fake's first bytes: an MPEG-1 Layer III frame header (what a real MP3 begins with). */
export const FAKE_MP3_HEADER = Buffer.from([0xff, 0xfb, 0x90, 0x64]);

/** The bytes the fake answers for `input`. */
export function fakeSpeech(input: string): Buffer {
  return Buffer.concat([FAKE_MP3_HEADER, Buffer.from(input, "utf8")]);
}

export async function startFakeTts() {
  const requests: TtsRequest[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: TtsRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as TtsRequest["body"];
      } catch {
        // Recorded as empty: the test sees it.
      }
      requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
      if (request.method !== "POST" || request.url !== "/v1/audio/speech" || status !== 200) {
        response.writeHead(request.url === "/v1/audio/speech" ? status : 404, { "content-type": "application/json" }).end('{"error":{"message":"no"}}');
        return;
      }
      const audio = fakeSpeech(body.input ?? "");
      response.writeHead(200, { "content-type": "audio/mpeg" });
      // Two chunks: the route must pass a stream on, not one buffer.
      response.write(audio.subarray(0, 4));
      setImmediate(() => response.end(audio.subarray(4)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** The status the next answers have (200 = audio). */
    set(options: { status: number }) {
      status = options.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTts = Awaited<ReturnType<typeof startFakeTts>>;
