/** Italian formats of the admin tables (spec §2 Admin users, activity, orders; §9 euro, Italian locale). */

import { format } from "date-fns";
import { it } from "date-fns/locale";

/** '21/11/2026' (Italian date), '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, "dd/MM/yyyy", { locale: it }) : "";
}

/** '21/11/2026 15:04' (date and time), or 'N/A' when missing (spec §2 Admin activity). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, "dd/MM/yyyy HH:mm", { locale: it }) : "N/A";
}

const euro = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '€ 9,99' (spec §2 Admin orders: euro with the € prefix, Italian number format). */
export function formatEuro(amount: number): string {
  return `€ ${euro.format(amount)}`;
}

/** 'premium' → 'Premium' (spec §2 Admin orders, Tipo capitalised). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
