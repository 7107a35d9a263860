/**
 * Over 350 lines: the database's types, one interface per table of spec §3, read as one map of the schema.
 * Kysely table types. Table and column names follow spec §3 (domain) and Better Auth (auth).
 * Domain timestamps are ISO-8601 UTC strings; domain booleans are 0/1; lists are JSON text.
 */

import type { Generated } from "kysely";
import type { GenrePromptView } from "../../../shared/admin-types";
import type { FactKind } from "../../../shared/schemas/memory";
import type { StoryCreativity, StoryLength } from "../../../shared/story-style";

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  isAnonymous: boolean | number | null;
  /** Better Auth two-factor plugin (migration 0009): an authenticator app is confirmed. */
  twoFactorEnabled: boolean | number | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  password: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** Better Auth two-factor plugin (migration 0009): encrypted TOTP secret and backup codes. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | number | null;
  failedVerificationCount: number | null;
  lockedUntil: Date | string | null;
}

export type PlanId = "base" | "premium" | "pro" | "admin";
export type Role = "admin" | "user" | "moderator";

export interface PlansTable {
  id: PlanId;
  name: string;
  message_limit: number;
  visualize_limit: number;
  price_cents: number;
  position: number;
}

export interface ProfilesTable {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  nickname: string | null;
  /** nicknameKey(nickname) (src/shared/schemas/profile.ts), unique: the nickname's identity. */
  nickname_key: string | null;
  created_at: string;
  /** When the player confirmed 'Ho almeno 14 anni' (issue 23, migration 0020); null: not yet. */
  age_confirmed_at: Generated<string | null>;
}

export interface UserRolesTable {
  id: string;
  user_id: string;
  role: Role;
  created_at: string;
}

export interface UserTokensTable {
  user_id: string;
  model: PlanId;
  message_limit: number;
  visualize_limit: number;
  messages_sent: Generated<number>;
  visualizations_sent: Generated<number>;
  /** Europe/Rome day (YYYY-MM-DD) that messages_sent counts. */
  messages_period: Generated<string>;
  /** Europe/Rome month (YYYY-MM) that visualizations_sent counts. */
  visualizations_period: Generated<string>;
  updated_at: string;
}

