/**
 * The site's runtime configuration (issue 9: BRAND_NAME, COMMUNITY_URL, SOCIAL_URL, PRIVACY_EMAIL
 * set on the server, not at build time). The server embeds it in every index.html it serves as
 * JSON inside <script type="application/json" id="site-config">; the web reads it at start.
 */

import { z } from "zod";

const httpUrl = z.url({ protocol: /^https?$/ });

/** A configured sign-in provider as the web shows it (issue 10): never a secret. */
export const authProviderSchema = z.object({
  /** Better Auth provider id ('google', 'oidc'): the path of /api/auth/callback/{id}. */
  id: z.string().regex(/^[a-z0-9-]{1,30}$/),
  /** Name on the button: 'Continua con {name}'. */
  name: z.string().trim().min(1).max(40),
});

export type AuthProvider = z.infer<typeof authProviderSchema>;

export const siteConfigSchema = z.object({
  /** Product name: the header shows `${brandName}.ai` (DESIGN: default 'Storie'). */
  brandName: z.string().trim().min(1).max(60),
  /** The community chat opened by the header and the footer (spec §2 Site frame). */
  communityUrl: httpUrl,
  /** The microblogging profile opened by the footer (spec §2 Site frame). */
  socialUrl: httpUrl,
  /** Contact address of the privacy notice (spec §1 privacy dialog, section 1). */
  privacyEmail: z.email(),
  /** Sign-in providers configured on the server (GOOGLE_*, OIDC_*), in button order; [] = none. */
  authProviders: z.array(authProviderSchema).max(5),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Values used when the server sets none (the .env.example defaults). */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  brandName: "Storie",
  communityUrl: "https://discord.com",
  socialUrl: "https://x.com",
  privacyEmail: "privacy@storie.ai",
  authProviders: [],
};

/** Id of the <script type="application/json"> element holding the configuration in index.html. */
export const SITE_CONFIG_ELEMENT_ID = "site-config";
