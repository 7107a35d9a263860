/**
 * Italian dates with times and relative times (spec §9: Italian locale) through Intl, in Italy's
 * time zone whatever the machine's, so a page the server renders reads the same in the browser
 * that hydrates it (issue 21; no date library): admin tables, notifications and the profile.
 * Days, counts and prices are in format.ts. As there, the formatters are made on first use
 * (@shared/intl-formatter): made when the module loaded, they were one long task of /profilo's
 * load, which formats no date while it hydrates.
 */

import { formatterOnFirstUse } from "@shared/intl-formatter";

const ROME = "Europe/Rome";
const DAY_MONTH_TIME = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: ROME, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }));
const DAY_MONTH_YEAR = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: ROME, day: "numeric", month: "short", year: "numeric" }));
const DATE = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: ROME, day: "2-digit", month: "2-digit", year: "numeric" }));
const TIME = formatterOnFirstUse(() => new Intl.DateTimeFormat("it-IT", { timeZone: ROME, hour: "2-digit", minute: "2-digit" }));
const RELATIVE = formatterOnFirstUse(() => new Intl.RelativeTimeFormat("it", { numeric: "auto" }));

/** The Date of an ISO timestamp, or null when missing or invalid. */
function toDate(iso: string | null | undefined): Date | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** '14 giu, 18:05': day, short month, hour and minute (spec §2 Notification popover). */
export function formatDayMonthTime(iso: string): string {
  const date = toDate(iso);
  return date ? DAY_MONTH_TIME().format(date) : "";
}

/** '5 mar 2026': day, short month and year (admin templates), '' when missing or invalid. */
export function formatDayMonthYear(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? DAY_MONTH_YEAR().format(date) : "";
}

/** '21/11/2026' (Italian date, spec §2 Admin users), '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? DATE().format(date) : "";
}

/** '21/11/2026 15:04' (date and time), or 'N/A' when missing (spec §2 Admin activity). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? `${DATE().format(date)} ${TIME().format(date)}` : "N/A";
}

/** Seconds in each unit, largest first, with the amount from which it is used (in that unit). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/**
 * How long ago `iso` was, from `now` (default: this moment): 'meno di un minuto fa', '5 minuti fa',
 * '2 ore fa', 'ieri', '3 giorni fa', 'il mese scorso' (spec §2 Profile last access, Admin orders
 * 'x fa'); '' for a missing or invalid date.
 */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  const date = toDate(iso);
  if (!date) return "";
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return RELATIVE().format(-Math.floor(seconds / size), unit);
  }
  return "meno di un minuto fa";
}
