/**
 * Many concurrent server-sent event connections, opened from their own process (part of
 * `npm run bench:turn`, issue 12 Server: one instance holds 5,000 live streams). Started by
 * bench/turn.ts with an IPC channel:
 *   parent → {type: "open", url, targets: [{path, cookie, first}], parallel}
 *   child  → {type: "opened", opened, failures: [..], ms, firstEvent: {p50, p99}}
 *   parent → {type: "count", event}  child → {type: "counted", event, received}   (connections that got `event` since opening)
 *   parent → {type: "close"}         child → {type: "closed", stillOpen}, then exits
 * A connection counts as open once its answer is 200 text/event-stream and its first event named
 * `first` has arrived. Connections leave from 127.0.0.2… (a new source address every 250), so
 * no single address pair runs short of ephemeral ports. Plain node:http, no saturating loop:
 * at most `parallel` connections are being opened at any moment.
 */

import http from "node:http";
import { percentile } from "./bench-support";

interface Target {
  path: string;
  cookie: string;
  /** The event that proves the stream is live ('ready', 'delta'). */
  first: string;
}

interface Connection {
  request: http.ClientRequest;
  response?: http.IncomingMessage;
  events: Map<string, number>;
  closed: boolean;
}

const PER_ADDRESS = 250;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const connections: Connection[] = [];
const send = (message: unknown) => process.send!(message);

/** Opens one stream; resolves with the time to its first event, or rejects with the reason. */
function open(base: URL, target: Target, index: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const connection: Connection = { events: new Map(), closed: false } as Connection;
    const request = http.request(new URL(target.path, base), {
      agent,
      localAddress: `127.0.0.${2 + Math.floor(index / PER_ADDRESS)}`,
      headers: { cookie: target.cookie, accept: "text/event-stream" },
    });
    connection.request = request;
    connections.push(connection);
    request.setTimeout(60_000, () => request.destroy(new Error("no answer in 60 s")));
    request.on("error", (error) => {
      connection.closed = true;
      reject(error);
    });
    request.on("response", (response) => {
      connection.response = response;
      request.setTimeout(0);
      if (response.statusCode !== 200 || !String(response.headers["content-type"]).startsWith("text/event-stream")) {
        response.resume();
        reject(new Error(`HTTP ${response.statusCode} ${response.headers["content-type"]}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const name = /^event: ?(.*)$/m.exec(buffer.slice(0, end))?.[1] ?? "message";
          buffer = buffer.slice(end + 2);
          connection.events.set(name, (connection.events.get(name) ?? 0) + 1);
          if (name === target.first) resolve(performance.now() - started);
        }
      });
      response.on("close", () => {
        connection.closed = true;
        reject(new Error("closed before its first event"));
      });
    });
    request.end();
  });
}

process.on("message", async (message: { type: string; url?: string; targets?: Target[]; parallel?: number; event?: string }) => {
  if (message.type === "open") {
    const base = new URL(message.url!);
    const targets = message.targets!;
    const firstEvent: number[] = [];
    const failures = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: message.parallel ?? 100 }, async () => {
        while (next < targets.length) {
          const index = next++;
          try {
            firstEvent.push(await open(base, targets[index]!, index));
          } catch (error) {
            const reason = String((error as Error).message ?? error);
            failures.set(reason, (failures.get(reason) ?? 0) + 1);
          }
        }
      }),
    );
    send({
      type: "opened",
      opened: firstEvent.length,
      failures: Object.fromEntries(failures),
      ms: performance.now() - started,
      firstEvent: { p50: percentile(firstEvent, 50), p99: percentile(firstEvent, 99) },
    });
  } else if (message.type === "count") {
    const received = connections.filter((c) => !c.closed && (c.events.get(message.event!) ?? 0) > 0).length;
    send({ type: "counted", event: message.event, received });
  } else if (message.type === "close") {
    const stillOpen = connections.filter((c) => !c.closed).length;
    for (const c of connections) c.request.destroy();
    send({ type: "closed", stillOpen });
    setTimeout(() => process.exit(0), 100);
  }
});
