/**
 * The group feature's public surface (issue 37: another feature imports group play only through
 * this file): the hooks a game page runs for a group story, and the loaders of the parts it shows
 * only when needed ('Gioca insieme', the players and turn panels), each still its own chunk.
 */

export { sendBlockedReason, SOLO_AGAIN_TEXT, useGroupEvents, useTypingSignal } from "./game-hooks";

/** 'Gioca insieme' (issue 24): the invite dialog's module, loaded the first time the host opens it. */
export const loadInviteDialog = () => import("./components/invite-dialog");

/** A group story's players and turn or vote (issue 24): the panels' module, loaded only for a story with a group. */
export const loadGroupPanel = () => import("./components/group-panel");
