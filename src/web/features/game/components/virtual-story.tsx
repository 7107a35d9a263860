/**
 * The stored messages of a story, virtualised on the window's scroll (issue 11 §5) with
 * @tanstack/react-virtual: only the rows near the viewport are in the DOM, between two spacers
 * that keep the list at its full height, and each row is measured once it is rendered. When older
 * turns are put in front of the loaded ones, the page scrolls down by their height so that what
 * the player is reading stays in place (the browser's own scroll anchoring is off for the list:
 * the rows it would anchor to are replaced as the range moves).
 *
 * A page the server renders (issue 21) holds the story's latest SERVER_ROWS messages as plain
 * rows, readable before any script; the browser hydrates the same rows, then scrolls to the end
 * (unless the reader moved the page before the app ran: it then stays on what they read) and
 * hands the list to the virtualiser, which starts at the end too: the rows on screen stay the
 * same elements.
 */

import { useWindowVirtualizer, type VirtualItem, type Virtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type RefObject, startTransition, useCallback, useLayoutEffect, useRef, useState } from "react";
import { READER_MOVED_ATTRIBUTE } from "@shared/first-paint-scripts";
import type { MessageView } from "@/lib/api-contract";
import { useHydrated } from "@/lib/use-hydrated";

/** The list's gap between rows (px): Tailwind's gap-5 on the <ol>. */
const ROW_GAP_PX = 20;
/** Rows kept in the DOM above and below the viewport. */
const OVERSCAN = 6;

/**
 * Messages a server-rendered page holds: the rows the virtualiser keeps at the end of the story
 * before it measures the window (the last row and OVERSCAN before it).
 */
const SERVER_ROWS = OVERSCAN + 1;

/** Height (px) a row is assumed to have before it is measured: a narration is a few paragraphs. */
function estimateRowHeight(message: MessageView): number {
  if (message.imageUrl) return 440;
  return message.role === "user" ? 90 : 380;
}

/**
 * The virtualiser's rule for scrolling the page when a row's measured height differs from what
 * it assumed (@tanstack/virtual-core's default, with one exception). Rows are in the page's flow
 * between two spacers: a row that enters above the view replaces its estimate in the upper spacer
 * by its real height, so its first measure moves what the player reads and the page scrolls by
 * the difference; a row measured again (a picture arrives) scrolls the page only when it is
 * wholly above the view. The exception: a row in `unspaced` (rendered before the virtualiser took
 * over) never had an estimate in a spacer, so its first measure changes nothing on screen and
 * must not scroll — on a slow phone those measures came after the scroll to the end of the story
 * and left the latest turn below the screen.
 */
function keepsReaderInPlace(unspaced: RefObject<ReadonlySet<string>>) {
  return (item: VirtualItem, _delta: number, instance: Virtualizer<Window, HTMLLIElement>): boolean => {
    const offset = instance.scrollOffset ?? 0;
    if (!instance.itemSizeCache.has(item.key)) return !unspaced.current.has(String(item.key)) && item.start < offset;
    return item.end <= offset && instance.scrollDirection !== "backward";
  };
}

/** Where (px) the rows a server-rendered page holds start in the virtualiser's list: the estimated height of the rows before them. */
function offsetOfServerRows(messages: MessageView[]): number {
  let offset = 0;
  for (const message of messages.slice(0, Math.max(0, messages.length - SERVER_ROWS))) offset += estimateRowHeight(message) + ROW_GAP_PX;
  return offset;
}

/** Put on a row's <li> as `ref`, with `data-index` = the row's index, so that it is measured. Stable. */
export type MeasureRef = (node: HTMLLIElement | null) => void;

interface VirtualStoryProps {
  messages: MessageView[];
  /** Renders a message as one <li>, which must take `measureRef` as ref and `index` as data-index. */
  renderRow(message: MessageView, index: number, measureRef: MeasureRef): ReactNode;
  /** The element after the command bar: "the end of the story" is this element at the bottom of the screen. */
  endRef: RefObject<HTMLElement | null>;
}

/**
 * Input: the messages (oldest first), the row renderer and the end marker. Output: <li> elements for the parent
 * <ol>: a spacer, the rows in view (plus OVERSCAN on each side), a spacer.
 */
