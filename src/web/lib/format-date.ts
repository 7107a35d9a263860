/**
 * Italian dates with times and relative times (spec §9: Italian locale), through date-fns: admin
 * tables, notifications and the profile. Days, counts and prices are in format.ts.
 */

import { format, formatDistanceToNow } from "date-fns";
import { it } from "date-fns/locale";

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

/** '3 giorni fa', 'circa 2 ore fa' (spec §2 Profile last access); '' for a missing date. */
export function timeAgo(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? formatDistanceToNow(date, { addSuffix: true, locale: it }) : "";
}
