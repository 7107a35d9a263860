/**
 * 'Ascolta' without a browser voice (issue 39) in a real Chromium:
 * - on a phone with no Italian voice and no voice on the site, a tap on 'Ascolta' shows why, as
 *   text (touch screens show no tooltip);
 * - on a site with a speech endpoint (a local fake, testing/fake-tts.ts, behind a second server),
 *   'Ascolta' works with no browser voice at all: each part of the narration is asked of the site
 *   (GET …/speech?part=N, MP3) and played in order, the sentence being heard highlighted. The test
 *   replaces window.Audio with a stub that downloads each part, records it, and "plays" it for
 *   300 ms (the audio decoding itself is the browser's, not the site's).
 */

import { expect, type Page, test } from "@playwright/test";
import { speechSegments } from "../src/shared/speech/speech-text";
import { type FakeTts, startFakeTts } from "../src/server/testing/fake-tts";
import { conversation, expectAccessible, signedInPlayer } from "./fixtures";
import { type ExtraServer, startExtraServer } from "./extra-server";

const SHOTS = "/work/shots/tts";

/** A speech synthesis with only an English voice. Runs in the browser: self-contained. */
function englishOnly() {
  const voices = [{ name: "Samantha", lang: "en-US", voiceURI: "stub:Samantha", default: true, localService: true }];
  const synth = Object.assign(new EventTarget(), { paused: false, getVoices: () => voices, speak() {}, cancel() {}, pause() {}, resume() {} });
  Object.defineProperty(window, "speechSynthesis", { configurable: true, get: () => synth });
  Object.defineProperty(window, "SpeechSynthesisUtterance", { configurable: true, writable: true, value: class extends EventTarget {} });
}

/** One part the page played: its address, the server's answer and the highlight while it played. */
interface Played {
  src: string;
  rate: number;
  status?: number;
  type?: string | null;
  /** The answer's bytes after the fake's 4-byte MP3 header: the sentence the endpoint was given. */
  said?: string;
  marked?: string;
  ended?: boolean;
}

