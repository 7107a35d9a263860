/**
 * Input: `onSeen`, called once, the first time the element comes within `rootMargin` of the
 * viewport (IntersectionObserver's margin: "0px" when it shows, "100% 0px" a screen ahead), and
 * the margin. Output: the ref callback to put on the element (it stops watching once seen, or
 * when the element goes). For what a page loads only when the player gets to it (issue 21).
 */

import { type RefCallback, useCallback, useRef } from "react";

export function useOnceInView(onSeen: () => void, rootMargin: string): RefCallback<Element> {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  return useCallback(
    (element: Element | null) => {
      if (!element) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          latest.current();
        },
        { rootMargin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [rootMargin],
  );
}
