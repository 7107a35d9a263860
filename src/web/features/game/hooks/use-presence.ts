/**
 * Duplicate-session guard of the game page (spec §4 Duplicate session, §8 'Sessione già attiva').
 */

import { ERRORS } from "@shared/errors";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";

const TAB_ID_KEY = "storie.tab-id";

/** This tab's id, kept in sessionStorage so a reload of the same tab is not a second session. */
function tabId(): string {
  let id = sessionStorage.getItem(TAB_ID_KEY);
  if (!id) {
    // getRandomValues (unlike randomUUID) also works outside secure contexts, e.g. plain http on a LAN.
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem(TAB_ID_KEY, id);
  }
  return id;
}

/**
 * Holds this tab's presence on the story `gameId` (GET /api/presence?tab=<id>&game=<id>, an
 * EventSource) while the calling component is mounted, and closes it on unmount; in a group
 * story it makes the player present to the others (issue 24). When the server answers `duplicate`
 * ({title, message}: another tab of the same user is playing), shows the destructive toast
 * 'Sessione già attiva' and navigates to /generi.
 */
export function usePresence(gameId: string): void {
  const navigate = useNavigate();

  useEffect(() => {
    let source: EventSource | undefined;
    // Opened in a task of its own: the first read of sessionStorage and a new connection cost a
    // slow phone some 25 ms, which would lengthen the one task that runs every effect of the
    // page as it hydrates (issue 39: total blocking time).
    const opening = setTimeout(() => {
      const opened = new EventSource(`/api/presence?${new URLSearchParams({ tab: tabId(), game: gameId })}`);
      source = opened;
      opened.addEventListener("duplicate", (event) => {
        opened.close();
        let text: { title: string; message: string } = ERRORS.DUPLICATE_SESSION;
        try {
          text = JSON.parse((event as MessageEvent<string>).data) as typeof text;
        } catch {
          // keep the built-in texts
        }
        toast.error(text.title, { id: "duplicate-session", description: text.message });
        navigate("/generi", { replace: true });
      });
    });
    return () => {
      clearTimeout(opening);
      source?.close();
    };
  }, [navigate, gameId]);
}
