import { useState } from "react";
import { timeAgo } from "@/lib/format-date";
import { useHydratedHere } from "@/lib/use-hydrated";

/**
 * How long ago `iso` was ('3 giorni fa', lib/format-date.ts timeAgo) in a <time> element.
 * On a page the server rendered, the browser keeps the server's words (written a moment before)
 * until `iso` changes, as no relative time here counts on by itself: React is told the hydrated
 * text differs, and the component renders '' for it, an unchanged text React never writes. So
 * neither hydration nor the renders after it make the page's first Intl formatter, which loads
 * the browser's locale data (75-95 ms of one task on a 4× slower CPU: /profilo, issue 21).
 */
export function TimeAgo({ iso }: { iso: string }) {
  const hydrating = !useHydratedHere() && typeof window !== "undefined";
  const [serverIso] = useState(hydrating ? iso : null);
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {iso === serverIso ? "" : timeAgo(iso)}
    </time>
  );
}
