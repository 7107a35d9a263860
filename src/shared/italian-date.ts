/**
 * Dates as Italians read them, in Italy's time zone whatever the machine's: '5 marzo 2025'. The
 * same on the pages the server renders, in the browser that hydrates them (issue 12), in the
 * reading page and in the books (issue 13).
 */

import { formatterOnFirstUse } from "./intl-formatter";

const italianDayFormat = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", day: "numeric", month: "long", year: "numeric" }));
const italianYearFormat = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", year: "numeric" }));

/** Input: a date. Output: its day in Italy, e.g. '5 marzo 2025'. */
export function italianDay(date: Date): string {
  return italianDayFormat().format(date);
}

/**
 * The current year in Italy, e.g. "2026" (the footer's copyright line, an image's licence). Here
 * rather than in the web's format.ts, which the site frame does not load (issue 12).
 */
export function currentYear(): string {
  return italianYearFormat().format(new Date());
}
