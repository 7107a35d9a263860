/**
 * Whether a sticky bar should step aside while the reader scrolls down (issue 39: the game's
 * one-line header on a phone hides while the player scrolls the story and comes back on scroll up).
 */

import { useEffect, useState } from "react";

/** Scroll movement ignored as jitter (a finger resting, the browser's bar), in CSS px. */
const JITTER_PX = 8;
/** Near the top of the page the bar always shows, in CSS px. */
const ALWAYS_SHOWN_ABOVE_PX = 96;
/**
 * How long (ms) after the reader's last wheel, touch move, scrolling key or scroll of theirs a
 * scroll is still theirs: a flung page goes on scrolling after the finger has left the screen.
 */
const READER_SCROLL_MS = 300;
/** Keys that scroll the page when the focus is not in a field. */
const SCROLLING_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", " "]);

/** Whether a key press scrolls the page: a scrolling key outside the fields where it types or moves the caret. */
function scrollsPage(event: KeyboardEvent): boolean {
  const target = event.target;
  return SCROLLING_KEYS.has(event.key) && !(target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]"));
}

/**
 * Input: nothing (reads the window's scroll and the reader's input). Output: true after the reader
 * scrolled the page down by more than JITTER_PX (below the first ALWAYS_SHOWN_ABOVE_PX), false
 * again after they scrolled up or near the top. Only the reader's own scrolling counts (a wheel,
 * a touch, a scrolling key, and the scroll that goes on from them within READER_SCROLL_MS): the
 * page scrolling itself (to the end of the story when it opens, following a narration as it
 * streams) leaves the bar as it was, except near the top, where it always shows. (The game page
 * scrolls itself to the end as it opens: that hid its header before the player saw it.)
 * The state changes only when the direction does, so the owner renders twice per change.
 * False on the server and before the first scroll.
 */
export function useHiddenOnScrollDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let readerAt = Number.NEGATIVE_INFINITY;
    const onInput = (event: Event) => {
      if (!(event instanceof KeyboardEvent) || scrollsPage(event)) readerAt = event.timeStamp;
    };
    const onScroll = (event: Event) => {
      const y = window.scrollY;
      if (event.timeStamp - readerAt > READER_SCROLL_MS) {
        if (y <= ALWAYS_SHOWN_ABOVE_PX) setHidden(false);
        last = y;
        return;
      }
      readerAt = event.timeStamp;
      if (Math.abs(y - last) < JITTER_PX) return;
      setHidden(y > last && y > ALWAYS_SHOWN_ABOVE_PX);
      last = y;
    };
    const inputs = ["wheel", "touchmove", "keydown"] as const;
    for (const type of inputs) window.addEventListener(type, onInput, { passive: true });
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      for (const type of inputs) window.removeEventListener(type, onInput);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  return hidden;
}
