/**
 * Italian formatting for dates, relative times, counts, prices and labels (spec §9: Italian
 * locale, euro). Shared by every feature: admin tables, gallery, templates, notifications, profile.
 */

import { format, formatDistanceToNow } from "date-fns";
import { it } from "date-fns/locale";
import { italianDay } from "@shared/italian-date";

/** The Date of an ISO timestamp, or null when missing or invalid. */
function toDate(iso: string | null | undefined): Date | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** '14 giu, 18:05': day, short month, hour and minute (spec §2 Notification popover). */
export function formatDayMonthTime(iso: string): string {
  const date = toDate(iso);
  return date ? format(date, "d MMM, HH:mm", { locale: it }) : "";
}

/** '21/11/2026' (Italian date, spec §2 Admin users), '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? format(date, "dd/MM/yyyy", { locale: it }) : "";
}

/** '21/11/2026 15:04' (date and time), or 'N/A' when missing (spec §2 Admin activity). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? format(date, "dd/MM/yyyy HH:mm", { locale: it }) : "N/A";
}

/** The site's time zone: dates read the same on the server's pages and in every player's browser (issue 12). */
const ITALIAN_YEAR = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", year: "numeric" });

/**
 * '5 marzo 2025' (spec §2 Gallery: creation date in Italian format), the day in Italy whatever the
 * time zone of the server or the browser, so a page the server renders hydrates unchanged;
 * '' when invalid.
 */
export function italianDate(iso: string): string {
  const date = toDate(iso);
  return date ? italianDay(date) : "";
}

/** The current year in Italy, e.g. "2026" (the footer's copyright line). */
export function currentYear(): string {
  return ITALIAN_YEAR.format(new Date());
}

/** '3 giorni fa', 'circa 2 ore fa' (spec §2 Profile last access); '' for a missing date. */
export function timeAgo(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? formatDistanceToNow(date, { addSuffix: true, locale: it }) : "";
}

const count = new Intl.NumberFormat("it-IT");

/** '1.234': a count (plays, likes, users…) with Italian digit grouping. */
export function formatCount(value: number): string {
  return count.format(value);
}

const euroCurrency = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

/** '9,99 €' from euro cents (spec §2 Pricing). */
export function formatEuroCents(cents: number): string {
  return euroCurrency.format(cents / 100);
}

const euroAmount = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '€ 9,99' from an amount in euro (spec §2 Admin orders: the € prefix, Italian number format). */
export function formatEuro(amount: number): string {
  return `€ ${euroAmount.format(amount)}`;
}

/** 'premium' → 'Premium' (spec §2 Admin orders, Tipo capitalised; option labels of the forms). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
