/**
 * The site-voice queue of 'Ascolta' (issue 39) with stub Audio elements: order, prefetch, speed,
 * a narration being written waiting for its stored copy, a failed part skipped, 'Stop'.
 */

import { describe, expect, it } from "vitest";
import { NarrationReader, type QueuedSegment } from "./narration-reader";
import { ServerVoiceQueue } from "./server-voice-queue";

/** An Audio element as far as the queue uses it: records its src and plays when told to. */
class StubAudio {
  src = "";
  preload = "";
  playbackRate = 1;
  playing = false;
  onplaying: (() => void) | null = null;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  play() {
    this.playing = true;
    queueMicrotask(() => this.onplaying?.());
    return Promise.resolve();
  }
  pause() {
    this.playing = false;
  }
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  load() {}
  end() {
    this.playing = false;
    this.onended?.();
  }
  fail() {
    this.playing = false;
    this.onerror?.();
  }
}

function setUp() {
  const made: StubAudio[] = [];
  const heard: (string | null)[] = [];
  const failures: number[] = [];
  const queue = new ServerVoiceQueue({
    url: (id, part) => `/api/games/g/messages/${id}/speech?part=${part}`,
    rate: () => 1.25,
    onSpeaking: (item) => heard.push(item && item.show),
    onFailure: () => failures.push(1),
    createAudio: () => {
      const audio = new StubAudio();
      made.push(audio);
      return audio as unknown as HTMLAudioElement;
    },
  });
  const playing = () => made.find((a) => a.playing);
  return { queue, made, heard, failures, playing, reader: new NarrationReader(queue) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ServerVoiceQueue (issue 39: 'Ascolta' with the site's voice)", () => {
  it("plays a stored narration's parts in order, the next one loading while one plays, at the chosen speed", async () => {
    const { reader, made, heard, playing } = setUp();
    reader.start({ key: "m1", text: "Il faro tace. Qualcuno bussa.\n\nA) Apri\nB) Aspetta\nC) Fuggi", live: false });
    await flush();
    expect(made.map((a) => a.src)).toEqual(["/api/games/g/messages/m1/speech?part=0", "/api/games/g/messages/m1/speech?part=1"]);
    expect(playing()?.src).toMatch(/part=0$/);
    expect(playing()?.playbackRate).toBe(1.25);
    expect(heard).toEqual(["Il faro tace."]);
    playing()!.end();
    await flush();
    // The prefetched element is the one played: no second download.
    expect(playing()).toBe(made[1]);
    expect(heard.at(-1)).toBe("Qualcuno bussa.");
    for (let i = 0; i < 4; i++) {
      playing()!.end();
      await flush();
    }
    expect(heard).toEqual(["Il faro tace.", "Qualcuno bussa.", "Apri", "Aspetta", "Fuggi", null]);
    expect(made.map((a) => a.src.split("part=")[1] ?? "")).toEqual(["", "", "", "", ""]);
  });

  it("waits for a narration being written to be stored, then reads it under its message id", async () => {
    const { reader, made, heard, playing } = setUp();
    reader.start(null);
    reader.follow({ key: "live-7", text: "La nebbia sale. Il faro", live: true });
    await flush();
    expect(made).toHaveLength(0);
    reader.follow({ key: "m9", text: "La nebbia sale. Il faro tace.\n\nA) Uno\nB) Due\nC) Tre", live: false });
    await flush();
    expect(playing()?.src).toBe("/api/games/g/messages/m9/speech?part=0");
    expect(made[1]?.src).toBe("/api/games/g/messages/m9/speech?part=1");
    expect(heard).toEqual(["La nebbia sale."]);
  });

  it("skips a part that fails (the server refused it) and says so", async () => {
    const { reader, heard, failures, playing } = setUp();
    reader.start({ key: "m1", text: "Uno. Due. Tre.", live: false });
    await flush();
    playing()!.fail();
    await flush();
    expect(failures).toHaveLength(1);
    expect(playing()?.src).toMatch(/part=1$/);
    expect(heard).toEqual(["Uno.", "Due."]);
  });

  it("'Stop' silences at once and forgets what was waiting", async () => {
    const { reader, made, heard, playing } = setUp();
    reader.start({ key: "m1", text: "Uno. Due. Tre.", live: false });
    await flush();
    reader.stop();
    expect(playing()).toBeUndefined();
    expect(made.every((a) => a.src === "")).toBe(true);
    expect(heard).toEqual(["Uno.", null]);
  });

  it("numbers each queued part as the server splits the narration", () => {
    const parts: QueuedSegment[] = [];
    const reader = new NarrationReader({ push: (items) => parts.push(...items), stop: () => undefined });
    reader.start({ key: "m1", text: "Uno. Due.", live: false });
    reader.follow({ key: "live-2", text: "Tre. Quattro. Cin", live: true });
    expect(parts.map((p) => [p.key, p.live, p.part, p.show])).toEqual([
      ["m1", false, 0, "Uno."],
      ["m1", false, 1, "Due."],
      ["live-2", true, 0, "Tre."],
      ["live-2", true, 1, "Quattro."],
    ]);
  });
});