export interface SavedGamesTable {
  id: string;
  user_id: string | null;
  title: string;
  genre: string;
  description: string | null;
  /** JSON {initial_prompt?: string} */
  content: string | null;
  is_template: Generated<number>;
  system_prompt: string | null;
  temperature: number | null;
  max_tokens: number | null;
  response_style: string | null;
  story_pacing: string | null;
  interaction_style: string | null;
  context_memory: number | null;
  special_instructions: string | null;
  preferred_vocabulary: string | null;
  /** JSON string[] */
  forbidden_topics: string | null;
  cover_image_url: string | null;
  plays: Generated<number>;
  likes_count: Generated<number>;
  progress: Generated<number>;
  last_played: string | null;
  created_at: string;
  updated_at: string;
  /** The last message of the branch being played; null before the first message (ADR 0008). */
  tip_message_id: string | null;
  /** 'La storia finora' (issue 11 §1, ADR 0009); null: none yet. */
  recap: string | null;
  /** Narrated turns the recap covers. */
  recap_turns: Generated<number>;
  /** 1 once the player edited the recap: later updates append to their text. */
  recap_edited: Generated<number>;
  recap_updated_at: string | null;
  /** JSON StoryCard[] (a template's story cards; a game made from it has a copy); null: none. */
  story_cards: string | null;
  /** Prompt budget in tokens; null: the genre prompt's. */
  prompt_budget: number | null;
  /** The template a game was copied from (issue 13, migration 0014; no foreign key); null otherwise. */
  template_id: string | null;
  /** Edit count of a template (migration 0019; issue 22 §9); 1 for games. */
  version: Generated<number>;
  /** How the story moves (issue 24, migration 0021): 'solo' | 'turns' | 'vote'. */
  play_mode: Generated<"solo" | "turns" | "vote">;
  /** A vote's countdown in seconds (30–300). */
  vote_seconds: Generated<number>;
  /** Whose turn it is ('turns'); null otherwise. */
  turn_user_id: string | null;
  /** The tip the latest vote answers; the vote is open while vote_deadline is set. */
  vote_tip_id: string | null;
  /** ISO time when the open vote closes; null: no vote open. */
  vote_deadline: string | null;
  /** The error code of the turn the last vote chose, when it was refused (migration 0026): the group votes again; null otherwise. */
  vote_refusal: string | null;
  /** A template's moderation state (issue 23, migration 0020). */
  moderation_state: Generated<ModerationState>;
  /** 1: the copy a player kept on leaving a group story (issue 24, migration 0023): read, export and delete only. */
  read_only: Generated<number>;
  /** The group story a read-only copy was made from (no foreign key); null otherwise. */
  copied_from: string | null;
  /**
   * The story's 'Lunghezza' (issue 38 §4, migration 0030), set by its owner in the game's menu:
   * 'breve' | 'media' | 'lunga' (default 'media': the narration as before). Part of the story row:
   * deleted with the story (and with the account that owns it), exported with it (GDPR export).
   */
  story_length: Generated<StoryLength>;
  /** The story's 'Creatività' (issue 38 §4, migration 0030): 'misurata' | 'equilibrata' | 'audace' (default); deleted and exported with the story row. */
  story_creativity: Generated<StoryCreativity>;
  /** 1 while a player's scenario is a private draft (issue 40, migration 0032); 0 for published templates and for games. */
  draft: Generated<number>;
  /** The scenario a remix was copied from (no foreign key); null otherwise. */
  remix_of: string | null;
  /** A scenario's opening ('first message', a card's first_mes); null: the narrator opens. */
  first_message: string | null;
  /** JSON string[]: a scenario's alternative openings (a card's alternate_greetings); null: none. */
  alternate_openings: string | null;
  /** JSON object: an imported card's fields the site does not map, kept for a lossless export; null: none. */
  raw_card: string | null;
  /** 1 for the starter scenarios the site ships (by 'Storie.ai'); 0 otherwise. */
  starter: Generated<number>;
}

/** A story shared with 'Condividi' (issue 13 "A public reading page", migration 0014): /storia/{id}/{slug}. */
export interface StorySharesTable {
  /** Random, unguessable link id (base64url); a new share after revoking gets a new one. */
  id: string;
  /** The shared game (unique: one link per game). */
  game_id: string;
  /** 1: the page shows the owner's nickname. */
  show_nickname: Generated<number>;
  /** 1: listed on /galleria under 'Storie condivise'. */
  listed: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Set when an admin took the story down: the page is 404 and the owner cannot share it again. */
  taken_down_at: string | null;
  /** The admin who took it down; null once that account is erased. */
  taken_down_by: string | null;
  /** Issue 23 (migration 0020): 'removed' goes with taken_down_at. */
  moderation_state: Generated<ModerationState>;
  /**
   * Who published the link (issue 36 finding 12, migration 0024): the moderators' author of the
   * shared story, whoever hosts it later; null once that account is erased.
   */
  shared_by: string | null;
  /**
   * When the owner revoked the link ('Smetti di condividere'; migration 0027, issue 36 finding 6):
   * the row stays with its state, a later share gives it a new id. NULL: the link is live.
   */
  unshared_at: string | null;
}

/** A fact of 'Ricordi' (issue 11 §1, ADR 0009). */
export interface StoryFactsTable {
  id: string;
  game_id: string;
  kind: FactKind;
  title: string;
  text: string;
  /** 1: always in the prompt. */
  pinned: Generated<number>;
  source: "narratore" | "giocatore";
  /** The narration the fact was found in; null for the player's facts (or once that narration is gone). */
  source_message_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: string;
  game_id: string;
  user_id: string | null;
  role: "user" | "assistant";
  content: string;
  image_url: string | null;
  created_at: string;
  /** The message this one follows on its branch; null for the game's first message (ADR 0008). */
  parent_id: string | null;
  /** parent's depth + 1; 0 for the first message. */
  depth: number;
  /** When the player last edited the text in place ('Modifica', issue 11 §2); null: never. */
  edited_at: string | null;
  /**
   * Who sent a player's message in a group story (issue 24); null: the owner. Both user_id and
   * author_id are set NULL when that account is erased (issue 36 finding 0, migration 0024): a
   * player's message with no user_id is shown as 'Giocatore eliminato'.
   */
  author_id: string | null;
}

