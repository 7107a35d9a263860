/**
 * Over 350 lines: every answer shape the web and the server share lives here (ADR 0022).
 * Shapes of the JSON the API returns, as the server builds them. The web reads each answer from
 * its route instead (src/web/lib/api-contract.ts, ADR 0022); it imports from here only what no
 * route's type carries: the turn stream's TurnEvent, the live stream's LiveEvent and HealthView
 * (/api/health is not under the API's routes).
 */

import type { FactKind, StoryCard } from "./schemas/memory";
import type { GroupView, MessageAuthorView } from "./group-types";
import type { PromptStyleView, StoryStyle } from "./story-style";

export interface TokensView {
  plan: string;
  /** -1 = unlimited */
  messageLimit: number;
  messagesSent: number;
  /** Messages left today; null = unlimited (∞). */
  remaining: number | null;
  visualizeLimit: number;
  visualizationsSent: number;
}

export interface MeView {
  user: { id: string; email: string | null; isAnonymous: boolean; nickname: string | null };
  isAdmin: boolean;
  /** Holds the spec's moderator role (issue 23: the 'Segnalazioni' queue only). */
  isModerator: boolean;
  /** True until the player confirms 'Ho almeno 14 anni' (issue 23; never for guests). */
  ageConfirmationNeeded: boolean;
  tokens: TokensView | null;
}

/** GET /api/session: the signed-in user, or null for a visitor. */
export interface SessionView {
  me: MeView | null;
}

export interface MessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageUrl: string | null;
  createdAt: string;
  /** A generated scene image (/visualizza): its gallery entry; content holds its title. */
  image?: MessageImageView | null;
  /** True once the player changed the text ('Modifica', issue 11 §2). Only in GameView. */
  edited?: boolean;
  /**
   * A narration with other versions ('Rigenera', issue 11 §2): where this one stands among the
   * narrations that answer the same player's message, oldest first. Absent when it is the only one.
   */
  alternatives?: AlternativesView;
  /**
   * Who sent a player's message in a group story (issue 24, ADR 0019): nickname and colour; null
   * for a solo story's messages and for narrations. Only in GameView and its pages.
   */
  author?: MessageAuthorView | null;
}

/** The ‹ 2/3 › of a narration: 1-based position, how many, and the neighbours' ids to switch to. */
export interface AlternativesView {
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
}

/** The gallery side of an image message (spec §2 Game chat: 'Creata da …'). */
export interface MessageImageView {
  /** Gallery id: the image page is /galleria/{id}/{slug}. */
  id: string;
  slug: string;
  /** Creator's nickname, else first name (issue 22 §3); null = 'Utente anonimo'. */
  creator: string | null;
  /**
   * The creator's nickname when their creator page /autore/{nickname} exists (issue 40 §1: a
   * listed scenario of theirs): the name then links there. null: plain text (a first name, 'Utente anonimo').
   */
  creatorNickname: string | null;
  /** Drawn by the offline illustrator (no image provider configured). */
  offline: boolean;
}

/**
 * One public gallery image (spec §2 Gallery, Image detail). Deliberately nothing else about the
 * creator than the nickname: no user id, no e-mail.
 */
export interface GalleryImageView {
  id: string;
  /** The generated title (generated_images.prompt); 'Scena generata' when missing. */
  title: string;
  slug: string;
  /** Public /media/… path of the stored picture. */
  imageUrl: string;
  createdAt: string;
  /** Creator's nickname, else first name (issue 22 §3); null = 'Utente anonimo'. */
  creator: string | null;
  /**
   * The creator's nickname when their creator page /autore/{nickname} exists (issue 40 §1: a
   * listed scenario of theirs): the name then links there. null: plain text (a first name, 'Utente anonimo').
   */
  creatorNickname: string | null;
  offline: boolean;
  /** Pixel size, when known. */
  width: number | null;
  height: number | null;
}

