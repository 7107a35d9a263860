/**
 * Runtime site configuration in index.html (issue 9: BRAND_NAME and the community, social and
 * privacy links set on the server). The configuration travels as JSON inside
 * <script type="application/json" id="site-config"> (not executed, so the CSP allows it); the
 * page title carries the brand too.
 */

import { siteConfigSchema } from "../../../shared/schemas/site-config";
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "../../../shared/site-config";
import { hasServerVoice } from "../../domain/ai/speech";
import { enabledProviders, socialConfig } from "../../domain/auth/social";
import type { Env } from "../../platform/env";
import { escapeHtml } from "./page-head";

/** The configuration of the web from the environment. */
export function siteConfig(env: Env): SiteConfig {
  // Checked here, where it is made: the web trusts what its own server embeds (issue 12).
  return siteConfigSchema.parse({
    brandName: env.BRAND_NAME,
    communityUrl: env.COMMUNITY_URL ?? null,
    socialUrl: env.SOCIAL_URL ?? null,
    privacyEmail: env.PRIVACY_EMAIL ?? null,
    authProviders: enabledProviders(socialConfig(env)),
    serverVoice: hasServerVoice(env),
    payments: Boolean(env.STRIPE_SECRET_KEY),
  });
}

/**
 * JSON safe inside a <script> element: '<', '>', '&' and the JavaScript line separators are
 * written as \u escapes, so no value can close the element or open a comment.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * index.html with the configuration embedded before </head> and the brand in the title.
 * Input: the built index.html and the configuration. Output: the HTML to serve.
 */
export function withSiteConfig(indexHtml: string, config: SiteConfig): string {
  const script = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`;
  return indexHtml
    .replace(/<title>Storie\.ai/, () => `<title>${escapeHtml(config.brandName)}.ai`)
    .replace("</head>", () => `  ${script}\n  </head>`);
}
