/**
 * Every route of the app that is NOT an address of public content, with why (issue 36, "One
 * visibility rule": policies/visibility.test.ts fails for a route that is neither here, nor staff
 * only, nor probed there against a removed and a held item). Adding a route means deciding here
 * whether it shows what moderation can take away. Test-only.
 */

/** Routes for moderators and admins only: they see every state by design (the queue, the console). */
export const STAFF_PREFIXES = ["/api/admin", "/api/moderation", "/metrics"] as const;

/** The caller's own account, games (as owner or member of a group story) and settings: nothing public. */
const OWN_DATA = [
  "GET /api/me", "POST /api/me/age", "GET /api/session", "GET /api/events", "GET /api/presence",
  "GET /api/profile", "PUT /api/profile", "GET /api/profile/games", "GET /api/profile/export", "DELETE /api/profile",
  "GET /api/notifications", "POST /api/notifications/:id/read", "GET /api/decisions/:id", "POST /api/decisions/:id/appeal",
  "POST /api/games", "GET /api/games/:id", "GET /api/games/:id/messages", "GET /api/games/:id/map", "DELETE /api/games/:id",
  "POST /api/games/:id/messages", "POST /api/games/:id/retry", "POST /api/games/:id/regenerate",
  "POST /api/games/:id/messages/:messageId/renarrate", "PATCH /api/games/:id/messages/:messageId", "PUT /api/games/:id/tip",
  "PUT /api/games/:id/style", "GET /api/games/:id/messages/:messageId/speech",
  "POST /api/games/:id/undo", "POST /api/games/:id/stop", "GET /api/games/:id/live", "POST /api/games/:id/images",
  "GET /api/games/:id/memory", "PUT /api/games/:id/memory/recap", "POST /api/games/:id/memory/facts",
  "PATCH /api/games/:id/memory/facts/:factId", "DELETE /api/games/:id/memory/facts/:factId", "GET /api/games/:id/memory/prompt",
  "GET /api/games/:id/share", "PUT /api/games/:id/share", "DELETE /api/games/:id/share",
  "POST /api/games/:id/invitations", "GET /api/games/:id/invitations", "DELETE /api/games/:id/invitations/:invitationId",
  "GET /api/games/:id/group", "PUT /api/games/:id/group", "POST /api/games/:id/group/skip", "PUT /api/games/:id/players/me",
  "DELETE /api/games/:id/players/:userId", "POST /api/games/:id/votes", "POST /api/games/:id/notes", "POST /api/games/:id/typing",
  // An invitation shows its private story to whoever holds the secret link, as the host chose.
  "GET /api/invitations/:token", "POST /api/invitations/:token/join",
  "POST /api/custom-games", "POST /api/custom-games/generate", "POST /api/reports",
  // Issue 40 §3: a card import makes the caller's own private draft.
  "POST /api/templates/import",
  // Issue 40 §1: the caller's own scenarios (drafts are theirs only; publishing is screened).
  "POST /api/scenarios", "GET /api/scenarios/mine", "POST /api/scenarios/:id/publish",
  // 'Modifica bozza': the caller's own draft only (user_id = caller and draft = 1 in the query).
  "GET /api/scenarios/:id", "PUT /api/scenarios/:id", "POST /api/scenarios/:id/cover", "POST /api/scenarios/:id/cover/ai",
  // Issue 39: the caller's own push subscriptions and their kinds.
  "POST /api/push/subscriptions", "DELETE /api/push/subscriptions", "GET /api/push/preferences", "PUT /api/push/preferences",
  // Issue 41: the caller's own subscription.
  "POST /api/billing/checkout", "POST /api/billing/portal", "GET /api/billing/subscription",
];

/** Routes that show no user content: health, auth, plans, the site's shell and redirects. */
const NO_CONTENT = [
  "GET /api/auth/*", "POST /api/auth/*", "GET /api/health", "GET /api/ready", "GET /api/plans", "GET /robots.txt",
  // The site's public VAPID key (issue 39).
  "GET /api/push/key",
  // Stripe's signed events (issue 41).
  "POST /api/billing/webhook",
  // Legacy English addresses: a 301 to the Italian one, which is probed (shared/legacy-paths.ts).
  "GET /discover", "GET /genres", "GET /create", "GET /game/:genre/:gameId", "GET /gallery", "GET /gallery/:id",
  "GET /gallery/:id/:slug", "GET /pricing", "GET /profile", "GET /admin/games",
  // The SPA's pages: rendered from the API routes above with the visitor's own cookie (http/prerender.ts).
  "GET /", "GET /generi", "GET /scopri", "GET /galleria", "GET /prezzi", "GET /gioco/:genre/:gameId", "GET /profilo",
  "GET /.vite/*", "GET /*",
];

/** Every route that is private to its caller or shows no user content. */
export const PRIVATE_OR_NO_CONTENT: ReadonlySet<string> = new Set([...OWN_DATA, ...NO_CONTENT]);
