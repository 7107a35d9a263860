/**
 * The site's runtime configuration (brand, community, social and privacy links, sign-in
 * providers), read once at start from the JSON the server embeds in index.html
 * (src/server/http/site-config.ts, which checks it against the shared schema). Read without zod,
 * so the first page does not load it (issue 12). Under the Vite dev server, or if the JSON is
 * missing or unreadable, the defaults apply, field by field.
 */

import { DEFAULT_SITE_CONFIG, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "@shared/site-config";

function readSiteConfig(): SiteConfig {
  const text = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    const embedded = JSON.parse(text) as Partial<SiteConfig> | null;
    return { ...DEFAULT_SITE_CONFIG, ...(typeof embedded === "object" ? embedded : {}) };
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

export const SITE_CONFIG: SiteConfig = readSiteConfig();
