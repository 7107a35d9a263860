/**
 * Links of the site in e-mails (issue 36 finding 18): a mail reader has no page to resolve a
 * path against, so every link an e-mail carries is a full address of the site. The site's
 * address is PUBLIC_URL, or without it the address the server listens on, as in Better Auth's
 * own links (server.ts publicUrl).
 */

/**
 * The absolute address of `target` on the site.
 * Input: the site's address ("https://storie.example", "http://localhost:3000") and a path of the
 * site ("/decisioni/…", with query) or a full address already on the site (Better Auth's links).
 * Output: the full address, e.g. "https://storie.example/decisioni/…".
 * Throws when `target` is neither (another site, "//host/…", a relative path without "/"): an
 * e-mail never links elsewhere.
 */
export function absoluteSiteLink(siteUrl: string, target: string): string {
  const site = new URL(siteUrl);
  const isPath = target.startsWith("/") && !target.startsWith("//");
  const url = new URL(target, site);
  if ((!isPath && !/^https?:\/\//i.test(target)) || url.origin !== site.origin) throw new Error(`Not a link of this site: ${target}`);
  return url.toString();
}
