/**
 * A menu or popover whose code loads on first use (issue 21: not on the page's first load), for
 * 'Esporta' and the notifications bell: a light button, then the part itself once pressed.
 */

import { type ReactNode, Suspense, useState } from "react";

/** What the light button takes: prefetch the part's code on hover or focus, open it on a press. */
export interface FirstUseHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * Input: `load` (imports the part's module; the one `lazy` uses), `light` (renders the button
 * with the handlers) and `children` (the lazy part, which renders its own trigger and opens at
 * once). Output: the light button until the first press, then `children`, with the light button
 * in its place while the code arrives.
 */
export function OnFirstUse({ load, light, children }: { load: () => Promise<unknown>; light: (handlers: FirstUseHandlers) => ReactNode; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const button = light({ onPointerEnter: () => void load(), onFocus: () => void load(), onClick: () => setUsed(true) });
  if (!used) return button;
  return <Suspense fallback={button}>{children}</Suspense>;
}
