/**
 * Schema of the site's runtime configuration (issue 9; shared/site-config.ts): checked by the
 * server when it builds the configuration it embeds in index.html, so the web reads it without
 * loading zod on its first page (issue 12).
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
  /** The community chat opened by the header and the footer (spec §2 Site frame); null = not configured, no link (issue 22 §6). */
  communityUrl: httpUrl.nullable(),
  /** The microblogging profile opened by the footer (spec §2 Site frame); null = not configured, no link. */
  socialUrl: httpUrl.nullable(),
  /** Contact address of the privacy notice (spec §1 privacy dialog, section 1); null = not configured, not named. */
  privacyEmail: z.email().nullable(),
  /** Sign-in providers configured on the server (GOOGLE_*, OIDC_*), in button order; [] = none. */
  authProviders: z.array(authProviderSchema).max(5),
  /** 'Ascolta' can use the server's voice (TTS_BASE_URL and TTS_MODEL set, issue 39): true = read with it. */
  serverVoice: z.boolean(),
  /** Paid plans can be bought with Stripe (STRIPE_* set, issue 41); false = 'Presto Disponibile'. */
  payments: z.boolean(),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
