/**
 * Return paths (issue 10 'Return where you were'): where /login sends the player back after
 * signing in or confirming the e-mail, and the callbackURL/redirectTo of the auth calls, which
 * the server checks with the same rule. Only same-site paths are accepted, so no link of ours
 * can send a player to another site (no open redirect).
 */

/** Where a player goes after signing in when no (valid) return path was given (spec §7). */
export const DEFAULT_RETURN_PATH = "/generi";

/** Longest return path accepted (characters); longer ones are refused rather than cut. */
const MAX_LENGTH = 2048;
const PARSE_ORIGIN = "https://storie.invalid";
/** Control characters: URL parsers drop tabs and newlines, so "/\t/evil" would become "//evil". */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Encoded "/" or "\" in the path: some routers decode them into a "//host" path. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/**
 * The same-site path of `value`, or null when it is not one.
 * Input: anything (a query parameter, a body field). Output: the path with its query and
 * fragment ("/scopri/x/1?a=b#c"), normalised by the URL parser ("/a/../b" → "/b"), or null for
 * a non-string, an empty or too long value, an absolute URL ("https://…", "javascript:…"), a
 * protocol-relative one ("//evil", "/\evil"), backslashes, control characters or an encoded
 * separator in the path.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || CONTROL.test(value)) return null;
  const pathEnd = value.search(/[?#]/);
  if (ENCODED_SEPARATOR.test(pathEnd === -1 ? value : value.slice(0, pathEnd))) return null;
  let url: URL;
  try {
    url = new URL(value, PARSE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_ORIGIN || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
