/** Shapes of the JSON the API returns, shared by the server and the web. */

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
  tokens: TokensView | null;
}

export interface MessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  imageUrl: string | null;
  createdAt: string;
  /** A generated scene image (/visualizza): its gallery entry; content holds its title. */
  image?: MessageImageView | null;
}

/** The gallery side of an image message (spec §2 Game chat: 'Creata da …'). */
export interface MessageImageView {
  /** Gallery id: the image page is /galleria/{id}/{slug}. */
  id: string;
  slug: string;
  /** Creator's nickname; null = 'Utente anonimo'. */
  creator: string | null;
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
  /** Creator's nickname; null = 'Utente anonimo'. */
  creator: string | null;
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
  messages: MessageView[];
}

/** Events of the turn stream (POST /api/games/:id/messages, text/event-stream). */
export type TurnEvent =
  | { event: "accepted"; data: { userMessage: MessageView | null; tokens: TokensView | null } }
  | { event: "delta"; data: { text: string } }
  /** `message` is null only when the player stopped the narrator before its first word. */
  | { event: "done"; data: { message: MessageView | null; progress: number; tokens: TokensView | null; stopped: boolean } }
  | { event: "error"; data: { code: string; title?: string; message: string; tokens: TokensView | null } };

export interface HealthView {
  status: "ok";
  database: "sqlite" | "postgres";
  ai: string;
}

/** Events of the live stream GET /api/events (text/event-stream, event name = type). */
export type LiveEvent =
  /** Published notifications changed (one published, edited or deleted): reload the list. */
  | { type: "notifications.changed"; reason: "published" | "updated" | "deleted"; id: string }
  /** The user's role rows or plan changed: reload GET /api/me. */
  | { type: "account.changed"; reason: "roles" | "plan" };

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
}
