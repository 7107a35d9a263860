/**
 * The top of a long story (issue 11 §5): the game opens at its latest page, and the turns
 * before it load when the player scrolls up to this point, or presses 'Mostra i turni
 * precedenti'. VirtualStory keeps what the player is reading in place while the older turns
 * appear above it.
 */

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronsUp } from "lucide-react";
import { useEffect, useRef } from "react";
import type { GameView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { gameKey, olderMessages } from "../api";

/** Input: the game and its olderCursor (non-null: there are turns before the loaded ones). Output: the button, as an <li>. */
export function OlderMessages({ gameId, cursor }: { gameId: string; cursor: string }) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLLIElement>(null);
  const load = useMutation({
    mutationFn: (before: string) => olderMessages(gameId, before),
    onSuccess: (page, before) =>
      queryClient.setQueryData<GameView>(gameKey(gameId), (game) =>
        // Only onto the story it was asked for: a turn or a branch change meanwhile replaced it.
        game && game.olderCursor === before ? { ...game, olderCursor: page.olderCursor, messages: [...page.messages, ...game.messages] } : game,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      toast.error("Errore", { description: "Non è stato possibile caricare i turni precedenti. Riprova." });
    },
  });
  const { mutate, isPending } = load;

  // Loads by itself once the player has scrolled the page (not at the automatic scroll to the end).
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let interacted = false;
    const onInteract = () => (interacted = true);
    const events = ["wheel", "touchmove", "keydown"] as const;
    for (const name of events) window.addEventListener(name, onInteract, { passive: true });
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && interacted && !isPending) mutate(cursor);
    }, { rootMargin: "400px 0px 0px 0px" });
    observer.observe(element);
    return () => {
      observer.disconnect();
      for (const name of events) window.removeEventListener(name, onInteract);
    };
  }, [cursor, isPending, mutate]);

  return (
    <li ref={ref} className="flex justify-center">
      <Button type="button" variant="outline" size="sm" className="h-9" disabled={isPending} onClick={() => mutate(cursor)}>
        <ChevronsUp aria-hidden />
        {isPending ? "Caricamento dei turni precedenti…" : "Mostra i turni precedenti"}
      </Button>
    </li>
  );
}
