/**
 * Bounded bodies and malformed input on every JSON route (issue 9 findings 4 and 5; DESIGN §5):
 * a 50 MB body answers 413 in Italian before it is read (declared or streamed: the server takes
 * in no more of it than the socket buffers hold), a malformed body 400 in Italian, never a 500.
 * The routes come from the app (jsonRoutes), so a new route is covered automatically. Calls are
 * made as an admin, who passes every access check and so reaches every body parser.
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { type JsonRoute, jsonRoutes, routePath } from "../../testing/json-routes";
import { BODY_LIMITS, bodyLimitFor } from "./body-limit";

const ADMIN_EMAIL = "admin-limits@example.com";
const ADMIN_PASSWORD = "password-admin-limits";
const FIFTY_MB = 50 * 1024 * 1024;
/** Routes that would end the admin's own session or account: called last, in their own test. */
const SESSION_ENDING = /\/(sign-out|delete-user|revoke-sessions|revoke-other-sessions|delete-anonymous-user)$|^DELETE \/api\/profile$/;
const endsSession = (r: JsonRoute) => SESSION_ENDING.test(label(r));

const label = (r: JsonRoute) => `${r.method} ${r.path}`;

/**
 * The most a connection may take of a refused body before the answer (bytes): what the loopback
 * socket buffers hold (about 3.9 MB measured here, tcp_wmem's 4 MB ceiling), far from the 50 MB
 * a server reading the body would take in.
 */
const SOCKET_BUFFERS = 16 * 1024 * 1024;

/**
 * Sends `size` bytes of body as an attacker would, in 64 KiB chunks written only as fast as the
 * socket takes them, and stops sending once the answer arrives. `declared`: with Content-Length
 * (else chunked). Output: the status and body of the answer, and `accepted`, the bytes the
 * connection took before the answer came (bytes), a server that stops reading holds that to its
 * socket buffers.
 */
function sendLargeBody(
  baseUrl: string,
  method: string,
  path: string,
  size: number,
  declared: boolean,
): Promise<{ status: number; text: string; accepted: number }> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(new URL(path, baseUrl), {
      method,
      headers: { "content-type": "application/json", origin: baseUrl, ...(declared ? { "content-length": String(size) } : {}) },
    });
    request.on("response", (response) => {
      answered = true;
      const accepted = request.socket?.bytesWritten ?? 0;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text, accepted });
      });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    let sent = 0;
    const write = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

async function expectItalianError(response: Response, status: number, code: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(body.error.code, text).toBe(code);
  return body.error.message;
}

describe("body limits by route", () => {
  it("bounds auth routes and chat messages tighter than the other JSON routes", () => {
    expect(bodyLimitFor("/api/auth/sign-in/email")).toBe(BODY_LIMITS.auth);
    expect(bodyLimitFor(`/api/games/${randomUUID()}/messages`)).toBe(BODY_LIMITS.chat);
    expect(bodyLimitFor("/api/admin/templates")).toBe(BODY_LIMITS.json);
    // A draft's cover (issue 40 §1): room for the image, on that one path only.
    expect(bodyLimitFor(`/api/scenarios/${randomUUID()}/cover`)).toBe(BODY_LIMITS.coverUpload);
    expect(bodyLimitFor(`/api/scenarios/${randomUUID()}`)).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor(`/api/scenarios/${randomUUID()}/cover/ai`)).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor("/api/scenarios/a/b/cover")).toBe(BODY_LIMITS.json);
    // A chat message of the longest length, every character escaped, still fits.
    expect(JSON.stringify({ content: "\u0001".repeat(2000) }).length).toBeLessThanOrEqual(BODY_LIMITS.chat);
    expect(BODY_LIMITS.json).toBeLessThanOrEqual(512 * 1024);
  });
});

