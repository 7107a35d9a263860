/**
 * Keeps the end of the chat in view while messages arrive and the narration streams in
 * (spec §2 Game chat), without pulling back a player who scrolled up to read.
 */

import { type RefObject, useEffect, useRef, useState } from "react";
import { useHydrated } from "@/lib/use-hydrated";

/** How close to the end (px) the player must be for the view to follow new text. */
const FOLLOW_THRESHOLD_PX = 120;

/**
 * Input:
 * - `contentRef`: the element that grows (the message list);
 * - `endRef`: the element to keep in view (placed after the message box);
 * - `content`: any value that changes when the content grows (e.g. messages count + streamed text);
 * - `turnActive`: true while a turn is in flight; its start always scrolls to the end.
 * Scrolls smoothly, or instantly when the player prefers reduced motion; the first scroll
 * (opening a saved game) and the scrolls that follow the streamed words are always instant,
 * so that they do not fight each other. A story the server rendered has no first scroll here:
 * VirtualStory opens it at the end, or leaves it where the reader took it before the app ran.
 */
export function useAutoScroll(contentRef: RefObject<HTMLElement | null>, endRef: RefObject<HTMLElement | null>, content: unknown, turnActive: boolean) {
  const lastHeight = useRef<number | null>(null);
  const wasActive = useRef(false);
  // A story the server rendered (the list is there from the first run while hydrating) is opened
  // at the end by VirtualStory, or left where the reader took it.
  const [hydrating] = useState(!useHydrated());
  const listLate = useRef(false);
  // The measure-and-scroll waiting for the next frame, and whether a turn started since it was asked.
  const frame = useRef<number | null>(null);
  const startPending = useRef(false);

  useEffect(() => {
    if (!contentRef.current || !endRef.current) {
      listLate.current = true;
      return;
    }
    const turnStarted = turnActive && !wasActive.current;
    wasActive.current = turnActive;
    startPending.current ||= turnStarted;
    // Measuring here would force a layout on every streamed word (issue 39 §1, the typing
    // stutter): the list is measured once per frame instead, when the browser lays it out anyway,
    // however many words arrived. Next frame also lets the layout's scroll-to-top on a route
    // change (after this child effect) run first.
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const list = contentRef.current;
      const end = endRef.current;
      const started = startPending.current;
      startPending.current = false;
      if (!list || !end) return;
      const height = list.offsetHeight;
      const first = lastHeight.current === null;
      const growth = first ? 0 : height - lastHeight.current!;
      lastHeight.current = height;
      // Where the end was before this growth, relative to the bottom of the viewport.
      const distanceBefore = end.getBoundingClientRect().bottom - growth - window.innerHeight;
      if (first && hydrating && !listLate.current) return;
      if (!first && !started && distanceBefore > FOLLOW_THRESHOLD_PX) return;
      const smooth = started && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      end.scrollIntoView({ block: "end", behavior: smooth ? "smooth" : "auto" });
    });
  }, [contentRef, endRef, content, turnActive, hydrating]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    },
    [],
  );
}
