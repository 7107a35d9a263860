/**
 * /robots.txt (issue 9, low items): public pages may be crawled; the API, the admin area and the
 * player's private pages (spec §2 route table: /gioco/*, /profilo, /notifiche, /admin, and their old
 * English redirects) may not.
 */

export const ROBOTS_TXT = [
  "User-agent: *",
  "Allow: /",
  "Disallow: /api/",
  "Disallow: /admin",
  "Disallow: /gioco/",
  "Disallow: /game/",
  "Disallow: /profilo",
  "Disallow: /profile",
  "Disallow: /notifiche",
  "Disallow: /reimposta-password",
  "",
].join("\n");
