/**
 * Kysely table types. Table and column names follow spec §3 (domain) and Better Auth (auth).
 * Domain timestamps are ISO-8601 UTC strings; domain booleans are 0/1; lists are JSON text.
 */

import type { Generated } from "kysely";
import type { GenrePromptView } from "../../shared/admin-types";

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  isAnonymous: boolean | number | null;
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
  created_at: string;
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
}

export interface ChatMessagesTable {
  id: string;
  game_id: string;
  user_id: string | null;
  role: "user" | "assistant";
  content: string;
  image_url: string | null;
  created_at: string;
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
}

/** The columns of GenrePromptView (the admin API's view of a stored prompt), with the topics as stored. */
export interface GenrePromptsTable extends Omit<GenrePromptView, "forbidden_topics"> {
  /** JSON string[] */
  forbidden_topics: string;
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
}

export interface TemplateRelationTable {
  id: string;
  user_id: string;
  template_id: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  user_id: string | null;
  action: string;
  detail: string | null;
  ip: string | null;
  created_at: string;
}

/** One open game tab (spec §4 Duplicate session); expires unless its connection renews it. */
export interface PresenceTable {
  user_id: string;
  tab_id: string;
  /** The live connection holding the tab: a reload's new connection takes the row over. */
  connection_id: string;
  expires_at: string;
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
  generated_images: GeneratedImagesTable;
  genre_prompts: GenrePromptsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  subscription_orders: SubscriptionOrdersTable;
  template_likes: TemplateRelationTable;
  user_favorites: TemplateRelationTable;
  audit_log: AuditLogTable;
  presence: PresenceTable;
}

/** Every table holding rows of a user, with the column naming the user (GDPR export, erasure, tests). */
export const USER_OWNED_COLUMNS = {
  user: "id",
  session: "userId",
  account: "userId",
  profiles: "id",
  user_roles: "user_id",
  user_tokens: "user_id",
  saved_games: "user_id",
  chat_messages: "user_id",
  generated_images: "user_id",
  notification_reads: "user_id",
  subscription_orders: "user_id",
  template_likes: "user_id",
  user_favorites: "user_id",
  audit_log: "user_id",
  presence: "user_id",
} as const;
