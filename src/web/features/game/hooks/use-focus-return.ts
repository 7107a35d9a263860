import { type RefObject, useEffect, useRef } from "react";

/**
 * Keyboard focus after an inline form closes (issue 11 §1 'Memoria'): when `open` turns from true
 * to false, the element of `target` (the button that opened the form) gets the focus back, so it
 * is not lost with the form's unmounted fields. Input: the form's state and the button's ref.
 */
export function useFocusReturn(open: boolean, target: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) target.current?.focus();
    wasOpen.current = open;
  }, [open, target]);
}