/** A page of the gallery, newest first (GET /api/images?cursor=…). */
export interface GalleryPageView {
  items: GalleryImageView[];
  /** Opaque cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

/** Answer of POST /api/games/:id/images (a scene image made with /visualizza). */
export interface VisualizeResultView {
  message: MessageView;
  image: GalleryImageView;
  tokens: TokensView | null;
}

export interface GameView {
  id: string;
  title: string;
  genre: string;
  progress: number;
  /** True once the player has sent a message (the start command or later ones). */
  started: boolean;
  lastPlayed: string | null;
  /** The latest page of the story (at most STORY_PAGE_SIZE messages of the current path), oldest first. */
  messages: MessageView[];
  /** Cursor for the page before `messages` (GET /api/games/:id/messages?before=…); null at the start of the story. */
  olderCursor: string | null;
  /**
   * The narration being written now (issue 11 §4), whoever started it: the page shows its text and
   * resumes it with GET /api/games/:id/live (Last-Event-ID = text.length). null when none runs.
   */
  liveNarration: LiveNarrationView | null;
  /** The group playing the story (issue 24, ADR 0019); null for a solo story. */
  group: GroupView | null;
  /** The copy a player kept on leaving a group story (issue 24): read, export and delete only. */
  readOnly: boolean;
  /** The story's 'Lunghezza' and 'Creatività' (issue 38 §4), set by its owner in the game's menu. */
  style: StoryStyle;
}

/** A narration still being written (issue 11 §4). */
export interface LiveNarrationView {
  /** The player's message it answers (the page hides what follows it, e.g. the version 'Rigenera' replaces). */
  playerMessageId: string;
  /** What is written so far (a few hundred ms behind the narrator at most). */
  text: string;
}

/** Messages of the story in one page: up to STORY_PAGE_SIZE messages of the current path, oldest first. */
export interface MessagePageView {
  messages: MessageView[];
  /** Cursor of the page before this one; null at the start of the story. */
  olderCursor: string | null;
}

/** How many messages of the current path the game page loads at once (issue 11 §5). */
export const STORY_PAGE_SIZE = 50;

/**
 * Events of the turn stream (POST /api/games/:id/messages, text/event-stream) and of its resume
 * (GET /api/games/:id/live). Each event's SSE id is the number of characters of narration sent so
 * far (String.length of the deltas' concatenation), which a client sends back as Last-Event-ID.
 */
export type TurnEvent =
  | { event: "accepted"; data: { userMessage: MessageView | null; tokens: TokensView | null } }
  | { event: "delta"; data: { text: string } }
  /** The provider is busy and asked again before the first word (issue 20 §1): "Il narratore ci sta pensando…". */
  | { event: "waiting"; data: { retry: number } }
  /** `message` is null only when the player stopped the narrator before its first word. */
  | { event: "done"; data: { message: MessageView | null; progress: number; tokens: TokensView | null; stopped: boolean } }
  | { event: "error"; data: { code: string; title?: string; message: string; tokens: TokensView | null } };

export interface HealthView {
  status: "ok";
  database: "sqlite" | "postgres";
  ai: string;
}

/** GET /api/ready (issue 20 §3): 200 'ready' when the database answers, else 503 'unavailable'. */
export interface ReadyView {
  status: "ready" | "unavailable";
  database: "sqlite" | "postgres";
}

/** Events of the live stream GET /api/events (text/event-stream, event name = type). */
export type LiveEvent =
  /** Published notifications changed (one published, edited or deleted): reload the list. */
  | { type: "notifications.changed"; reason: "published" | "updated" | "deleted"; id: string }
  /** The user's role rows or plan changed: reload GET /api/me. */
  | { type: "account.changed"; reason: "roles" | "plan" }
  /** A genre prompt was saved or genres were synchronised (spec §7 genre_prompts realtime subscription; issue 22 §9): admin pages reload them. */
  | { type: "genre_prompts.changed"; id: string | null }
  /** A group story changed (a player joined or left, a vote, a note, the mode, the turn): reload GET /api/games/:id/group (issue 24). */
  | { type: "group.changed"; gameId: string }
  /** A player of a group story is typing (issue 24). */
  | { type: "group.typing"; gameId: string; userId: string }
  /** A narration of a group story started: follow it through GET /api/games/:id/live (issue 24). */
  | { type: "group.narration"; gameId: string };

/** A published notification as a user sees it (spec §3 notifications, §4 Notification). */
export interface NotificationView {
  id: string;
  title: string;
  content: string;
  /** http(s) link opened in a new tab, or null. */
  url: string | null;
  publishedAt: string;
  /** True once this user has a read record for it. */
  read: boolean;
}

/** A notification in the admin list (drafts included). */
export interface AdminNotificationView {
  id: string;
  title: string;
  content: string;
  url: string | null;
  /** 'published' or null (draft). */
  status: "published" | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** Edit count: a save names it and is refused (409 STALE_EDIT) once another admin saved (issue 22 §9). */
  version: number;
}

/** A plan as the pricing page shows it (GET /api/plans; spec §9). */
export interface PlanView {
  id: "base" | "premium" | "pro";
  name: string;
  /** Messages a day. */
  messageLimit: number;
  /** Images (/visualizza) a month. */
  visualizeLimit: number;
  /** Monthly price in euro cents; 0 = free. */
  priceCents: number;
}

/** The profile page's data (GET /api/profile; spec §2 Profile). */
export interface ProfileView {
  id: string;
  email: string | null;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  roles: ("admin" | "user" | "moderator")[];
  isAdmin: boolean;
  tokens: TokensView | null;
  /** The user's own games (templates excluded). */
  gamesCount: number;
  /** What 'Elimina account' asks (issue 36 finding 17). */
  erasure: ErasureProofView;
}

/**
 * What erasing the account asks (DELETE /api/profile; issue 36 finding 17): the password (an
 * account that has one), a current code of the authenticator app or a backup code (two-step
 * verification on), otherwise the typed word ELIMINA (guests, provider sign-in); a provider
 * sign-in must also be recent (shared/erasure.ts ERASURE_SIGN_IN_MINUTES).
 */
export interface ErasureProofView {
  password: boolean;
  code: boolean;
  word: boolean;
  recentSignIn: boolean;
}

/** One of the user's games on the profile (GET /api/profile/games), most recent first. */
export interface ProfileGameView {
  id: string;
  title: string;
  genre: string;
  /** 0–100 */
  progress: number;
  lastPlayed: string | null;
  createdAt: string;
  /** False for a group story the player joined (issue 24): only its host may delete it. */
  hosted: boolean;
  /** The read-only copy the player kept on leaving a group story (issue 24). */
  readOnly: boolean;
}

/** One message of 'Mappa delle scelte' (issue 11 §2): a node of the story tree. */
export interface StoryMapNode {
  id: string;
  parentId: string | null;
  role: "user" | "assistant";
  /** What the node says in a line: the choice ('A) Segui il guardiano'), the player's words, a narration's opening or a picture's title. */
  label: string;
  /** A scene picture ('/visualizza'). */
  picture: boolean;
  /** On the current path (the story as the game page shows it). */
  onPath: boolean;
}

/** GET /api/games/:id/map: every message of the game as a tree, oldest first within each level. */
export interface StoryMapView {
  tipId: string | null;
  nodes: StoryMapNode[];
}

/** One fact of 'Ricordi' (issue 11 §1). `source`: found in the narration, or written by the player. */
export interface FactView {
  id: string;
  kind: FactKind;
  title: string;
  text: string;
  pinned: boolean;
  source: "narratore" | "giocatore";
  /** The narration the fact was found in; null for the player's own facts. */
  sourceMessageId: string | null;
  updatedAt: string;
}

/** 'La storia finora' (issue 11 §1): the running summary of the story before the recent turns. */
export interface RecapView {
  text: string;
  /** True once the player edited it: later updates build on their text. */
  editedByPlayer: boolean;
  /** Narrated turns the recap covers. */
  coversTurns: number;
  updatedAt: string;
}

/** GET /api/games/:id/memory: what the narrator keeps of the story. */
export interface MemoryView {
  recap: RecapView | null;
  facts: FactView[];
  /** The game's story cards (copied from its template), read-only for the player. */
  cards: StoryCard[];
}

/** One section of the next prompt ('Cosa ricorda il narratore', issue 11 §1). */
export interface PromptSectionView {
  key: "system" | "cards" | "facts" | "recap" | "recent";
  /** Italian title: 'Istruzioni del narratore', 'Schede del mondo', 'Ricordi', 'La storia finora', 'Turni recenti'. */
  title: string;
  /** Tokens the section takes in the prompt. */
  tokens: number;
  /** The section's text as sent; null for the system prompt when the viewer is not an admin. */
  text: string | null;
  /** Items left out to stay within the budget (turns, facts or cards). */
  dropped: number;
  /** 'Schede del mondo' only (issue 40 §2): the cards in the prompt and why ('sempre attiva', 'parola chiave: «x»'). */
  items?: { title: string; reason: string }[];
}

/** GET /api/games/:id/memory/prompt: the sections of the next prompt with their token counts, and the story's style. */
export interface PromptPreviewView {
  budget: number;
  total: number;
  sections: PromptSectionView[];
  style: PromptStyleView;
}
