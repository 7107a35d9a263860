/**
 * A push service for tests (issue 39): an HTTPS server on 127.0.0.1 with a self-signed
 * certificate (selfsigned), which keeps every push it receives and answers 201, or 410 for the
 * endpoints it was told are gone. `agent` trusts its certificate (give it to the site as its push
 * agent); `origin` goes in PUSH_SERVICE_ORIGINS. `browser()` makes what a browser would: an
 * endpoint on this service and P-256 keys, with `read()` decrypting a push sent to it.
 */

import { createECDH, randomBytes, randomUUID } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";
import { generate } from "selfsigned";

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export async function startFakePushService() {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: pems.cert, keepAlive: false });

  /** A browser's subscription on this service. Output: its toJSON() shape, its path, and read(push) → the decrypted payload. */
  function browser() {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16).toString("base64url");
    const path = `/push/${randomUUID()}`;
    return {
      path,
      subscription: { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } },
      read: (push: ReceivedPush) => JSON.parse(decrypt(push.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8")) as unknown,
    };
  }

  return {
    origin,
    agent,
    received,
    browser,
    /** Pushes received so far on `path`. */
    to: (path: string) => received.filter((r) => r.path === path),
    /** From now on, `path` answers 410 Gone. */
    markGone: (path: string) => gone.add(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
