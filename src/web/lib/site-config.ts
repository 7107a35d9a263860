/**
 * The site's runtime configuration (brand, community, social and privacy links, sign-in
 * providers), read once at start from the JSON the server embeds in index.html
 * (src/server/features/http/site-config.ts, which checks it against the shared schema). Read without zod,
 * so the first page does not load it (issue 12). Under the Vite dev server, or if the JSON is
 * missing or unreadable, the defaults apply, field by field. On the server that renders the public
 * pages, the configuration it set under SERVER_SITE_CONFIG_KEY.
 */

import { SERVER_SITE_CONFIG_KEY } from "@shared/prerender";
import { DEFAULT_SITE_CONFIG, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "@shared/site-config";

function readSiteConfig(): SiteConfig {
  // Rendered by the server (issue 12): the configuration it set for the whole process.
  if (typeof document === "undefined") return (globalThis as Record<symbol, SiteConfig | undefined>)[SERVER_SITE_CONFIG_KEY] ?? DEFAULT_SITE_CONFIG;
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
