/** Header and drawer links (spec §2 Site frame); the Admin link is added for admins only. */

export const COMMUNITY_URL = "https://discord.com";
export const MICROBLOG_URL = "https://x.com";

export const NAV_LINKS = [
  { to: "/scopri", label: "Scopri" },
  { to: "/generi", label: "Generi" },
  { to: "/crea-gioco", label: "Crea il tuo Gioco" },
] as const;

export const ADMIN_LINK = { to: "/admin", label: "Admin" } as const;
