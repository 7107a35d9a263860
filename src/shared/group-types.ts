/**
 * 'Gioca insieme' (issue 24, ADR 0019): the views of a group story as the server builds them; the
 * web reads them from the routes (src/web/lib/api-contract.ts, ADR 0022) and takes from here only
 * VoteChoice, an enum of both the vote's body and its answer. The API contract is in
 * docs/decisions/0019-group-play.md.
 */

/** How the story moves: one player ('solo'), players in seat order ('turns'), or by vote ('vote'). */
export type PlayMode = "solo" | "turns" | "vote";

/** A vote's option: one of the narrator's choices. */
export type VoteChoice = "A" | "B" | "C";

/** A player of a group story as every member sees them. */
export interface GroupPlayerView {
  userId: string;
  nickname: string;
  /** The player's colour, a CSS hex colour ('#1e88e5') from a fixed palette. */
  color: string;
  characterName: string;
  characterLine: string;
  isHost: boolean;
  /** A live tab of the story within the last 30 s (ADR 0006); false: 'assente'. */
  present: boolean;
  /** Typed in the last few seconds (POST /api/games/:id/typing). */
  typing: boolean;
}

/** One player's vote in the open vote: a choice or a proposed action (exactly one is set). */
export interface GroupVoteView {
  userId: string;
  choice: VoteChoice | null;
  action: string | null;
}

/** The vote open on the story's tip ('voto'). */
export interface GroupVoteStateView {
  /** The narration the vote answers (the story's tip when it opened). */
  tipMessageId: string;
  /** ISO time when the vote closes even if not everybody voted. */
  deadline: string;
  votes: GroupVoteView[];
}

/** A side note ('fuori scena'): never sent to the narrator. */
export interface GroupNoteView {
  id: string;
  userId: string;
  text: string;
  createdAt: string;
}

/** GET /api/games/:id/group (members only): the group of a story. */
export interface GroupView {
  mode: PlayMode;
  /** Countdown of a vote in seconds (30–300). */
  voteSeconds: number;
  hostId: string;
  meId: string;
  /** Whose turn it is ('turns'); null otherwise. */
  turnUserId: string | null;
  /** Seat order (join order), host included. */
  players: GroupPlayerView[];
  vote: GroupVoteStateView | null;
  /**
   * What the players are told about the vote ('voto'), in Italian, or null: the open vote waits
   * for its quorum past the deadline, or the turn the last vote chose was refused (vote again).
   */
  voteNotice: string | null;
  /** The latest side notes, oldest first. */
  notes: GroupNoteView[];
}

/** POST /api/games/:id/invitations → 201: the only time the link is shown. */
export interface InvitationCreatedView {
  id: string;
  /** Site-relative link, /invito/{token}. */
  url: string;
  expiresAt: string;
}

/** GET /api/games/:id/invitations (host): the story's invitations, newest first. */
export interface InvitationListView {
  invitations: { id: string; createdAt: string; expiresAt: string; revokedAt: string | null }[];
}

/** GET /api/invitations/:token (anyone): what the invitation page shows before joining. */
export interface InvitationPreviewView {
  title: string;
  genre: string;
  hostNickname: string;
  /** How many players the story has now (host included). */
  players: number;
  /** True at GROUP_MAX_PLAYERS: joining is refused. */
  full: boolean;
}

/** POST /api/invitations/:token/join → the story to open. */
export interface JoinedView {
  gameId: string;
  genre: string;
}

/** Who wrote a player's message in a group story (GameView messages). */
export interface MessageAuthorView {
  nickname: string;
  color: string;
}

/**
 * The author of a player's message whose account is erased (issue 36 finding 0, ADR 0019 addendum):
 * the text stays in the other players' story, under this name and a neutral colour.
 */
export const ERASED_PLAYER: MessageAuthorView = { nickname: "Giocatore eliminato", color: "#78716c" };