export function VirtualStory({ messages, renderRow, endRef }: VirtualStoryProps) {
  const startRef = useRef<HTMLLIElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const hydrated = useHydrated();
  // Whether the page came from the server: then the virtualiser starts at the end of the story.
  const [fromServer] = useState(!hydrated);

  // Where the reader took the page before the app ran (the first-paint script marks a move), or
  // null: the page then stays on what they read. Read when the virtualiser first needs its
  // offset, in the render that enables it.
  const readerAt = useRef<number | null>(null);
  // Declared before the virtualiser, so that this runs before it reads the scroll position: a
  // hydrated page goes to the end of the story (where the player resumes, whatever position the
  // browser restored; useAutoScroll then keeps it there), unless the reader moved it.
  useLayoutEffect(() => {
    if (!hydrated || !fromServer) return;
    document.documentElement.removeAttribute(READER_MOVED_ATTRIBUTE);
    if (readerAt.current === null) endRef.current?.scrollIntoView({ block: "end", behavior: "instant" });
  }, [hydrated, fromServer, endRef]);

  // The ids of the rows rendered before the virtualiser took over (the server's rows), set at the
  // takeover: their estimates were never in a spacer, so their first measure must not move the page.
  const unspaced = useRef<ReadonlySet<string>>(new Set());
  // Whether the virtualiser has had its first range: from then on its rows (even none) are the list.
  const tookOver = useRef(false);
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: messages.length,
    estimateSize: (index) => estimateRowHeight(messages[index]!),
    getItemKey: (index) => messages[index]!.id,
    overscan: OVERSCAN,
    gap: ROW_GAP_PX,
    scrollMargin,
    enabled: hydrated,
    // Past the end: the range starts with the story's last rows, those the server rendered; or
    // where the reader took the page, once the rows before the server's are put above it.
    ...(fromServer
      ? {
          // The window's size known in the render that enables the virtualiser (it measures the
          // window itself only in a layout effect after it): its first range then comes in that
          // render, a transition, and the takeover commits with it — rather than in a render of its
          // own forced by that layout effect, which runs at once, in one task (issue 39). Read in
          // that render only: reading the window's size forces a layout, which in a render during
          // a turn made a long task.
          ...(hydrated && !tookOver.current ? { initialRect: { width: window.innerWidth, height: window.innerHeight } } : {}),
          initialOffset: () => {
            readerAt.current = document.documentElement.hasAttribute(READER_MOVED_ATTRIBUTE) ? window.scrollY : null;
            return readerAt.current === null ? Number.MAX_SAFE_INTEGER : readerAt.current + offsetOfServerRows(messages);
          },
        }
      : {}),
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange ??= keepsReaderInPlace(unspaced);

  // Where the rows start in the page: it moves when what is above them changes (the first rows
  // arrive, 'Mostra i turni precedenti' gives way to the greeting, the header wraps). Measured
  // while hydrating too, so that the virtualiser starts with it, but then as a transition: an
  // update from hydration's layout effects would render at once, in hydration's commit, and take
  // every effect of the page with it into one long task (issue 39, story-style-menu.tsx).
  useLayoutEffect(() => {
    const measure = () => {
      const start = startRef.current;
      if (!start) return;
      const top = start.getBoundingClientRect().top + window.scrollY;
      const update = (current: number) => (Math.abs(top - current) > 0.5 ? top : current);
      if (hydrated) setScrollMargin(update);
      else startTransition(() => setScrollMargin(update));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [messages, hydrated]);

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

  // The rows' ref, the same function before and after the virtualiser takes over (the memoised
  // rows do not render again then). It measures nothing until the takeover, which measures the
  // rows on the page in one pass: hydration's commit measures nothing (a measure there forces a
  // layout and a synchronous render of the story inside it, one long task on a phone).
  const measuring = useRef(false);
  const measureRef = useCallback<MeasureRef>((node) => {
    if (!node || measuring.current) virtualizer.measureElement(node);
  }, [virtualizer]);

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
  }, [messages, hydrated]);

  const rows = virtualizer.getVirtualItems();
  const virtualRows = hydrated && (tookOver.current || rows.length > 0);
  // The virtualiser's first rows come with the spacer that stands for the turns above them: they
  // are measured in one pass, and the page stays at the end of the story in that same frame, so
  // nothing on screen moves.
  useLayoutEffect(() => {
    if (!virtualRows || tookOver.current) return;
    tookOver.current = true;
    unspaced.current = new Set(messages.slice(-SERVER_ROWS).map((message) => message.id));
    measuring.current = true;
    for (const row of startRef.current?.parentElement?.querySelectorAll<HTMLLIElement>(":scope > li[data-index]") ?? []) virtualizer.measureElement(row);
    if (!fromServer) return;
    // A reader who moved the page is where the virtualiser's initial offset put them (the rows
    // they were reading, with the rows before them above); otherwise the page stays at the end.
    if (readerAt.current === null) endRef.current?.scrollIntoView({ block: "end", behavior: "instant" });
  }, [virtualRows, fromServer, endRef, virtualizer, messages]);

  if (messages.length === 0) return null;
  // Until the virtualiser has its first range (while hydrating, and on a page the browser renders
  // until it reads the window in a layout effect), the rows stay those the server rendered:
  // dropping them for a frame would put new elements on screen, painted again (issue 21: a late
  // largest paint).
  if (!virtualRows) {
    const first = Math.max(0, messages.length - SERVER_ROWS);
    // The rows sit in the fragment's second place, as between the spacers below: hydrated, React
    // keeps these very elements (a row in another place would be a new element, painted again).
    return (
      <>
        {null}
        {messages.slice(first).map((message, offset) => renderRow(message, first + offset, measureRef))}
        {null}
      </>
    );
  }
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);
  // The spacers' negative margins cancel the list's gap around them.
  return (
    <>
      <li ref={startRef} aria-hidden style={{ height: before, marginBottom: -ROW_GAP_PX }} />
      {rows.map((row) => renderRow(messages[row.index]!, row.index, measureRef))}
      <li aria-hidden style={{ height: Math.max(0, after), marginTop: -ROW_GAP_PX }} />
    </>
  );
}
