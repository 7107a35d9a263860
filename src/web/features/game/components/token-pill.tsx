import { Coins } from "lucide-react";
import type { ComponentProps } from "react";
import type { TokensView } from "@/lib/api-contract";
import { cn } from "@/lib/utils";

/**
 * The token counter's pill (spec §1, §2; §6: '∞' for unlimited plans): a focusable button named
 * 'Token rimanenti per oggi: {n}', tinted red when nothing is left. Other props (handlers, the
 * tooltip's ref) go to the button.
 */
export function TokenPill({ tokens, className, ...props }: { tokens: TokensView } & ComponentProps<"button">) {
  const label = tokens.remaining === null ? "∞" : String(tokens.remaining);
  return (
    <button
      type="button"
      aria-label={`Token rimanenti per oggi: ${label}`}
      className={cn(
        "inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
        tokens.remaining === 0 ? "border-red-400/60 bg-red-950/60 text-red-100" : "bg-secondary text-secondary-foreground",
        className,
      )}
      {...props}
    >
      <Coins aria-hidden className="size-4 text-amber-300" />
      {label}
    </button>
  );
}
