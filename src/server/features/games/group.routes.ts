/**
 * 'Gioca insieme' endpoints (issue 24, ADR 0019: the contract with the web). Session required
 * except the invitation's preview. 404 'Partita non trovata o non autorizzata.' for a story the
 * caller is not in (host-only routes: that the caller does not host); 400 for invalid input.
 *
 * POST   /api/games/:id/invitations (host)        → 201 InvitationCreatedView (the only time the link is shown);
 *                                                    409 TOO_MANY_INVITATIONS
 * GET    /api/games/:id/invitations (host)        → 200 InvitationListView
 * DELETE /api/games/:id/invitations/:invitationId → 204; 404 INVITATION_NOT_FOUND
 * GET    /api/invitations/:token (anyone)         → 200 InvitationPreviewView; 404 'Invito non valido o scaduto.'
 * POST   /api/invitations/:token/join {characterName, characterLine} (any user, guests too)
 *                                                  → 200 JoinedView; 404 INVITATION_NOT_FOUND; 409 GROUP_FULL;
 *                                                  403 PLAYER_REMOVED (removed after this invitation was made)
 * GET    /api/games/:id/group (member)            → 200 GroupView (closes a vote whose deadline passed)
 * PUT    /api/games/:id/group {mode, voteSeconds} (host) → 200 GroupView; 409 NO_GROUP, NARRATION_RUNNING
 * POST   /api/games/:id/group/skip (host)         → 200 GroupView; 409 NOT_TURNS
 * PUT    /api/games/:id/players/me {characterName, characterLine} (member) → 200 GroupView
 * DELETE /api/games/:id/players/:userId (host, or the player themself) → 204; 403 NOT_HOST; 404 PLAYER_NOT_FOUND
 *                                                  (a removal is remembered: issue 36 finding 8)
 * POST   /api/games/:id/votes {choice} | {action} (member) → 200 GroupView; 409 NOT_VOTING, VOTE_NOT_READY, ALREADY_VOTED
 * POST   /api/games/:id/notes {text} (member)     → 201 GroupNoteView
 * POST   /api/games/:id/typing (member)           → 204 (group.typing at most once a second)
 * Every change publishes `group.changed` to each member's user:<id> topic (on every instance).
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { characterSchema, groupSettingsSchema, joinSchema, noteSchema, voteSchema } from "../../../shared/schemas/group";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { publishGroupChanges } from "../../platform/realtime/live-events";
import { validationHook } from "../../platform/validation";
import { addNote, buildGroupView, findGroupGame, groupChanged, markTyping, pushToGroup, removePlayer, setGroupSettings, skipTurn, updateCharacter } from "./group.service";
import { createInvitation, joinGroup, listInvitations, previewInvitation, revokeInvitation } from "./invitations.service";
import { castVote, closeVoteIfDue } from "./votes.service";

/** The caller's GroupView of the route's story (after the change a handler made). Throws 404 GAME_NOT_FOUND. */
async function groupViewOf(c: Context<AppEnv>) {
  const { db } = c.var.deps;
  const user = currentUser(c);
  return c.json(await buildGroupView(db, await findGroupGame(db, user.id, c.req.param("id")!, "member"), user.id));
}

/** Tells the route's story's group that it changed. */
const changed = (c: Context<AppEnv>) => groupChanged(c.var.deps.db, c.var.deps.bus, c.req.param("id")!);

export const groupRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:id/invitations", async (c) => c.json(await createInvitation(c.var.deps.db, currentUser(c).id, c.req.param("id")), 201))
  .get("/:id/invitations", async (c) => c.json(await listInvitations(c.var.deps.db, currentUser(c).id, c.req.param("id"))))
  .delete("/:id/invitations/:invitationId", async (c) => {
    await revokeInvitation(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.param("invitationId"));
    return c.body(null, 204);
  })
  .get("/:id/group", async (c) => {
    // The lazy half of the vote's deadline (the other is the timer of the instance that opened it).
    const game = await findGroupGame(c.var.deps.db, currentUser(c).id, c.req.param("id"), "member");
    await closeVoteIfDue(c.var.deps, game.id);
    return groupViewOf(c);
  })
  .put("/:id/group", zValidator("json", groupSettingsSchema, validationHook), async (c) => {
    await setGroupSettings(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.valid("json"));
    await changed(c);
    return groupViewOf(c);
  })
  .post("/:id/group/skip", async (c) => {
    await skipTurn(c.var.deps, currentUser(c).id, c.req.param("id"));
    await changed(c);
    return groupViewOf(c);
  })
  .put("/:id/players/me", zValidator("json", characterSchema, validationHook), async (c) => {
    await updateCharacter(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.valid("json"));
    await changed(c);
    return groupViewOf(c);
  })
  .delete("/:id/players/:userId", async (c) => {
    const change = await removePlayer(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.param("userId"));
    // Everyone seated before is told, the one who went too: their page loses the story.
    await publishGroupChanges(c.var.deps.bus, [change]);
    return c.body(null, 204);
  })
  .post("/:id/votes", zValidator("json", voteSchema, validationHook), async (c) => {
    await castVote(c.var.deps, currentUser(c).id, c.req.param("id"), c.req.valid("json"));
    return groupViewOf(c);
  })
  .post("/:id/notes", zValidator("json", noteSchema, validationHook), async (c) => {
    const note = await addNote(c.var.deps.db, currentUser(c).id, c.req.param("id"), c.req.valid("json").text);
    await changed(c);
    return c.json(note, 201);
  })
  .post("/:id/typing", async (c) => {
    await markTyping(c.var.deps.db, c.var.deps.bus, currentUser(c).id, c.req.param("id"));
    return c.body(null, 204);
  });

export const invitationRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await previewInvitation(c.var.deps.db, c.req.param("token")));
  })
  .post("/:token/join", requireUser, zValidator("json", joinSchema, validationHook), async (c) => {
    const { joined, ...view } = await joinGroup(c.var.deps.db, currentUser(c).id, c.req.param("token"), c.req.valid("json"));
    if (joined) {
      await groupChanged(c.var.deps.db, c.var.deps.bus, view.gameId);
      await pushToGroup(c.var.deps, view.gameId, currentUser(c).id, "friend");
    }
    return c.json(view);
  });
