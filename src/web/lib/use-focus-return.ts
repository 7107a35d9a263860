import { type RefObject, useEffect, useRef } from "react";

/**
 * Keyboard focus after an inline form closes (issue 11 §1 'Memoria'): when `open` turns from true
 * to false, the element of `target` (the button that opened the form) gets the focus back, so it
 * is not lost with the form's unmounted fields. Input: the form's state, the button's ref and
 * whether the button can take the focus yet (`ready`: false while it is disabled, e.g. until the
 * save that closed the form is over; the focus then moves as soon as it is true).
 */
export function useFocusReturn(open: boolean, target: RefObject<HTMLElement | null>, ready = true): void {
  const wasOpen = useRef(open);
  const owed = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) owed.current = true;
    if (open) owed.current = false;
    wasOpen.current = open;
    if (owed.current && ready) {
      owed.current = false;
      target.current?.focus();
    }
  }, [open, ready, target]);
}

/**
 * Keyboard focus for a dialog or sheet with no trigger of its own (the page's button opens it,
 * issue 11 'Memoria' and 'Mappa delle scelte'): the element focused when it opened gets the focus
 * back when it closes. Output: the two handlers to pass to the Radix content.
 */
export function useOpenerFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event) => {
      if (!(opener.current instanceof HTMLElement)) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
