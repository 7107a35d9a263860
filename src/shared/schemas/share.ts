/**
 * Shared stories (issue 13, "A public reading page"): the 'Condividi' form's options, the pages of
 * 'Storie condivise' and the admin list, with the views the API answers. Shared by the web and
 * the server routes.
 */

import { z } from "zod";
import type { GenreName } from "../genres";
import { queryInteger } from "./query-number";

/** 'Condividi' options: show the owner's nickname on the page, list the story on /galleria. */
export const shareOptionsSchema = z
  .object({
    showNickname: z.boolean({ error: "Indica se mostrare il tuo nickname." }),
    listed: z.boolean({ error: "Indica se mostrare la storia nella galleria." }),
  })
  .strict();
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

export const SHARED_PAGE_SIZE = 12;
export const SHARED_MAX_PAGE_SIZE = 48;

/** GET /api/shares and GET /api/admin/shares: keyset pages (cursor of the last item). */
export const sharedPageQuerySchema = z.object({
  limit: queryInteger("limit", 1, SHARED_MAX_PAGE_SIZE, SHARED_PAGE_SIZE),
  cursor: z.string().max(400).optional(),
});

/** The owner's view of a game's link (GET/PUT /api/games/:id/share). */
export interface ShareView {
  /** The link's id (part of the URL). */
  id: string;
  /** Canonical path of the page, /storia/{id}/{slug}. */
  path: string;
  showNickname: boolean;
  listed: boolean;
  createdAt: string;
  /** When an admin took the story down (the link is then dead); null otherwise. */
  takenDownAt: string | null;
}

/** GET /api/games/:id/share: the link, or null when the game is not shared. */
export interface ShareStateView {
  share: ShareView | null;
}

/** One story of 'Storie condivise' (public: no e-mail, no user id). */
export interface SharedStoryCardView {
  id: string;
  path: string;
  title: string;
  genre: GenreName;
  /** The opening lines of the story, plain text. */
  excerpt: string;
  /** The owner's nickname (else first name) when they chose to show it. */
  nickname: string | null;
  /**
   * The owner's nickname when they chose to show it and their creator page /autore/{nickname}
   * exists (issue 40 §1): the name then links there; else null (plain text).
   */
  creatorNickname: string | null;
  sharedAt: string;
}

export interface SharedStoryPageView {
  items: SharedStoryCardView[];
  nextCursor: string | null;
}

/** One shared story as the admin console lists it (GET /api/admin/shares). */
export interface AdminShareView extends SharedStoryCardView {
  listed: boolean;
  /** The owner's e-mail (admins only); null for a guest. */
  ownerEmail: string | null;
  takenDownAt: string | null;
}

export interface AdminSharePageView {
  items: AdminShareView[];
  nextCursor: string | null;
}
