/**
 * The server's voice for 'Ascolta' (issue 39): one call to an OpenAI-compatible speech endpoint
 * (POST {TTS_BASE_URL}/v1/audio/speech, {model, input, voice, response_format: 'mp3'}; OpenAI's
 * /v1/audio/speech and the local servers that copy it). A base that already ends in /v1 (as
 * AI_BASE_URL is usually written) is used as is. The answer's body is handed on unread, so the
 * player hears the first words while the endpoint is still speaking.
 *
 * Speech spends no tokens (the endpoint bills characters) but it is a paid provider call: it is
 * made only with a pass of the spending gate (policies/spending.ts, purpose 'speech', the listener
 * as the acting player); the route also bounds it per player (features/games/speech.routes.ts).
 */

import type { Env } from "../../platform/env";
import { AppError } from "../../platform/errors";
import type { SpendingPass } from "../policies/spending";

export type SpeechEnv = Pick<Env, "TTS_BASE_URL" | "TTS_MODEL" | "TTS_API_KEY" | "TTS_VOICE" | "TTS_TIMEOUT_MS">;

/** True when the server has a voice (TTS_BASE_URL and TTS_MODEL set). */
export function hasServerVoice(env: SpeechEnv): boolean {
  return Boolean(env.TTS_BASE_URL && env.TTS_MODEL);
}

/** The endpoint's URL: {base}/v1/audio/speech, or {base}/audio/speech for a base ending in /v1. */
export function speechUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? `${trimmed}/audio/speech` : `${trimmed}/v1/audio/speech`;
}

/** The audio of one text: its body (MP3 bytes, streamed) and media type. */
export interface SpeechAudio {
  body: ReadableStream<Uint8Array>;
  contentType: string;
}

/** The server's voice: says one text with a pass of the spending gate. */
export interface Voice {
  /**
   * Asks the endpoint to say `input`.
   * Input: the gate's pass (purpose 'speech'), the text (a sentence, plain, at most a few hundred
   * characters) and a signal that cancels the call (the player left); the call is also cut after
   * TTS_TIMEOUT_MS ms. Output: the answer's audio stream, once the endpoint answered 2xx with a body.
   * Throws 404 SERVER_VOICE_OFF when no voice is configured, 502 SPEECH_FAILED when the endpoint
   * fails, refuses or does not answer in time (the cause is in `cause`, for the log).
   */
  say(pass: SpendingPass, input: string, signal: AbortSignal): Promise<SpeechAudio>;
}

/** The voice of the env's TTS_* settings (see {@link Voice.say}). */
export function serverVoice(env: SpeechEnv): Voice {
  return { say: (_pass, input, signal) => speak(env, input, signal) };
}

/**
 * Asks the endpoint to say `input` (the body of {@link Voice.say}; only the voice calls it).
 * Input: the env (TTS_*), the text (a sentence, plain, at most a few hundred characters) and a
 * signal that cancels the call (the player left). The call is also cut after TTS_TIMEOUT_MS ms.
 * Output: the answer's audio stream, once the endpoint answered 2xx with a body.
 * Throws 404 SERVER_VOICE_OFF when no voice is configured, 502 SPEECH_FAILED when the endpoint
 * fails, refuses or does not answer in time (the cause is in `cause`, for the log).
 */
async function speak(env: SpeechEnv, input: string, signal: AbortSignal): Promise<SpeechAudio> {
  if (!env.TTS_BASE_URL || !env.TTS_MODEL) throw AppError.of("SERVER_VOICE_OFF", 404);
  let response: Response;
  try {
    response = await fetch(speechUrl(env.TTS_BASE_URL), {
      method: "POST",
      headers: { "content-type": "application/json", ...(env.TTS_API_KEY ? { authorization: `Bearer ${env.TTS_API_KEY}` } : {}) },
      body: JSON.stringify({ model: env.TTS_MODEL, input, voice: env.TTS_VOICE, response_format: "mp3" }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(env.TTS_TIMEOUT_MS)]),
    });
  } catch (error) {
    throw Object.assign(AppError.of("SPEECH_FAILED", 502), { cause: error });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw Object.assign(AppError.of("SPEECH_FAILED", 502), { cause: new Error(`HTTP ${response.status}`) });
  }
  const type = response.headers.get("content-type") ?? "";
  return { body: response.body, contentType: /^audio\//i.test(type) ? type : "audio/mpeg" };
}
