/**
 * The stored messages of a story, virtualised on the window's scroll (issue 11 §5) with
 * @tanstack/react-virtual: only the rows near the viewport are in the DOM, between two spacers
 * that keep the list at its full height, and each row is measured once it is rendered. When older
 * turns are put in front of the loaded ones, the page scrolls down by their height so that what
 * the player is reading stays in place (the browser's own scroll anchoring is off for the list:
 * the rows it would anchor to are replaced as the range moves).
 */

import type { MessageView } from "@shared/api-types";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";

/** The list's gap between rows (px): Tailwind's gap-5 on the <ol>. */
const ROW_GAP_PX = 20;
/** Rows kept in the DOM above and below the viewport. */
const OVERSCAN = 6;

/** Height (px) a row is assumed to have before it is measured: a narration is a few paragraphs. */
function estimateRowHeight(message: MessageView): number {
  if (message.imageUrl) return 440;
  return message.role === "user" ? 90 : 380;
}

/** Put on a row's <li> as `ref`, with `data-index` = the row's index, so that it is measured. Stable. */
export type MeasureRef = (node: HTMLLIElement | null) => void;

interface VirtualStoryProps {
  messages: MessageView[];
  /** Renders a message as one <li>, which must take `measureRef` as ref and `index` as data-index. */
  renderRow(message: MessageView, index: number, measureRef: MeasureRef): ReactNode;
}

/**
 * Input: the messages (oldest first) and the row renderer. Output: <li> elements for the parent
 * <ol>: a spacer, the rows in view (plus OVERSCAN on each side), a spacer.
 */
export function VirtualStory({ messages, renderRow }: VirtualStoryProps) {
  const startRef = useRef<HTMLLIElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: messages.length,
    estimateSize: (index) => estimateRowHeight(messages[index]!),
    getItemKey: (index) => messages[index]!.id,
    overscan: OVERSCAN,
    gap: ROW_GAP_PX,
    scrollMargin,
  });

  // Where the rows start in the page: it moves when what is above them changes (the first rows
  // arrive, 'Mostra i turni precedenti' gives way to the greeting, the header wraps).
  useLayoutEffect(() => {
    const measure = () => {
      const start = startRef.current;
      if (!start) return;
      const top = start.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(top - current) > 0.5 ? top : current));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [messages]);

  // Where the first row was on screen (px from the top of the viewport), while it is rendered.
  const firstRow = useRef<{ id: string; top: number } | null>(null);
  // Older turns put in front: scroll by their estimated height at once, then, once they are
  // measured, put the row that was first back where the player saw it. (Declared before the
  // effect that records the new first row, so it reads the previous one.)
  const firstId = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const previous = firstId.current;
    const seen = firstRow.current;
    firstId.current = messages[0]?.id;
    if (!previous || previous === messages[0]?.id) return;
    const added = messages.findIndex((m) => m.id === previous);
    if (added <= 0) return;
    const items = virtualizer.measurementsCache;
    const shift = (items[added]?.start ?? 0) - (items[0]?.start ?? 0);
    if (shift > 0) window.scrollBy(0, shift);
    if (seen?.id !== previous) return;
    let frames = 0;
    const settle = () => {
      const element = startRef.current?.parentElement?.querySelector(`[data-index="${added}"]`);
      if (element) {
        const drift = element.getBoundingClientRect().top - seen.top;
        if (Math.abs(drift) > 1) window.scrollBy(0, drift);
      }
      if (++frames < 3) requestAnimationFrame(settle);
    };
    requestAnimationFrame(settle);
  }, [messages, virtualizer]);

  // Recorded after every change and scroll.
  useLayoutEffect(() => {
    const record = () => {
      const element = startRef.current?.nextElementSibling;
      const id = messages[0]?.id;
      firstRow.current = id && element instanceof HTMLElement && element.dataset.index === "0" ? { id, top: element.getBoundingClientRect().top } : null;
    };
    record();
    window.addEventListener("scroll", record, { passive: true });
    return () => window.removeEventListener("scroll", record);
  }, [messages]);

  const rows = virtualizer.getVirtualItems();
  if (messages.length === 0) return null;
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);
  // The spacers' negative margins cancel the list's gap around them.
  return (
    <>
      <li ref={startRef} aria-hidden style={{ height: before, marginBottom: -ROW_GAP_PX }} />
      {rows.map((row) => renderRow(messages[row.index]!, row.index, virtualizer.measureElement))}
      <li aria-hidden style={{ height: Math.max(0, after), marginTop: -ROW_GAP_PX }} />
    </>
  );
}
