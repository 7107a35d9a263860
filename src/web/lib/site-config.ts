/**
 * The site's runtime configuration (brand, community, social and privacy links), read once at
 * start from the JSON the server embeds in index.html (src/server/http/site-config.ts). Under the
 * Vite dev server, or if the JSON is missing or invalid, the defaults apply.
 */

import { DEFAULT_SITE_CONFIG, SITE_CONFIG_ELEMENT_ID, type SiteConfig, siteConfigSchema } from "@shared/site-config";

function readSiteConfig(): SiteConfig {
  const text = document.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    const parsed = siteConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_SITE_CONFIG;
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

export const SITE_CONFIG: SiteConfig = readSiteConfig();
