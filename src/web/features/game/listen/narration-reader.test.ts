import { describe, expect, it } from "vitest";
import { NarrationReader, type QueuedSegment } from "./narration-reader";

/** A queue that records what it is given: 'stop' and the words of each segment. */
function recorder() {
  const log: string[] = [];
  const queue = { push: (items: QueuedSegment[]) => log.push(...items.map((s) => s.speak)), stop: () => log.push("stop") };
  return { log, reader: new NarrationReader(queue) };
}

const FIRST = "Il drago dorme. La grotta è fredda.\n\nCosa fai?\n\n1. Attacca\n2. Fuggi\n3. Aspetta";
const SECOND = "Il drago si sveglia! Ruggisce.\n\n1. Corri\n2. Nasconditi\n3. Combatti";

describe("NarrationReader (issue 13 Listen: what is read, and when)", () => {
  it("'Ascolta' reads the latest narration from its beginning, choices included", () => {
    const { log, reader } = recorder();
    reader.start({ key: "m1", text: FIRST, live: false });
    expect(log).toEqual(["stop", "Il drago dorme.", "La grotta è fredda.", "Cosa fai?", "Scelta A: Attacca", "Scelta B: Fuggi", "Scelta C: Aspetta"]);
    reader.follow({ key: "m1", text: FIRST, live: false });
    expect(log).toHaveLength(7);
  });

  it("reads a narration being written sentence by sentence, then its stored copy's tail and choices once", () => {
    const { log, reader } = recorder();
    reader.start({ key: "m1", text: FIRST, live: false });
    log.length = 0;
    for (const end of [0, 10, 21, 25, SECOND.indexOf("\n") + 1, SECOND.length]) reader.follow({ key: "live-2", text: SECOND.slice(0, end), live: true });
    // A new narration stops the old one; its sentences come as they complete; no choice while written.
    expect(log).toEqual(["stop", "Il drago si sveglia!", "Ruggisce."]);
    reader.follow({ key: "m2", text: SECOND, live: false });
    expect(log).toEqual(["stop", "Il drago si sveglia!", "Ruggisce.", "Scelta A: Corri", "Scelta B: Nasconditi", "Scelta C: Combatti"]);
  });

  it("does not read the previous narration again when a turn fails, nor an older one after 'Annulla'", () => {
    const { log, reader } = recorder();
    reader.start({ key: "m1", text: FIRST, live: false });
    log.length = 0;
    reader.follow({ key: "live-2", text: "", live: true });
    reader.follow({ key: "m1", text: FIRST, live: false });
    reader.follow({ key: "m0", text: SECOND, live: false });
    expect(log).toEqual(["stop"]);
  });

  it("ignores a change that comes after 'Stop', e.g. from a render that happened before it", () => {
    const { log, reader } = recorder();
    reader.start({ key: "live-1", text: "Uno. Due", live: true });
    reader.stop();
    reader.follow({ key: "live-1", text: "Uno. Due. Tre", live: true });
    reader.follow({ key: "live-2", text: "Altro. Testo", live: true });
    expect(log).toEqual(["stop", "Uno.", "stop"]);
  });
});
