/**
 * 'Ascolta' (issue 13, Listen) in a real Chromium, with a speech synthesis stub installed by the
 * test (it records every utterance and plays each for a time proportional to its words): the
 * narration is read sentence by sentence while it is being written, the choices as 'Scelta A: …',
 * the sentence being spoken is highlighted, 'Stop' and leaving the page silence it, the voice and
 * speed are remembered, and a browser without an Italian voice gets the explanation. The suite's
 * server writes a narration too fast to listen during it: this spec runs its own, slower one.
 */

import { expect, type Page, test } from "@playwright/test";
import { extractChoices } from "../src/shared/choices";
import { conversation, expectAccessible, screenshots } from "./fixtures";
import { type ExtraServer, startExtraServer } from "./extra-server";

/** What the stub records: one entry per utterance given to speak(), and the cancels. */
interface SpeechEntry {
  event: "speak" | "cancel";
  text?: string;
  voice?: string | null;
  rate?: number;
  /** When it started: was a narration still being written (a bubble aria-busy)? */
  startedWhileWriting?: boolean;
  /** The highlighted text on the page just before it ended. */
  marked?: string;
  ended?: boolean;
}

/**
 * Replaces window.speechSynthesis and SpeechSynthesisUtterance before the page's scripts run.
 * Runs in the browser: self-contained. Each utterance starts 10 ms after its turn comes and ends
 * after 40 ms a word (at least 250 ms); cancel() drops the queue and ends the current one with an
 * 'error' event, as browsers do.
 */
