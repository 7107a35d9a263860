/**
 * 'Gioca insieme' for the web (issue 24, ADR 0019 "API"): the group of a story, its invitations,
 * the invitation page's preview and join, and the members' actions (mode, skip, remove or leave,
 * vote, side note, character, typing). The group lives in the game query (GameView.group), so the game page
 * reads whose turn it is without loading this module; every answer that carries a GroupView is
 * put there.
 */

import type { CharacterInput, GroupSettingsInput, NoteInput, VoteInput } from "@shared/schemas/group";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type {
  CharacterResultView,
  GroupSettingsResultView,
  GroupView,
  InvitationCreatedView,
  InvitationListView,
  InvitationPreviewView,
  JoinedView,
  SkippedTurnView,
  VotedView,
} from "@/lib/api-contract";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { whenPageShown } from "@/lib/page-loading";
import { gameApiPath, gameKey, leaveStoryKey, showError } from "@/features/game";
import { fetchGroup, storeGroup } from "./game-hooks";

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** Query key of a story's invitations (host). */
export const invitationsKey = (gameId: string) => ["game", gameId, "invitations"] as const;

/** GET /api/games/:id/invitations → the story's invitations, newest first; read fresh each time the dialog opens. */
export const invitationsQuery = (gameId: string) =>
  queryOptions({
    queryKey: invitationsKey(gameId),
    queryFn: ({ signal }) => api<InvitationListView>(`${gameApiPath(gameId)}/invitations`, { signal }),
    staleTime: 0,
  });

/** GET /api/invitations/:token → the invitation page's preview; 404 'Invito non valido o scaduto.' is not retried. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) => api<InvitationPreviewView>(invitationPath(token), { signal }),
    retry: false,
  });

/** POST /api/invitations/:token/join {characterName, characterLine} → the story to open. */
export function joinStory(token: string, character: CharacterInput): Promise<JoinedView> {
  return api<JoinedView>(`${invitationPath(token)}/join`, { body: character });
}

/**
 * The members' actions on the group, each putting the new GroupView into the game query; a
 * refusal (409 'Hai già votato in questo turno.', 403, …) is shown in a toast.
 * - `settings` (host): PUT /group {mode, voteSeconds};
 * - `skip` (host): POST /group/skip, the turn passes to the next player;
 * - `vote`: POST /votes {choice} | {action};
 * - `note`: POST /notes {text}, a side note ('fuori scena'); the group is then reloaded;
 * - `character`: PUT /players/me {characterName, characterLine}, the caller's character;
 * - `remove` (host): DELETE /players/:userId, the player loses the story at once;
 * - `leave`: DELETE /players/me's id, 'Esci dalla storia': the player goes to /profilo, where the
 *   story's read-only copy waits.
 */
export function useGroupActions(gameId: string) {
  const queryClient = useQueryClient();
  const setGroup = (group: GroupView) => storeGroup(queryClient, gameId, group);
  const reload = async () => setGroup(await fetchGroup(gameId));
  const settings = useMutation({
    mutationFn: (input: GroupSettingsInput) => api<GroupSettingsResultView>(`${gameApiPath(gameId)}/group`, { method: "PUT", body: input }),
    onSuccess: setGroup,
    onError: showError,
  });
  const skip = useMutation({
    mutationFn: () => api<SkippedTurnView>(`${gameApiPath(gameId)}/group/skip`, { method: "POST" }),
    onSuccess: setGroup,
    onError: showError,
  });
  const vote = useMutation({
    mutationFn: (input: VoteInput) => api<VotedView>(`${gameApiPath(gameId)}/votes`, { body: input }),
    onSuccess: setGroup,
    onError: showError,
  });
  const note = useMutation({
    mutationFn: (input: NoteInput) => api<void>(`${gameApiPath(gameId)}/notes`, { body: input }),
    onSuccess: reload,
    onError: showError,
  });
  const character = useMutation({
    mutationFn: (input: CharacterInput) => api<CharacterResultView>(`${gameApiPath(gameId)}/players/me`, { method: "PUT", body: input }),
    onSuccess: (group) => {
      setGroup(group);
      toast.success("Personaggio aggiornato");
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => api<void>(`${gameApiPath(gameId)}/players/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKey(gameId) }),
    onError: showError,
  });
  const navigate = useNavigate();
  const leave = useMutation({
    mutationKey: leaveStoryKey(gameId),
    mutationFn: (meId: string) => api<void>(`${gameApiPath(gameId)}/players/${encodeURIComponent(meId)}`, { method: "DELETE" }),
    onSuccess: async () => {
      // Away first (the profile's code may still be loading): the story is no longer readable,
      // and the page must not ask for it again while it is still there.
      navigate("/profilo");
      await whenPageShown("/profilo");
      queryClient.removeQueries({ queryKey: gameKey(gameId) });
      toast.success("Sei uscito dalla storia", { description: "Ne trovi una copia di sola lettura nel profilo." });
    },
    onError: showError,
  });
  return { settings, skip, vote, note, character, remove, leave };
}

/**
 * The host's invitations: `create` (POST → the link, shown only now) and `revoke` (DELETE), each
 * reloading the list; refusals in a toast.
 */
export function useInvitationActions(gameId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey(gameId) });
  const create = useMutation({
    mutationFn: () => api<InvitationCreatedView>(`${gameApiPath(gameId)}/invitations`, { method: "POST" }),
    onSuccess: refresh,
    onError: showError,
  });
  const revoke = useMutation({
    mutationFn: (invitationId: string) => api<void>(`${gameApiPath(gameId)}/invitations/${encodeURIComponent(invitationId)}`, { method: "DELETE" }),
    onSuccess: refresh,
    onError: showError,
  });
  return { create, revoke };
}
