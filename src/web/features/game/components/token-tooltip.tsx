/**
 * The token counter with its explanation (spec §1 and §2: tooltip 'Token rimanenti per oggi'),
 * Radix's tooltip: loaded the first time the player points at, focuses or taps the counter
 * (token-counter.tsx, issue 21).
 */

import { useEffect, useRef, useState } from "react";
import type { TokensView } from "@/lib/api-contract";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { TokenPill } from "./token-pill";

/**
 * Input: the player's quota; `focus`: the light counter it replaces had the focus (it takes it).
 * Output: the pill with its tooltip, open at first (it appears because the player reached for it).
 * The tooltip opens on hover and focus, and on a tap or click too (issue 21: a phone has no
 * hover); a tap elsewhere, leaving it or Escape closes it.
 */
export default function TokenTooltip({ tokens, focus }: { tokens: TokensView; focus: boolean }) {
  const [open, setOpen] = useState(true);
  const pill = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) pill.current?.focus();
  }, [focus]);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger
        asChild
        // Radix closes a tooltip on its trigger's press: a press opens it here instead.
        onPointerDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <TokenPill ref={pill} tokens={tokens} />
      </TooltipTrigger>
      <TooltipContent>Token rimanenti per oggi</TooltipContent>
    </Tooltip>
  );
}
