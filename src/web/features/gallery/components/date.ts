/** Italian dates of the gallery (spec §2: creation date in Italian format), e.g. '5 marzo 2025'. */

import { format } from "date-fns";
import { it } from "date-fns/locale";

/** Input: an ISO timestamp. Output: 'd MMMM yyyy' in Italian, or '' when invalid. */
export function italianDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "d MMMM yyyy", { locale: it });
}