/** Replaces window.Audio (see the header). Runs in the browser: self-contained. */
function installAudioStub() {
  const log: Played[] = [];
  (window as unknown as { __played: Played[] }).__played = log;
  class StubAudio {
    src = "";
    preload = "";
    playbackRate = 1;
    paused = true;
    onplaying: ((e: Event) => void) | null = null;
    onended: ((e: Event) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    private timer = 0;
    play() {
      const entry: Played = { src: this.src, rate: this.playbackRate };
      log.push(entry);
      this.paused = false;
      void fetch(this.src).then(async (response) => {
        entry.status = response.status;
        entry.type = response.headers.get("content-type");
        entry.said = new TextDecoder().decode((await response.arrayBuffer()).slice(4));
        if (this.paused) return;
        if (!response.ok) return this.onerror?.(new Event("error"));
        this.onplaying?.(new Event("playing"));
        this.timer = window.setTimeout(() => {
          entry.marked = [...document.querySelectorAll("mark[data-spoken]")].map((m) => m.textContent).join("");
          entry.ended = true;
          this.onended?.(new Event("ended"));
        }, 300);
      });
      return Promise.resolve();
    }
    pause() {
      this.paused = true;
      window.clearTimeout(this.timer);
    }
    removeAttribute(name: string) {
      if (name === "src") this.src = "";
    }
    load() {}
  }
  Object.defineProperty(window, "Audio", { configurable: true, writable: true, value: StubAudio });
}

const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: Played[] }).__played);
const squeeze = (text: string) => text.replace(/[\s*_#>]+/g, "");

async function startStory(page: Page) {
  await page.getByRole("button", { name: /Fantasy/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
}

test.describe("on a phone, no Italian voice and no site voice", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a tap on 'Ascolta' shows the reason as text", async ({ page }) => {
    await page.addInitScript(englishOnly);
    await signedInPlayer(page);
    await startStory(page);
    // On a phone the story's actions are in the header's menu (issue 39).
    await page.getByRole("button", { name: "Menu della storia" }).click();
    const listen = page.getByRole("button", { name: "Ascolta", exact: true });
    await expect(listen).toHaveAttribute("aria-disabled", "true");
    // Not `disabled`: it stays focusable and tappable.
    await expect(listen).not.toHaveAttribute("disabled");
    // A finger on the button (Playwright's tap() waits for an enabled button; aria-disabled is not enabled to it).
    const box = (await listen.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const reason = page.getByRole("dialog", { name: "Lettura ad alta voce non disponibile" });
    await expect(reason).toBeVisible();
    await expect(reason).toContainText("Il tuo browser non ha una voce italiana per la lettura ad alta voce.");
    await expect(reason).toContainText("Puoi aggiungere una voce italiana nelle impostazioni di sintesi vocale");
    await page.screenshot({ path: `${SHOTS}/no-voice-390.png` });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 860 });
    await expect(reason).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/no-voice-1280.png` });
  });
});

test.describe("with the site's voice", () => {
  let tts: FakeTts;
  let server: ExtraServer;

  test.beforeAll(async () => {
    tts = await startFakeTts();
    server = await startExtraServer({ OFFLINE_WORD_DELAY_MS: "10", TTS_BASE_URL: tts.url, TTS_MODEL: "tts-finto", TTS_VOICE: "nova" });
  });
  test.afterAll(async () => {
    await server.stop();
    await tts.close();
  });

  test("'Ascolta' plays the site's audio part by part, with the highlight, and no browser voice", async ({ page }) => {
    await page.addInitScript(englishOnly);
    await page.addInitScript(installAudioStub);
    await page.setViewportSize({ width: 1280, height: 860 });
    await server.signUp(page);
    await startStory(page);
    const gameId = page.url().split("/").at(-1)!;

    const listen = page.getByRole("button", { name: "Ascolta", exact: true });
    await expect(listen).not.toHaveAttribute("aria-disabled", "true");
    await listen.click();
    await expect(page.getByRole("button", { name: "Stop lettura" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "/inizia" }).click();

    await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
    const narration = (await (await page.request.get(`${server.base}/api/games/${gameId}`)).json()).messages.at(-1);
    const parts = speechSegments(narration.content, true);
    await expect(page.locator("mark[data-spoken]").first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/site-voice-1280.png` });
    await expect.poll(async () => (await played(page)).filter((p) => p.ended).length, { timeout: 30_000 }).toBe(parts.length);

    const heard = await played(page);
    expect(heard.map((p) => p.src)).toEqual(parts.map((_, i) => `/api/games/${gameId}/messages/${narration.id}/speech?part=${i}`));
    for (const [i, p] of heard.entries()) {
      expect([p.status, p.type, p.said, p.rate]).toEqual([200, "audio/mpeg", parts[i]!.speak, 1]);
      expect(squeeze(p.marked ?? "")).toBe(squeeze(parts[i]!.show));
    }
    expect(tts.requests.map((r) => r.body.input)).toEqual(parts.map((p) => p.speak));
    expect(tts.requests.every((r) => r.body.voice === "nova" && r.body.model === "tts-finto")).toBe(true);
    await expect(page.locator("mark[data-spoken]")).toHaveCount(0);

    // The settings: the site's voice, and the speed.
    await page.getByRole("button", { name: "Impostazioni di lettura" }).click();
    await expect(page.getByText("quella del sito, uguale su ogni dispositivo.")).toBeVisible();
    await expect(page.getByLabel("Voce", { exact: true })).toHaveCount(0);
    await page.getByLabel("Velocità", { exact: true }).selectOption({ label: "Veloce (1,25×)" });
    await page.screenshot({ path: `${SHOTS}/site-voice-settings-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/site-voice-settings-390.png` });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.keyboard.press("Escape");

    // 'Stop' while the next narration is read: silence, nothing more is played.
    await page.getByRole("button", { name: "/A" }).click();
    await expect.poll(async () => (await played(page)).length, { timeout: 30_000 }).toBeGreaterThan(heard.length);
    expect((await played(page))[heard.length]!.rate).toBe(1.25);
    await page.getByRole("button", { name: "Stop lettura" }).click();
    await expect(listen).toHaveAttribute("aria-pressed", "false");
    const afterStop = (await played(page)).length;
    await page.waitForTimeout(1000);
    expect((await played(page)).length).toBe(afterStop);
    await expect(page.locator("mark[data-spoken]")).toHaveCount(0);
  });
});