export interface GeneratedImagesTable {
  id: string;
  user_id: string | null;
  /** Public media path /media/<key> (stored by the server, never a provider URL). */
  image_url: string;
  /** The generated title (spec §3). */
  prompt: string | null;
  created_at: string;
  /** Slug of the title (spec §2 rule), for /galleria/{slug} links. */
  slug: Generated<string>;
  /** 1 = drawn by the offline illustrator. */
  offline: Generated<number>;
  width: number | null;
  height: number | null;
  /** Issue 23 (migration 0020): only 'visible' images are listed in the gallery. */
  moderation_state: Generated<ModerationState>;
}

/** The columns of GenrePromptView (the admin API's view of a stored prompt), with the topics as stored. */
export interface GenrePromptsTable extends Omit<GenrePromptView, "forbidden_topics" | "prompt_budget" | "version"> {
  /** Edit count (migration 0019; issue 22 §9). */
  version: Generated<number>;
  /** JSON string[] */
  forbidden_topics: string;
  /** Prompt budget in tokens (issue 11 §1; default 6000). */
  prompt_budget: Generated<number>;
}

export interface NotificationsTable {
  id: string;
  title: string;
  content: string;
  url: string | null;
  status: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** Edit count (migration 0019; issue 22 §9). */
  version: Generated<number>;
  /** Issue 23 (migration 0020): the one user a personal notification is for; null: everyone (admin broadcast). */
  user_id: Generated<string | null>;
}

/** An account an admin deactivated (spec §7 DELETE /admin/users/{id} should_soft_delete; migration 0019). */
export interface UserDeactivationsTable {
  user_id: string;
  deactivated_at: string;
  /** The admin who did it; null once that account is erased. */
  deactivated_by: string | null;
}

export interface NotificationReadsTable {
  id: string;
  notification_id: string;
  user_id: string;
  created_at: string;
}

export interface SubscriptionOrdersTable {
  id: string;
  user_id: string | null;
  subscription_type: string;
  amount: number | string;
  status: string;
  created_at: string;
  /** Issue 41 (migration 0033): ISO currency of a Stripe invoice ('eur'); null for orders recorded by hand. */
  currency: Generated<string | null>;
  /** The Stripe invoice the order records (one order per invoice); null for orders recorded by hand. */
  stripe_invoice_id: Generated<string | null>;
  /** The invoice's payment intent (refunds, charge.refunded); null when unknown. */
  stripe_payment_intent: Generated<string | null>;
}

/** Issue 41 (migration 0033): an account's Stripe customer and the subscription its plan follows. */
export interface BillingCustomersTable {
  user_id: string;
  customer_id: string;
  subscription_id: string | null;
  /** Stripe's status (active, trialing, past_due, canceled…); null before any subscription. */
  subscription_status: string | null;
  /** The plan of the subscription's price (premium, pro); null when unknown. */
  plan: string | null;
  /** ISO time the current period ends (next renewal, or the end when cancel_at_period_end). */
  current_period_end: string | null;
  cancel_at_period_end: Generated<number>;
  /** `created` (Unix seconds) of the newest subscription event applied; older ones are ignored. */
  event_created: Generated<number>;
  updated_at: string;
}

/** Issue 41 (migration 0033): webhook events already processed, by Stripe's event id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface TemplateRelationTable {
  id: string;
  user_id: string;
  template_id: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  /** Who acted; NULL once that account is erased (the entry stays: issue 9 finding 8). */
  user_id: string | null;
  /** The actor's e-mail when the entry was written (NULL for guests). */
  actor_email: string | null;
  action: string;
  detail: string | null;
  ip: string | null;
  /** First occurrence. */
  created_at: string;
  /** Occurrences merged into this row (repeated denied calls); 1 for ordinary entries. */
  count: Generated<number>;
  /** Last occurrence. */
  last_at: string | null;
  /** Unique merge key of counted entries (user, action, route, hour); NULL for ordinary entries. */
  dedupe_key: string | null;
}

