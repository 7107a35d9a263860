/**
 * The current year in Italy for the footer's copyright line (spec §2 Site frame), as a query: the
 * server puts it in the state of every page it renders (entry-server.tsx), so the browser that
 * hydrates the page takes it from there and loads no locale data for it (issue 21: the first Intl
 * formatter of a page costs about 90 ms on a 4× slower CPU, one long task on a phone). A page the
 * browser renders itself computes it (initialData). Never refetched: a page open over New Year's
 * Eve keeps the year it was opened in.
 */

import { currentYear } from "@shared/italian-date";
import { queryOptions } from "@tanstack/react-query";

export const siteYearQuery = queryOptions({
  queryKey: ["anno-corrente"],
  queryFn: () => currentYear(),
  initialData: () => currentYear(),
  staleTime: Infinity,
});
