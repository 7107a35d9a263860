/**
 * The browser tab's title (issue 12: each public page has its own; the same on the page the
 * server sends and after a navigation in the browser). The home page: "Storie.ai – Storie
 * interattive con l'intelligenza artificiale"; every other page: its main heading, then the site,
 * e.g. "Scopri le storie · Storie.ai".
 */

/** What the home page's title says after the site's name. */
export const HOME_TAGLINE = "Storie interattive con l'intelligenza artificiale";

/**
 * Input: the page's main heading (null for the home page) and the site's name (e.g. "Storie.ai").
 * Output: the document title.
 */
export function documentTitle(heading: string | null, siteName: string): string {
  return heading === null ? `${siteName} – ${HOME_TAGLINE}` : `${heading} · ${siteName}`;
}
