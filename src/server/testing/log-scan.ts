/**
 * What no log line may hold (issue 20 §2: "no personal data in logs beyond ids"), checked on
 * every line the whole test suite writes (global-setup.ts) and by log-scan.test.ts: every line
 * is one JSON object, and none holds an e-mail address, a test password, an API key or bearer
 * token, the auth secret's file content, story text of the fake provider and of the players, or a
 * JSON parse error quoting the text it read.
 */

import { FAKE_REPLY } from "./fake-openai";

/** Sentences of story text the tests make the narrator write (the fake provider's reply). */
const STORY_TEXT = FAKE_REPLY.split(/[.\n]/)
  .map((s) => s.trim())
  .filter((s) => s.length > 20);

/** Markers of the secrets and text tests use, each with what it stands for. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i, "an e-mail address"],
  [/password-\w/i, "a test password"],
  [/\b(sk|gsk|xai)-[\w-]{6,}/, "an API key"],
  [/Bearer (?!\[redacted\])\S+/, "a bearer token"],
  [/chiave-segreta/i, "the tests' provider key"],
  [/storia-segreta/i, "a player's story text"],
  // V8's JSON.parse error quotes the start of the text it could not read (issue 36 finding 16d:
  // a model's answer, a player's body): "Unexpected token 'L', \"La nebbia \"... is not valid JSON".
  [/is not valid JSON/, "a JSON parse error quoting its text"],
];

/**
 * What is wrong with one log line, or null when nothing is. Input: the line as written (no
 * trailing newline needed). Output: a short English reason.
 */
export function personalDataIn(line: string): string | null {
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "not a JSON object";
  } catch {
    return "not JSON";
  }
  for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) return `holds ${what}`;
  for (const sentence of STORY_TEXT) if (line.includes(sentence)) return "holds story text";
  return null;
}
