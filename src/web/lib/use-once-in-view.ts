/**
 * Input: `onSeen`, called once, the first time the element comes within `rootMargin` of the
 * viewport (IntersectionObserver's margin: "0px" when it shows, "100% 0px" a screen ahead), and
 * the margin. Output: the ref callback to put on the element (it stops watching once seen, or
 * when the element goes). For what a page loads only when the player gets to it (issue 21).
 */

import { type RefCallback, type RefObject, useCallback, useRef, useState } from "react";

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

/**
 * useOnceInView as state, for a card that asks for its data once the player gets to it. Input: the
 * margin. Output: `ref` for the element, `element` (the element itself, e.g. to scroll to it) and
 * `seen`, false until it first came within the margin.
 */
export function useSeenOnce<T extends Element>(rootMargin: string): { ref: RefCallback<T>; element: RefObject<T | null>; seen: boolean } {
  const [seen, setSeen] = useState(false);
  const element = useRef<T | null>(null);
  const watch = useOnceInView(() => setSeen(true), rootMargin);
  const ref = useCallback(
    (node: T | null) => {
      element.current = node;
      return watch(node);
    },
    [watch],
  );
  return { ref, element, seen };
}
