/**
 * Time helpers for stored timestamps: ISO-8601 UTC strings with milliseconds, which sort
 * correctly as text on both SQLite and PostgreSQL.
 */

let last = 0;

/**
 * Current time as an ISO string, strictly increasing within this process so that rows written
 * one after another (a player's message, then the reply) keep their order.
 */
/** A day in milliseconds (sweeps, retention windows). */
export const DAY_MS = 24 * 60 * 60 * 1000;

export function nowIso(): string {
  const t = Math.max(Date.now(), last + 1);
  last = t;
  return new Date(t).toISOString();
}

const romeDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * Quota periods in Europe/Rome time (DESIGN §4): messages reset daily, images monthly.
 * Input: an instant. Output: { day: 'YYYY-MM-DD', month: 'YYYY-MM' } of that instant in Rome.
 */
export function romePeriods(at: Date = new Date()): { day: string; month: string } {
  const day = romeDay.format(at);
  return { day, month: day.slice(0, 7) };
}
