/**
 * @tanstack/virtual-core's window virtualiser bound to React, its code fetched only once the
 * virtualiser is enabled (issue 21). The game page's rows are the server's until the page has
 * hydrated, so the virtualiser (about 10 KB gzipped, more than half of the page's own code) is
 * not needed to paint or hydrate them: fetched before the paint, a phone would wait for it.
 * @tanstack/react-virtual's useWindowVirtualizer cannot wait for its code (a hook must exist at the
 * first render), so this is the same binding over the core, which it re-exports: a Virtualizer
 * whose changes render the component again (at once for a scroll, flushSync, unless a measure
 * caused it), mounted and updated in layout effects.
 */

import type { Virtualizer, VirtualizerOptions } from "@tanstack/virtual-core";
import { useLayoutEffect, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";

type VirtualCore = typeof import("@tanstack/virtual-core");

/** The options of a window virtualiser, less those this binding sets (the window's observers and scrolling, onChange). */
export type LazyWindowVirtualizerOptions<TItem extends Element> = Omit<
  VirtualizerOptions<Window, TItem>,
  "getScrollElement" | "observeElementRect" | "observeElementOffset" | "scrollToFn" | "onChange" | "enabled"
> & { enabled: boolean };

/**
 * Input: the virtualiser's options; its code loads once `enabled` is true. Output: the
 * Virtualizer of the window's scroll, or null until its code has arrived (then the component
 * renders again with it). Errors: none (a failed download leaves it null: the rows stay as they
 * are, not virtualised).
 */
export function useLazyWindowVirtualizer<TItem extends Element>(options: LazyWindowVirtualizerOptions<TItem>): Virtualizer<Window, TItem> | null {
  const rerender = useReducer((count: number) => count + 1, 0)[1];
  const [core, setCore] = useState<VirtualCore | null>(null);
  const instance = useRef<Virtualizer<Window, TItem> | null>(null);
  // A change the virtualiser reports while it measures a row renders in the normal way (React forbids flushSync there).
  const measuring = useRef(false);

  useLayoutEffect(() => {
    if (!options.enabled || core) return;
    let current = true;
    import("@tanstack/virtual-core").then(
      (loaded) => current && setCore(loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [options.enabled, core]);

  if (core) {
    const resolved: VirtualizerOptions<Window, TItem> = {
      getScrollElement: () => window,
      observeElementRect: core.observeWindowRect,
      observeElementOffset: core.observeWindowOffset,
      scrollToFn: core.windowScroll,
      initialOffset: () => window.scrollY,
      ...options,
      onChange: (_virtualizer, sync) => {
        if (sync && !measuring.current) flushSync(rerender);
        else rerender();
      },
    };
    if (!instance.current) {
      const virtualizer = new core.Virtualizer<Window, TItem>(resolved);
      const measureElement = virtualizer.measureElement;
      virtualizer.measureElement = (node) => {
        measuring.current = true;
        try {
          measureElement(node);
        } finally {
          measuring.current = false;
        }
      };
      instance.current = virtualizer;
    }
    instance.current.setOptions(resolved);
  }

  useLayoutEffect(() => instance.current?._didMount(), [core]);
  useLayoutEffect(() => instance.current?._willUpdate());
  return instance.current;
}