/** Small operator-side facts, e.g. 'admin_seeded:<e-mail>' once the admin account was seeded. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** One open game tab (spec §4 Duplicate session); expires unless its connection renews it. */
export interface PresenceTable {
  user_id: string;
  tab_id: string;
  /** The live connection holding the tab: a reload's new connection takes the row over. */
  connection_id: string;
  /** Until when the row counts: renewed while its connection lives, then 30 s after it closed. */
  expires_at: string;
  /** The story the tab shows (null: none), for who is present in a group story (issue 24). */
  game_id: string | null;
  /** 1 once the connection closed: no longer a session (spec §4), still present until expires_at. */
  closed: Generated<number>;
}

/**
 * The latest narration of a game as it is written (issue 11 §4, migration 0013): what a client
 * that reconnects, on any instance, resumes from. One row per game.
 */
export interface NarrationRunsTable {
  game_id: string;
  /** The run that owns the row; an older run of the same game no longer writes it. */
  run_id: string;
  /** The player's message the narration answers. */
  player_message_id: string;
  /** The narration written so far (the characters streamed, flushed at most every 250 ms). */
  text: string;
  status: "running" | "done" | "failed";
  /** The stored narration once done; null while running, when failed, or stopped before its first word. */
  message_id: string | null;
  /** 1 when 'Stop' ended the narration. */
  stopped: number;
  /** Error code (shared/errors.ts) of a failed run. */
  error_code: string | null;
  /** ISO time of the last write; a running row is renewed every few seconds. */
  updated_at: string;
}

/** Counters of the auth limits on PostgreSQL (rate-limiter-flexible's layout; migration 0005). */
export interface AuthLimitsTable {
  key: string;
  points: number;
  /** Expiry, ms since the epoch (PostgreSQL bigint, read as a string); null = never. */
  expire: string | number | null;
}

/**
 * Issue 23 (migration 0020): a public item's state. visible: listed and reachable; held: flagged
 * by automatic screening, waiting for a moderator; restricted: out of the gallery and Scopri,
 * the link still works; removed: no longer public (its pages answer 410).
 */
export type ModerationState = "visible" | "held" | "restricted" | "removed";
export type ContentKind = "image" | "story" | "template";

