/**
 * Token counter of the game chat (spec §1 and §2: tooltip 'Token rimanenti per oggi'; §6: the
 * admin plan shows unlimited).
 */

import type { TokensView } from "@shared/api-types";
import { Coins } from "lucide-react";
import { useState } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/**
 * Input: the player's quota. Output: a focusable pill with the messages left today ('∞' when
 * `remaining` is null), with the tooltip; tinted red when nothing is left. The tooltip opens on
 * hover and focus, and on a tap or click too (issue 21: a phone has no hover); a tap elsewhere,
 * leaving it or Escape closes it.
 */
export function TokenCounter({ tokens }: { tokens: TokensView }) {
  const [open, setOpen] = useState(false);
  const label = tokens.remaining === null ? "∞" : String(tokens.remaining);
  const empty = tokens.remaining === 0;
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
        <button
          type="button"
          aria-label={`Token rimanenti per oggi: ${label}`}
          className={cn(
            "inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
            empty ? "border-red-400/60 bg-red-950/60 text-red-100" : "bg-secondary text-secondary-foreground",
          )}
        >
          <Coins aria-hidden className="size-4 text-amber-300" />
          {label}
        </button>
      </TooltipTrigger>
      <TooltipContent>Token rimanenti per oggi</TooltipContent>
    </Tooltip>
  );
}
