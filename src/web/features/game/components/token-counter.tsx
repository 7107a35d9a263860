/**
 * Token counter of the game chat (spec §1 and §2: tooltip 'Token rimanenti per oggi'; §6: the
 * admin plan shows unlimited). The page's first load carries only the pill; the tooltip's code
 * (Radix and its positioning) loads the first time the player points at, focuses or taps it
 * (issue 21), and the tooltip then opens at once.
 */

import { lazy, Suspense, useState } from "react";
import { TokenPill } from "./token-pill";
import type { TokensView } from "@/lib/api-contract";

const TokenTooltip = lazy(() => import("./token-tooltip"));

/** Input: the player's quota. Output: the pill, then the pill with its tooltip once reached for. */
export function TokenCounter({ tokens }: { tokens: TokensView }) {
  const [reached, setReached] = useState<"pointer" | "focus" | null>(null);
  const light = (
    <TokenPill
      tokens={tokens}
      onPointerEnter={() => setReached((current) => current ?? "pointer")}
      onFocus={() => setReached("focus")}
      onClick={() => setReached((current) => current ?? "pointer")}
    />
  );
  if (!reached) return light;
  return (
    <Suspense fallback={light}>
      <TokenTooltip tokens={tokens} focus={reached === "focus"} />
    </Suspense>
  );
}
