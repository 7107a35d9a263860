/**
 * Roles of spec §6 and their Italian labels: a module of its own, so a page that only names a
 * role (/profilo's badges) does not load the admin console's schemas (issue 21: the profile's
 * blocking time).
 */

export const ROLES = ["admin", "user", "moderator"] as const;
export type RoleName = (typeof ROLES)[number];
export const ROLE_LABELS: Record<RoleName, string> = { admin: "Amministratore", user: "Utente", moderator: "Moderatore" };
