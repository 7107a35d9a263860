/**
 * Italian formatting for days, counts, prices and labels (spec §9: Italian locale, euro), with
 * Intl alone. Times of day and relative times are in format-date.ts. The formatters are made on
 * first use (@shared/intl-formatter, issue 21).
 */

import { formatterOnFirstUse } from "@shared/intl-formatter";
import { italianDay } from "@shared/italian-date";

/**
 * '5 marzo 2025' (spec §2 Gallery: creation date in Italian format), the day in Italy whatever the
 * time zone of the server or the browser, so a page the server renders hydrates unchanged;
 * '' when invalid.
 */
export function italianDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : italianDay(date);
}

const count = formatterOnFirstUse(() => new Intl.NumberFormat("it-IT"));

/**
 * '1.234': a count (plays, likes, users…) with Italian digit grouping. A whole number under 1,000
 * has no separator to place: it is written as it is, and a page whose counts are all small (most
 * templates' likes and plays) makes no formatter.
 */
export function formatCount(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  return count().format(value);
}

const decimal = formatterOnFirstUse(() => new Intl.NumberFormat("it-IT", { maximumFractionDigits: 3 }));

/**
 * A decimal as stored, in Italian, not rounded to one digit (issue 39: a temperature of 0.75 is
 * '0,75', 1 is '1'); past three digits it is rounded, so a slider's 0.30000000000000004 reads '0,3'.
 */
export function formatDecimal(value: number): string {
  return decimal().format(value);
}

const euroCurrency = formatterOnFirstUse(() => new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" }));

/** '9,99 €' from euro cents (spec §2 Pricing). */
export function formatEuroCents(cents: number): string {
  return euroCurrency().format(cents / 100);
}

const euroAmount = formatterOnFirstUse(() => new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** '€ 9,99' from an amount in euro (spec §2 Admin orders: the € prefix, Italian number format). */
export function formatEuro(amount: number): string {
  return `€ ${euroAmount().format(amount)}`;
}

/** 'premium' → 'Premium' (spec §2 Admin orders, Tipo capitalised; option labels of the forms). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