/** A notice ('Segnala') or a hold of automatic screening (issue 23). */
export interface ContentReportsTable {
  id: string;
  content_kind: ContentKind;
  /** generated_images.id, story_shares.id or saved_games.id (template). */
  content_id: string;
  source: "utente" | "screening";
  reason: string;
  explanation: string | null;
  /** 1: the reporter declared good faith (DSA Art. 16(2)(d)). */
  good_faith: number;
  reporter_user_id: string | null;
  /** The e-mail a visitor gave to hear the outcome (or the signed-in reporter's at the time). */
  reporter_email: string | null;
  reporter_ip: string | null;
  /** kind:id:reporter while open (unique: a repeat report merges); null once decided. */
  open_key: string | null;
  /** Repeat reports merged into this one. */
  repeats: Generated<number>;
  status: "open" | "decided";
  decision_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A decision with its statement of reasons (issue 23; DSA Art. 17). */
export interface ModerationDecisionsTable {
  id: string;
  content_kind: ContentKind;
  content_id: string;
  /** The item's title when decided (the item may be gone later). */
  content_title: string;
  author_user_id: string | null;
  moderator_id: string | null;
  action: "keep" | "restrict" | "remove";
  suspend_author: number;
  ground_type: "legge" | "termini" | null;
  ground: string | null;
  facts: string | null;
  automated_detection: number;
  automated_decision: number;
  /** The oldest report the decision answered (handling time = created_at − first_report_at). */
  first_report_at: string | null;
  created_at: string;
  /**
   * The item's state a reversal gives back (issue 36 finding 19, migration 0029): its state before
   * the decision, rewritten when an earlier decision it stood on is reversed; null for decisions
   * made before migration 0029.
   */
  state_before: ModerationState | null;
  /** A story's 'listed' (1/0) before a decision that cleared it (a removal); null when unchanged. */
  listed_before: number | null;
}

/** 'Contesta la decisione' (issue 23; DSA Art. 20). */
export interface ModerationAppealsTable {
  id: string;
  decision_id: string;
  author_user_id: string | null;
  text: string;
  status: "open" | "upheld" | "reversed";
  outcome_reasons: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

/** An admin who wrote a template: created it or saved an edit (issue 36 finding 5, migration 0029). */
export interface TemplateAuthorsTable {
  template_id: string;
  user_id: string;
  /** When they first wrote it. */
  created_at: string;
}

export interface PublishingSuspensionsTable {
  user_id: string;
  decision_id: string;
  created_at: string;
}

/** Issue 20 §4 (migration 0017): provider tokens per Rome day, model, purpose and player. */
export interface AiUsageTable {
  id: string;
  day: string;
  model: string;
  purpose: string;
  user_id: string | null;
  /** bigint columns: PostgreSQL's driver reads them as strings. */
  calls: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  updated_at: string;
}

/** Issue 39 (migration 0030): a browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's address for this browser (on an allowed origin, as the URL parser wrote it). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** When the push service drops the subscription (ISO), or null. */
  expires_at: string | null;
  created_at: string;
}

/** Issue 39 (migration 0030): the kinds of push a player wants, 1/0; no row = all on. */
export interface PushPreferencesTable {
  user_id: string;
  turn: number;
  vote: number;
  friend: number;
  moderation: number;
  site: number;
  updated_at: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  plans: PlansTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  user_tokens: UserTokensTable;
  saved_games: SavedGamesTable;
  chat_messages: ChatMessagesTable;
  story_facts: StoryFactsTable;
  generated_images: GeneratedImagesTable;
  genre_prompts: GenrePromptsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  subscription_orders: SubscriptionOrdersTable;
  billing_customers: BillingCustomersTable;
  stripe_events: StripeEventsTable;
  template_likes: TemplateRelationTable;
  user_favorites: TemplateRelationTable;
  audit_log: AuditLogTable;
  presence: PresenceTable;
  narration_runs: NarrationRunsTable;
  story_shares: StorySharesTable;
  content_reports: ContentReportsTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_appeals: ModerationAppealsTable;
  publishing_suspensions: PublishingSuspensionsTable;
  template_authors: TemplateAuthorsTable;
  auth_limits: AuthLimitsTable;
  settings: SettingsTable;
  twoFactor: TwoFactorTable;
  user_deactivations: UserDeactivationsTable;
  ai_usage: AiUsageTable;
  game_players: GamePlayersTable;
  game_invitations: GameInvitationsTable;
  turn_votes: TurnVotesTable;
  side_notes: SideNotesTable;
  game_removals: GameRemovalsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
}

/** A member of a group story (issue 24, migration 0021). */
export interface GamePlayersTable {
  game_id: string;
  user_id: string;
  character_name: string;
  character_line: string;
  color: string;
  /** Join order: 'a turno' and the host hand-over follow it. */
  seat: number;
  joined_at: string;
}

/** An invitation link /invito/{token} (issue 24): only the token's SHA-256 is stored. */
export interface GameInvitationsTable {
  id: string;
  game_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** One player's vote on one turn (issue 24): the primary key (game_id, tip_message_id, user_id). */
export interface TurnVotesTable {
  game_id: string;
  tip_message_id: string;
  user_id: string;
  choice: "A" | "B" | "C" | null;
  action: string | null;
  created_at: string;
}

/**
 * A player the host removed from a story, remembered (issue 36 finding 8, migration 0024): only an
 * invitation created after removed_at lets them back. Written by policies/membership.ts only.
 */
export interface GameRemovalsTable {
  game_id: string;
  user_id: string;
  removed_at: string;
  /** The host who removed them; null once that account is erased. */
  removed_by: string | null;
}

/** A side note 'fuori scena' (issue 24): never sent to the narrator. */
export interface SideNotesTable {
  id: string;
  game_id: string;
  user_id: string;
  text: string;
  created_at: string;
}
