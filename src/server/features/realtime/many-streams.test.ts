/**
 * Many live streams on one instance (issue 12 Server: 5,000 per instance, measured by
 * `npm run bench:turn`): every stream is served and none makes the server warn of a listener
 * leak; a session is still needed for each one.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

const STREAMS = 30;

describe.each(DIALECTS)("many live streams on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it(`serves ${STREAMS} event streams of one player at once without a listener-leak warning, and refuses a visitor's`, async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    const player = await registerPlayer(server);
    const controllers = Array.from({ length: STREAMS }, () => new AbortController());
    try {
      const responses = await Promise.all(controllers.map((c) => player.client.request("GET", "/api/events", undefined, { signal: c.signal })));
      const firstEvents = await Promise.all(
        responses.map(async (response) => {
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let text = "";
          while (!text.includes("\n\n")) text += (await reader.read()).value ?? "";
          return /^event: ?(.*)$/m.exec(text)?.[1];
        }),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(STREAMS).fill(200));
      expect(firstEvents).toEqual(Array(STREAMS).fill("ready"));
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes("MaxListenersExceeded"))).toEqual([]);
      expect((await fetch(`${server.url}/api/events`)).status).toBe(401);
    } finally {
      process.off("warning", onWarning);
      for (const c of controllers) c.abort();
    }
  });
});
