/**
 * /robots.txt (issue 9, low items; issue 12): public pages may be crawled; the API, the admin area
 * and the player's private pages (spec §2 route table: /gioco/*, /profilo, /notifiche, /admin, and
 * their old English redirects) may not. It names the sitemap by its absolute URL, as the
 * protocol requires.
 */

/** Input: the site's origin ("https://storie.ai"). Output: the file's text. */
export function robotsTxt(origin: string): string {
  return [
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
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
