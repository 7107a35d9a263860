/**
 * The player's control over the story that needs no narration (issue 11 §2; ADR 0008): switching
 * between versions of a narration (‹ 2/3 ›), 'Riprendi da qui', 'Annulla' (with 'Ripristina' in
 * its toast) and 'Modifica' saved in place. Streamed actions ('Rigenera', 'Salva e rinarra') are
 * turns and live in useGameChat.
 */

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { GameView, MessageView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { editMessage, gameKey, moveTip, undoTurn } from "../api";
import { showError } from "../show-error";


/**
 * Input: the game id. Output:
 * - `switchTo(messageId)`: shows another version of a narration with what followed it;
 * - `resumeFrom(messageId)`: 'Riprendi da qui', the story continues from that narration;
 * - `undo()`: 'Annulla', takes back the latest player's turn; the toast offers 'Ripristina';
 * - `save(messageId, content)`: 'Modifica' saved in place; resolves true when saved;
 * - `busy`: one of them is running (the page disables the other actions).
 * Each success puts the server's answer in the game query, so the page shows it at once.
 */
export function useStoryControl(gameId: string) {
  const queryClient = useQueryClient();
  const key = gameKey(gameId);
  const setGame = (game: GameView) => queryClient.setQueryData<GameView>(key, game);

  const tip = useMutation({
    mutationFn: ({ messageId, mode }: { messageId: string; mode: "here" | "latest" }) => moveTip(gameId, messageId, mode),
    onSuccess: setGame,
    onError: showError,
  });
  const undo = useMutation({
    mutationFn: () => undoTurn(gameId),
    onSuccess: (game, _vars, context: { previousTip: string | undefined } | undefined) => {
      setGame(game);
      const previousTip = context?.previousTip;
      toast.success("Turno annullato", {
        description: "Il turno resta salvato: puoi ripristinarlo.",
        ...(previousTip ? { action: { label: "Ripristina", onClick: () => tip.mutate({ messageId: previousTip, mode: "here" }) } } : {}),
      });
    },
    onMutate: () => ({ previousTip: queryClient.getQueryData<GameView>(key)?.messages.at(-1)?.id }),
    onError: showError,
  });
  const edit = useMutation({
    mutationFn: ({ messageId, content }: { messageId: string; content: string }) => editMessage(gameId, messageId, content),
    onSuccess: (message: MessageView) =>
      queryClient.setQueryData<GameView>(key, (game) => game && { ...game, messages: game.messages.map((m) => (m.id === message.id ? { ...m, ...message } : m)) }),
    onError: showError,
  });

  // Stable functions (TanStack's mutate is stable): the memoised chat rows receive them.
  const moveTo = tip.mutate;
  const undoMutate = undo.mutate;
  const editAsync = edit.mutateAsync;
  const switchTo = useCallback((messageId: string) => moveTo({ messageId, mode: "latest" }), [moveTo]);
  const resumeFrom = useCallback(
    (messageId: string) =>
      moveTo({ messageId, mode: "here" }, { onSuccess: () => toast.success("La storia riprende da qui", { description: "Il prossimo turno apre un nuovo ramo." }) }),
    [moveTo],
  );
  const undoTurnCallback = useCallback(() => undoMutate(), [undoMutate]);
  const save = useCallback(
    async (messageId: string, content: string) => {
      try {
        await editAsync({ messageId, content });
        return true;
      } catch {
        return false;
      }
    },
    [editAsync],
  );
  return { switchTo, resumeFrom, undo: undoTurnCallback, save, busy: tip.isPending || undo.isPending || edit.isPending };
}
