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
 * Input: nothing (reads the window's scroll). Output: true after the page scrolled down by more
 * than JITTER_PX (below the first ALWAYS_SHOWN_ABOVE_PX), false again after it scrolled up or near
 * the top. The state changes only when the direction does, so the owner renders twice per change.
 * False on the server and before the first scroll.
 */
export function useHiddenOnScrollDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < JITTER_PX) return;
      setHidden(y > last && y > ALWAYS_SHOWN_ABOVE_PX);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}