describe.each(DIALECTS)("request bodies on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let routes: JsonRoute[];

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    routes = jsonRoutes(server).bodies;
  });
  afterAll(async () => {
    await server.close();
  });

  it("finds the JSON routes from the app, Better Auth's included", () => {
    const names = routes.map(label);
    expect(names).toContain("POST /api/games/:id/messages");
    expect(names).toContain("PUT /api/profile");
    expect(names).toContain("POST /api/auth/sign-in/email");
    expect(routes.length).toBeGreaterThan(40);
  });

  // Measured by the bytes the server let in before answering, not by this process's memory: the
  // resident size of a test process swings by tens of MB with the garbage collector.
  /** File uploads name their file's limit instead (issue 40 §3: 400 with an Italian message naming the problem). */
  const FILE_LIMITS: Record<string, [number, string]> = {
    "POST /api/templates/import": [400, "Il file supera il limite di 2 MB"],
    "POST /api/scenarios/:id/cover": [400, "L'immagine supera il limite di 5 MB."],
  };

  it("answers 413 in Italian to a declared 50 MB body on every JSON route (a file upload: 400 naming its limit), before reading it", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const { status, text, accepted } = await sendLargeBody(server.url, route.method, routePath(route, randomUUID()), FIFTY_MB, true);
      const [wanted, message] = FILE_LIMITS[label(route)] ?? [413, "I dati inviati sono troppo grandi."];
      if (status !== wanted || !text.includes(message) || accepted > SOCKET_BUFFERS) {
        failures.push(`${label(route)} → ${status} after ${accepted} bytes ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("stops reading a streamed (chunked) 50 MB body at the limit", async () => {
    const targets = ["POST /api/auth/sign-in/email", "POST /api/games/:id/messages", "PUT /api/admin/genres/:id"];
    for (const target of targets) {
      const route = routes.find((r) => label(r) === target)!;
      const { status, text, accepted } = await sendLargeBody(server.url, route.method, routePath(route, randomUUID()), FIFTY_MB, false);
      expect(status, text).toBe(413);
      expect(JSON.parse(text)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE", message: "I dati inviati sono troppo grandi." } });
      expect(accepted, target).toBeLessThan(SOCKET_BUFFERS);
    }
  });

  it("answers 400 'La richiesta non è valida' to malformed JSON on app and auth routes", async () => {
    const client = new TestClient(server.url);
    const game = await admin.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    for (const [method, path, who] of [
      ["POST", "/api/auth/sign-in/email", client],
      ["POST", "/api/auth/sign-up/email", client],
      ["POST", `/api/games/${game.body.id}/messages`, admin],
      ["PUT", "/api/profile", admin],
      ["POST", "/api/admin/users", admin],
    ] as const) {
      const response = await who.request(method, path, undefined, { body: "{nope", headers: { "content-type": "application/json" } });
      expect(await expectItalianError(response, 400, "MALFORMED_REQUEST"), `${method} ${path}`).toBe("La richiesta non è valida: i dati inviati non sono leggibili.");
    }
  });

  it("still accepts a body just under the limit (a long chat message)", async () => {
    const game = await admin.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    const response = await admin.request("POST", `/api/games/${game.body.id}/messages`, { content: "è".repeat(2001) });
    // Over the schema's 2,000 characters: refused by the schema (400 with its text), not by the byte limit.
    expect(await expectItalianError(response, 400, "VALIDATION")).toBe("Il messaggio può contenere al massimo 2000 caratteri.");
  });

  // Last: some of these routes end the admin's session (sign-out, account deletion).
  it("answers a malformed JSON body on every route without a 500, in Italian", async () => {
    const ordered = [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
    const failures: string[] = [];
    for (const route of ordered) {
      const response = await admin.request(route.method, routePath(route, randomUUID()), undefined, {
        body: '{"email": "a@b.it", "content": ',
        headers: { "content-type": "application/json" },
      });
      const text = await response.text();
      const error = response.status >= 400 ? (JSON.parse(text) as { error?: { message?: string } }).error : undefined;
      if (response.status >= 500 || (response.status >= 400 && !error?.message) || /JSON|Malformed|Invalid/.test(error?.message ?? "")) {
        failures.push(`${label(route)} → ${response.status} ${text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
