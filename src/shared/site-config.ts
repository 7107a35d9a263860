/**
 * The site's runtime configuration (issue 9: BRAND_NAME, COMMUNITY_URL, SOCIAL_URL, PRIVACY_EMAIL
 * set on the server, not at build time). The server checks it against its schema
 * (schemas/site-config.ts) and embeds it in every index.html it serves as JSON inside
 * <script type="application/json" id="site-config">; the web reads it at start. This module holds
 * no schema, so the web's first page does not load zod (issue 12).
 */

import type { SiteConfig } from "./schemas/site-config";

export type { AuthProvider, SiteConfig } from "./schemas/site-config";
/**
 * Values used when the server sets none: a link or contact that is not configured is not shown
 * (issue 22 §6: no placeholder addresses).
 */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  brandName: "Storie",
  communityUrl: null,
  socialUrl: null,
  privacyEmail: null,
  authProviders: [],
  serverVoice: false,
  payments: false,
};

/** Id of the <script type="application/json"> element holding the configuration in index.html. */
export const SITE_CONFIG_ELEMENT_ID = "site-config";
