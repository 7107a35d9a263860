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
  | { event: "done"; data: { message: MessageView; progress: number; tokens: TokensView | null; stopped: boolean } }
  | { event: "error"; data: { code: string; title?: string; message: string; tokens: TokensView | null } };

export interface HealthView {
  status: "ok";
  database: "sqlite" | "postgres";
  ai: string;
}
