/**
 * Starting a template (spec §4 Starting from a template; §8 Game 'Accesso richiesto' /
 * 'Impossibile creare la partita. {message}'), shared by the template page's 'Gioca Ora' and the
 * 'Gioca' of the player's saved templates on /profilo (issue 13).
 */

import { ERRORS } from "@shared/errors";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { useLoginRedirect } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { playTemplate } from "./api";
import { gamePagePath } from "@/lib/game-path";

/**
 * Output: gate(description) — sends a visitor to /login (and back to this page afterwards) with
 * the toast 'Accesso richiesto' / description and answers true; answers false for a signed-in player.
 */
export function useLoginGate() {
  const { me } = useMe();
  const sendToLogin = useLoginRedirect();
  return (description: string) => {
    if (me) return false;
    sendToLogin({ title: "Accesso richiesto", message: description });
    return true;
  };
}

/**
 * Output: {start(templateId, opening?), pendingId}. start() sends a visitor to /login ('Devi
 * effettuare il login per iniziare una nuova partita'); for a player it calls POST
 * /api/templates/:id/play with the chosen opening (issue 40 §1; 0, the default, is the first
 * message) (plays + 1, the player's copy) and opens /gioco/{genre lower-cased}/{new game id}; a failure
 * shows 'Impossibile creare la partita. {message}'. pendingId is the template being started (null
 * when none), so one button can show its spinner; a start while another runs is ignored.
 */
export function usePlayTemplate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const gate = useLoginGate();
  const play = useMutation({
    mutationFn: ({ templateId, opening }: { templateId: string; opening: number }) => playTemplate(templateId, opening),
    onSuccess: (game) => {
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
      // The new game appears in the profile's games list (features/profile/api.ts).
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      navigate(gamePagePath(game.genre, game.id));
    },
    onError: (error) => toast.error("Errore", { description: `Impossibile creare la partita. ${error.message}` }),
  });
  return {
    start: (templateId: string, opening = 0) => {
      if (gate(ERRORS.START_LOGIN_REQUIRED.message) || play.isPending) return;
      play.mutate({ templateId, opening });
    },
    pendingId: play.isPending ? play.variables.templateId : null,
  };
}
