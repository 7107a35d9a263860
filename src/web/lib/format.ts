/** Italian formatting for dates, relative times and prices (spec §9: Italian locale, euro). */

import { format, formatDistanceToNow } from "date-fns";
import { it } from "date-fns/locale";

/** '14 giu, 18:05': day, short month, hour and minute (spec §2 Notification popover). */
export function formatDayMonthTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "d MMM, HH:mm", { locale: it });
}

/** '3 giorni fa', 'circa 2 ore fa' (spec §2 Profile last access); '' for a missing date. */
export function timeAgo(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDistanceToNow(date, { addSuffix: true, locale: it });
}

const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

/** '9,99 €' from euro cents. */
export function formatEuroCents(cents: number): string {
  return euro.format(cents / 100);
}
