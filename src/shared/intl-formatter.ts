/**
 * Intl formatters made on first use, not when a module loads: a page's first formatter loads the
 * browser's Italian locale data (46-98 ms of one task on a 4× slower CPU, issue 21), which only a
 * page that formats something should pay. Used by italian-date.ts and the web's format.ts and
 * format-date.ts.
 */

/**
 * Input: how to make the formatter. Output: a function giving it, made on its first call and
 * kept for the calls after.
 */
export function formatterOnFirstUse<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
