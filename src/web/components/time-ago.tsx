import { timeAgo } from "@/lib/format-date";

/**
 * How long ago `iso` was ('3 giorni fa', lib/format-date.ts timeAgo) in a <time> element. On a page
 * the server renders, the browser keeps the server's words while it hydrates (a second may have
 * passed: React is told the text may differ) and updates them on its next render.
 */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {timeAgo(iso)}
    </time>
  );
}
