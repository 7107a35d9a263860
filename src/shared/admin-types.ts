/** Shapes of the admin API's JSON (issue 6), shared by the server and the web. */

import type { OrderStatus, PlanName, RoleName } from "./schemas/admin";

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
  /** Full name, else e-mail, else 'Utente Sconosciuto'. */
  userName: string;
  lastPlayed: string | null;
}

/** GET /api/admin/games/:id/messages ('Storico Chat'). */
export interface AdminChatHistoryView {
  id: string;
  title: string;
  /** How many messages of the game are not on the current path (other branches, ADR 0008); 0: a single path. */
  branches: number;
  messages: { id: string; role: "user" | "assistant"; content: string; imageUrl: string | null; createdAt: string }[];
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