function installSpeechStub(voices: { name: string; lang: string }[]) {
  const log: SpeechEntry[] = [];
  (window as unknown as { __speech: SpeechEntry[] }).__speech = log;
  const all = voices.map((v, i) => ({ ...v, voiceURI: `stub:${v.name}`, default: i === 0, localService: true }));

  class StubUtterance extends EventTarget {
    text: string;
    lang = "";
    voice: { name: string } | null = null;
    rate = 1;
    pitch = 1;
    volume = 1;
    onstart: ((e: Event) => void) | null = null;
    onend: ((e: Event) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    constructor(text = "") {
      super();
      this.text = text;
    }
  }
  const fire = (u: StubUtterance, type: "start" | "end" | "error") => {
    const event = new Event(type);
    u[`on${type}`]?.(event);
    u.dispatchEvent(event);
  };
  let queue: { u: StubUtterance; entry: SpeechEntry }[] = [];
  let current: StubUtterance | null = null;
  let timers: number[] = [];
  const run = () => {
    if (current) return;
    const next = queue.shift();
    if (!next) return;
    current = next.u;
    timers.push(window.setTimeout(() => {
      next.entry.startedWhileWriting = document.querySelector('[aria-busy="true"]') !== null;
      fire(next.u, "start");
      const words = next.u.text.split(/\s+/).length;
      timers.push(window.setTimeout(() => {
        next.entry.marked = [...document.querySelectorAll("mark[data-spoken]")].map((m) => m.textContent).join("");
        next.entry.ended = true;
        current = null;
        fire(next.u, "end");
        run();
      }, Math.max(250, words * 40)));
    }, 10));
  };
  const synth = Object.assign(new EventTarget(), {
    paused: false,
    getVoices: () => all,
    speak(u: StubUtterance) {
      const entry: SpeechEntry = { event: "speak", text: u.text, voice: u.voice?.name ?? null, rate: u.rate };
      log.push(entry);
      queue.push({ u, entry });
      run();
    },
    cancel() {
      log.push({ event: "cancel" });
      queue = [];
      timers.forEach((t) => window.clearTimeout(t));
      timers = [];
      const u = current;
      current = null;
      if (u) fire(u, "error");
    },
    pause() {},
    resume() {},
  });
  Object.defineProperty(window, "speechSynthesis", { configurable: true, get: () => synth });
  Object.defineProperty(window, "SpeechSynthesisUtterance", { configurable: true, writable: true, value: StubUtterance });
}

const ITALIAN = [
  { name: "Alice", lang: "it-IT" },
  { name: "Lucia", lang: "it_IT" },
  { name: "Samantha", lang: "en-US" },
];

const speech = (page: Page) => page.evaluate(() => (window as unknown as { __speech: SpeechEntry[] }).__speech);
const spoken = async (page: Page) => (await speech(page)).filter((e) => e.event === "speak");
const squeeze = (text: string) => text.replace(/[\s*_#>]+/g, "");

let server: ExtraServer;

test.beforeAll(async () => {
  // About 140 words a narration: some 6 s to write one.
  server = await startExtraServer({ OFFLINE_WORD_DELAY_MS: "40" });
});

test.afterAll(async () => {
  await server.stop();
});

test("'Ascolta' reads the narration while it is written, then the choices; highlight, 'Stop', settings, leaving the page", async ({ page }) => {
  await page.addInitScript(installSpeechStub, ITALIAN);
  await server.signUp(page);
  await page.getByRole("button", { name: /Fantasy/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  const gameUrl = page.url();

  // Listening is turned on before the story starts: the first narration is read as it is written.
  const listen = page.getByRole("button", { name: "Ascolta", exact: true });
  await expect(listen).toHaveAttribute("aria-pressed", "false");
  await listen.click();
  const stop = page.getByRole("button", { name: "Stop lettura" });
  await expect(stop).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "/inizia" }).click();

  // The first sentence is spoken while the narration is still being written.
  await expect.poll(async () => (await spoken(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.locator("mark[data-spoken]").first()).toBeVisible();
  await screenshots(page, "listen-game", { fullPage: false });

  // The narration ends; the reading ends with the three choices.
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: "/A" })).toBeEnabled();
  const gameId = gameUrl.split("/").at(-1)!;
  const game = await (await page.request.get(`${server.base}/api/games/${gameId}`)).json();
  const narration: string = game.messages.at(-1).content;
  const choices = extractChoices(narration);
  await expect.poll(async () => (await spoken(page)).at(-1)?.ended, { timeout: 30_000 }).toBe(true);
  const read = await spoken(page);
  expect(read.slice(-3).map((e) => e.text)).toEqual([`Scelta A: ${choices.A}`, `Scelta B: ${choices.B}`, `Scelta C: ${choices.C}`]);
  // Every sentence of the narration, once, in order: together they are the narration without its choices.
  const sentences = read.slice(0, -3);
  expect(sentences.length).toBeGreaterThan(2);
  const withoutChoices = narration.split("\n").filter((line) => !/^\s*[123]\s*[.)-]/.test(line)).join("\n");
  expect(squeeze(sentences.map((e) => e.text).join(""))).toBe(squeeze(withoutChoices));
  expect(sentences[0]!.startedWhileWriting).toBe(true);
  expect(read.every((e) => e.voice === "Alice" && e.rate === 1)).toBe(true);
  // The highlight followed the voice: each sentence was marked while it was spoken.
  for (const entry of sentences) expect(squeeze(entry.marked ?? "")).toBe(squeeze(entry.text!));
  expect(read.at(-1)!.marked).toBe(choices.C);
  await expect(page.locator("mark[data-spoken]")).toHaveCount(0);

  // Voice and speed, remembered: they apply from the next sentence.
  await page.getByRole("button", { name: "Impostazioni di lettura" }).click();
  await page.getByLabel("Voce", { exact: true }).selectOption({ label: "Lucia (it_IT)" });
  await page.getByLabel("Velocità", { exact: true }).selectOption({ label: "Veloce (1,25×)" });
  await screenshots(page, "listen-settings", { fullPage: false });
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  // 'Stop' in the middle of the next narration: silence at once, nothing more is read.
  await page.getByRole("button", { name: "/A" }).click();
  await expect.poll(async () => (await spoken(page)).length, { timeout: 20_000 }).toBeGreaterThan(read.length);
  const next = (await spoken(page))[read.length]!;
  expect([next.voice, next.rate]).toEqual(["Lucia", 1.25]);
  await stop.click();
  await expect(listen).toHaveAttribute("aria-pressed", "false");
  const afterStop = await speech(page);
  expect(afterStop.at(-1)!.event).toBe("cancel");
  await expect(page.locator("mark[data-spoken]")).toHaveCount(0);
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect((await speech(page)).length).toBe(afterStop.length);

  // Leaving the page silences it: 'Ascolta' reads the latest narration from its beginning, then
  // the player goes to the profile.
  const before = (await spoken(page)).length;
  await listen.click();
  await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(before);
  const latest = (await (await page.request.get(`${server.base}/api/games/${gameId}`)).json()).messages.at(-1).content;
  expect(squeeze(latest).startsWith(squeeze((await spoken(page))[before]!.text!))).toBe(true);
  await page.getByRole("link", { name: "Profilo" }).click();
  await expect(page).toHaveURL(/\/profilo$/);
  await expect.poll(async () => (await speech(page)).at(-1)?.event).toBe("cancel");

  // The settings were remembered.
  await page.goto(gameUrl);
  await page.getByRole("button", { name: "Impostazioni di lettura" }).click();
  await expect(page.getByLabel("Voce", { exact: true })).toHaveValue("stub:Lucia");
  await expect(page.getByLabel("Velocità", { exact: true })).toHaveValue("1.25");

  // A browser with no Italian voice (the same tab, reloaded with a stub that has only an English
  // voice: a second tab would be a duplicate session): the button explains why it cannot read.
  await page.addInitScript(installSpeechStub, [{ name: "Samantha", lang: "en-US" }]);
  await page.reload();
  const unavailable = page.getByRole("button", { name: "Ascolta", exact: true });
  await expect(unavailable).toHaveAttribute("aria-disabled", "true");
  await expect(unavailable).toHaveAccessibleDescription("Il tuo browser non ha una voce italiana per la lettura ad alta voce.");
  await unavailable.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toContainText("Il tuo browser non ha una voce italiana per la lettura ad alta voce.");
  await screenshots(page, "listen-no-voice", { fullPage: false });
  await expectAccessible(page);
  await expect(page.getByRole("button", { name: "Impostazioni di lettura" })).toHaveCount(0);
  expect(await spoken(page)).toEqual([]);
});
