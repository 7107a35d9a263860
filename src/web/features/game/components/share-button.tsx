/**
 * 'Condividi' in the game page's header (issue 13, "A public reading page"): opens the share
 * dialog, whose code loads the first time the player opens it.
 */

import { Share2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const ShareDialog = lazy(() => import("./share-dialog"));

/** Input: the game id; disabled until the game is loaded. */
export function ShareButton({ gameId, disabled }: { gameId: string; disabled: boolean }) {
  // null until first opened, so the dialog's code loads only then.
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-9 gap-1.5 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open === true}
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden />
        Condividi
      </Button>
      {open !== null && (
        <Suspense fallback={null}>
          <ShareDialog gameId={gameId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
