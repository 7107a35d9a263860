/** Header and drawer links (spec §2 Site frame); the Admin link is added for admins only, 'Segnalazioni' for moderators (issue 23). */

import { SITE_CONFIG } from "@/lib/site-config";

/**
 * The community chat (server's COMMUNITY_URL) and the microblogging profile (SOCIAL_URL); null when
 * the server has none, and then their links are not shown (issue 22 §6).
 */
export const COMMUNITY_URL = SITE_CONFIG.communityUrl;
export const MICROBLOG_URL = SITE_CONFIG.socialUrl;

export const NAV_LINKS = [
  { to: "/scopri", label: "Scopri" },
  { to: "/generi", label: "Generi" },
  { to: "/crea-gioco", label: "Crea il tuo Gioco" },
] as const;

export const ADMIN_LINK = { to: "/admin", label: "Admin" } as const;
export const MODERATION_LINK = { to: "/admin/reports", label: "Segnalazioni" } as const;

/** The console link of a signed-in user: 'Admin' for admins, 'Segnalazioni' for moderators, none for others. */
export function consoleLinkOf(me: { isAdmin: boolean; isModerator?: boolean } | null | undefined): { to: string; label: string } | null {
  if (me?.isAdmin) return ADMIN_LINK;
  return me?.isModerator ? MODERATION_LINK : null;
}
