/**
 * Italian formatting for days, counts, prices and labels (spec §9: Italian locale, euro), with
 * Intl alone. Times of day and
 * relative times are in format-date.ts. The formatters are made on first use, not when a page's
 * code loads: a page's first Intl formatter loads the browser's locale data (90-100 ms on a 4×
 * slower CPU, one long task on a phone; issue 21).
 */

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

let count: Intl.NumberFormat | undefined;

/**
 * '1.234': a count (plays, likes, users…) with Italian digit grouping. A whole number under 1,000
 * has no separator to place: it is written as it is, and a page whose counts are all small (most
 * templates' likes and plays) makes no formatter.
 */
export function formatCount(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  count ??= new Intl.NumberFormat("it-IT");
  return count.format(value);
}

let euroCurrency: Intl.NumberFormat | undefined;

/** '9,99 €' from euro cents (spec §2 Pricing). */
export function formatEuroCents(cents: number): string {
  euroCurrency ??= new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });
  return euroCurrency.format(cents / 100);
}

let euroAmount: Intl.NumberFormat | undefined;

/** '€ 9,99' from an amount in euro (spec §2 Admin orders: the € prefix, Italian number format). */
export function formatEuro(amount: number): string {
  euroAmount ??= new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `€ ${euroAmount.format(amount)}`;
}

/** 'premium' → 'Premium' (spec §2 Admin orders, Tipo capitalised; option labels of the forms). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
