/** Shapes of the admin API's JSON (issue 6), as the server builds them; the web reads them from the routes (src/web/lib/api-contract.ts, ADR 0022). */

import type { RoleName } from "./roles";
import type { OrderStatus, PlanName } from "./schemas/admin";

/** GET /api/admin/stats (spec §2 Admin dashboard). */
export interface AdminStatsView {
  users: number;
  games: number;
  images: number;
  /** Player messages written today (Europe/Rome day). */
  messagesToday: number;
  /** Users per plan, in plan order. */
  plans: { plan: PlanName; name: string; users: number }[];
  /** Active AI providers: the narrator's and the illustrator's labels ('offline' or the model). */
  providers: { kind: "text" | "image"; label: string; offline: boolean }[];
}

/** A row of GET /api/admin/users. */
export interface AdminUserView {
  id: string;
  email: string;
  /** Highest role held: admin > moderator > user. */
  role: RoleName;
  plan: PlanName;
  /** -1 = unlimited. */
  messageLimit: number;
  /** Messages left today; null = unlimited (∞). */
  remaining: number | null;
  createdAt: string;
  /** An anonymous 'Tutorial' account (issue 9: shown behind a filter). */
  isGuest: boolean;
  /** A registered account with no password yet (e.g. created with 'Nuovo Utente'; never a guest): the invitation can be sent again or its link copied. */
  invitationPending: boolean;
  /** Two-step verification is on (issue 10). */
  twoFactorEnabled: boolean;
  /** When an admin deactivated the account (soft delete, issue 22 §10); null: active. */
  deactivatedAt: string | null;
  /** When the sweep erases the deactivated account unless it is restored (30 days later); null: active. */
  erasedAt: string | null;
}

/** A second factor of a user (spec §3 factors, §7 GET /admin/users/{userId}/factors): the TOTP app of Better Auth's two-factor plugin. */
export interface AdminFactorView {
  id: string;
  factorType: "totp";
  /** 'verified' once the user confirmed it with a code; 'unverified' while set-up is pending. */
  status: "verified" | "unverified";
  friendlyName: string;
}

/** GET /api/admin/users/:id, the user page (issue 22 §10). Lists hold the newest 50 items. */
export interface AdminUserDetailView {
  user: AdminUserView;
  profile: { firstName: string | null; lastName: string | null; nickname: string | null };
  /** Today's messages and this month's pictures against the plan's limits (-1 = unlimited). */
  counters: { messagesSent: number; messageLimit: number; visualizationsSent: number; visualizeLimit: number };
  games: { id: string; title: string; genre: string; lastPlayed: string | null; messages: number }[];
  /** Games in all; `games` holds the 50 most recently played. */
  gamesTotal: number;
  factors: AdminFactorView[];
  /** Open sign-ins (never their token). */
  sessions: { id: string; createdAt: string; lastSeenAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  orders: AdminOrderView[];
  audit: AuditEntryView[];
}

/** One keyset page of an admin list (issue 22 §11): nextCursor null on the last page. */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A row of GET /api/admin/games (spec §2 Admin activity). */
export interface AdminGameView {
  id: string;
  title: string;
  genre: string;
  /** Full name, else e-mail, else 'Ospite' for a guest, else 'Utente Sconosciuto'. */
  userName: string;
  lastPlayed: string | null;
}

/** A message of 'Storico Chat': a node of the story tree (ADR 0008). */
export interface AdminChatMessageView {
  id: string;
  /** The message it follows; null for a first message. */
  parentId: string | null;
  role: "user" | "assistant";
  /** Who wrote a player's message: their nickname, else their name as in the games' list ('Ospite', …), 'Giocatore eliminato' once erased; null for the narrator's. */
  author: string | null;
  content: string;
  imageUrl: string | null;
  createdAt: string;
  /** On the branch being played (the path from the first message to the tip). */
  current: boolean;
}

/**
 * GET /api/admin/games/:id/messages ('Storico Chat', issue 22 §8): the whole story tree, every
 * branch ('Annulla', 'Rigenera', edits, 'Riprendi da qui'), parents before children and siblings
 * oldest first; the branch being played is marked.
 */
export interface AdminChatHistoryView {
  id: string;
  title: string;
  messages: AdminChatMessageView[];
}

/** A row of GET /api/admin/orders (spec §2 Admin orders). */
export interface AdminOrderView {
  id: string;
  userId: string | null;
  /** The buyer's e-mail, or null ('N/A'). */
  userEmail: string | null;
  subscriptionType: string;
  /** Euro. */
  amount: number;
  status: OrderStatus | string;
  createdAt: string;
  /** Issue 41: ISO currency of a Stripe invoice ('eur'); null for an order recorded by hand. */
  currency: string | null;
  /** The payment in Stripe's dashboard; null for an order recorded by hand (or Stripe not configured). */
  stripeUrl: string | null;
  /** An admin can refund it through Stripe ('Rimborsa'): a completed Stripe order. */
  refundable: boolean;
}

/** A genre prompt as stored (spec §3 genre_prompts). */
export interface GenrePromptView {
  id: string;
  genre: string;
  system_prompt: string;
  temperature: number;
  max_tokens: number;
  response_style: string;
  context_memory: number;
  special_instructions: string | null;
  forbidden_topics: string[];
  preferred_vocabulary: string | null;
  story_pacing: string;
  interaction_style: string;
  /** Prompt budget in tokens (issue 11 §1). */
  prompt_budget: number;
  updated_at: string;
  /** Edit count: a save names it and is refused (409 STALE_EDIT) once another admin saved (issue 22 §9). */
  version: number;
}

/** GET /api/admin/genres: stored prompts ordered by genre, and the code's genres without one. */
export interface GenrePromptsView {
  prompts: GenrePromptView[];
  missing: string[];
}

/** A row of GET /api/admin/audit. */
export interface AuditEntryView {
  id: string;
  /** The actor's e-mail when the entry was written; null for guests and unknown actors. */
  userEmail: string | null;
  /** False once the actor's account was erased (the entry stays). */
  actorExists: boolean;
  action: string;
  detail: string | null;
  ip: string | null;
  /** First occurrence (ISO). */
  createdAt: string;
  /** Occurrences merged into this entry (repeated denied calls in one hour); 1 otherwise. */
  count: number;
  /** Last occurrence (ISO). */
  lastAt: string;
}

/** GET /api/admin/audit: one keyset page, newest first; nextCursor null on the last page. */
export interface AuditPage {
  items: AuditEntryView[];
  nextCursor: string | null;
}
