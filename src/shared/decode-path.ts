/**
 * Decodes a percent-encoded URL path. Output: the decoded text, or null when the path holds a
 * malformed escape (e.g. "%E0"), which decodeURIComponent would throw on.
 */
export function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
