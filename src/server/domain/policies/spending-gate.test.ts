/**
 * No path to the AI provider skips the spending gate (issue 36 finding 3; policies/spending.ts):
 * the server's source, read by the TypeScript compiler (testing/provider-calls.ts), has a pass in
 * scope at every call of the chat client, the narrator, its memory and the illustrator; reads the
 * provider's address only where the clients are built (and in the free screening); and forges no
 * pass. The same analysis, run on a fixture module with one bypass of each kind, finds each: a
 * new path that skips the gate fails here.
 */

import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type ExtraSource, providerPaths, serverProgram } from "../../testing/provider-calls";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** A feature module written the wrong way: each function reaches the provider around the gate. */
const FIXTURE: ExtraSource = {
  file: "src/server/features/spending-bypass.fixture.ts",
  text: `
import type { AppDeps } from "../domain/context";
import { serverVoice } from "../domain/ai/speech";
import { improveText } from "./templates/ai-helpers";

export async function unpaidHelper(deps: AppDeps) {
  return deps.chat?.client.complete({ purpose: "helper", messages: [] });
}

export async function unpaidPicture(deps: AppDeps) {
  return deps.illustrator.draw({ prompt: "p", scene: "s", genre: "Fantasy", signal: AbortSignal.timeout(1) });
}

export async function ownClient(deps: AppDeps) {
  return fetch(deps.env.AI_BASE_URL + "/chat/completions", { method: "POST" });
}

export async function unpaidSpeech(deps: AppDeps) {
  return serverVoice(deps.env).say(undefined as never, "Ciao", AbortSignal.timeout(1));
}

export async function forgedPass(deps: AppDeps) {
  return improveText(deps.chat, {} as any, { text: "t", field: "title", context: { genre: "", title: "", description: "" } }, deps.logger);
}
`,
};

describe("the spending gate's place in the source", () => {
  let analysis: ReturnType<typeof providerPaths>;

  beforeAll(() => {
    analysis = providerPaths(serverProgram(root, [FIXTURE]), root);
  }, 120_000);

  it("finds every provider call of the server, each with a pass in scope", () => {
    const server = analysis.calls.filter((c) => c.file !== FIXTURE.file);
    // The callers the gate stands in front of (the provider's own implementations call the chat client too).
    const callers = new Set(server.map((c) => c.file));
    for (const file of [
      "src/server/features/games/turn.service.ts",
      "src/server/features/games/visualize.service.ts",
      "src/server/features/templates/ai-helpers.ts",
      "src/server/features/templates/cover.ts",
      "src/server/domain/memory/background.ts",
      "src/server/domain/memory/recap.ts",
      "src/server/features/games/speech.routes.ts",
    ]) {
      expect(callers, file).toContain(file);
    }
    expect(analysis.bypasses.filter((b) => b.file !== FIXTURE.file)).toEqual([]);
  });

  it("fails a module that calls the provider, reads its address or forges a pass around the gate", () => {
    const found = analysis.bypasses.filter((b) => b.file === FIXTURE.file).map((b) => [b.rule, b.code]);
    expect(found).toEqual([
      ["provider call without a pass", "deps.chat?.client.complete"],
      ["provider call without a pass", "deps.illustrator.draw"],
      ["provider address read", "deps.env.AI_BASE_URL"],
      ["provider call without a pass", "serverVoice(deps.env).say"],
      ["forged pass", "undefined as never"],
      ["forged pass", "{} as any"],
    ]);
  });
});
