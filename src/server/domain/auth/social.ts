/**
 * Social sign-in and linked identities (issue 10; spec §7 identities, /user/identities/authorize,
 * DELETE /user/identities/{id}; §8 identity_already_exists, identity_not_found,
 * single_identity_not_deletable). Everything runs through Better Auth: Google is one of its social
 * providers, any OpenID Connect provider is registered by its generic OAuth plugin from the
 * provider's discovery document, and linking, listing and unlinking are its /link-social,
 * /list-accounts and /unlink-account endpoints. This module turns the environment into those
 * options and holds the rules Better Auth does not have: a new account created through a
 * provider must have accepted the privacy policy (spec §5 Registration) and an address the
 * provider confirmed, and identities linked to an address while it was unconfirmed are dropped
 * when it is confirmed by mail (issue 19 finding 3).
 */

import { APIError, getOAuthState, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { z } from "zod";
import type { AuthProvider } from "../../../shared/site-config";
import { AUTH_ERRORS } from "../../../shared/auth-errors";
import { registrationSchema } from "../../../shared/schemas/auth";
import type { Env } from "../../platform/env";

/** Id of the generic OpenID Connect provider (callback: /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";
/** Id of Google (callback: /api/auth/callback/google). */
export const GOOGLE_PROVIDER_ID = "google";

/** The providers the environment configures; each is absent when not configured. */
export interface SocialConfig {
  google?: { clientId: string; clientSecret: string };
  oidc?: { issuerUrl: string; clientId: string; clientSecret: string; name: string };
}

/** Reads GOOGLE_* and OIDC_* (validated together by env.ts). */
export function socialConfig(env: Env): SocialConfig {
  return {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : undefined,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? { issuerUrl: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME }
        : undefined,
  };
}

/**
 * The configured providers as the web shows them ('Continua con {name}'), in button order:
 * ids and names only, never a secret. Output: [] when none is configured.
 */
export function enabledProviders(config: SocialConfig): AuthProvider[] {
  const providers: AuthProvider[] = [];
  if (config.google) providers.push({ id: GOOGLE_PROVIDER_ID, name: "Google" });
  if (config.oidc) providers.push({ id: OIDC_PROVIDER_ID, name: config.oidc.name });
  return providers;
}

/** Discovery document of an issuer (OpenID Connect Discovery 1.0 §4). */
function discoveryUrl(issuerUrl: string): string {
  return `${issuerUrl.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/**
 * Better Auth options for the configured providers: `socialProviders` (Google), the generic OAuth
 * plugin (OpenID Connect by discovery, PKCE, ID token checked against the provider's keys, e-mail
 * required to be confirmed by the provider or by our own confirmation e-mail) and the account
 * linking rules:
 * - signing in with a provider whose confirmed e-mail matches an existing confirmed account links
 *   it to that account (Better Auth's default: never for an unconfirmed address on either side);
 * - a signed-in player may link an identity whose e-mail differs from the account's;
 * - an identity belongs to one account only (identity_already_exists);
 * - the last way to sign in cannot be removed (single_identity_not_deletable).
 */
export function socialAuthOptions(config: SocialConfig) {
  return {
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: "select_account" as const } }
      : {},
    account: {
      accountLinking: { enabled: true, allowDifferentEmails: true, allowUnlinkingAll: false, updateUserInfoOnLink: false },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.name,
                discoveryUrl: discoveryUrl(config.oidc.issuerUrl),
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                requireIdTokenVerification: true,
                requireEmailVerification: true,
              },
            ],
          }),
        ]
      : [],
  };
}

/**
 * Drops every identity linked to `userId` (all accounts but its password), for the moment an
 * unconfirmed address is confirmed by mail (a reset link or the confirmation link, issue 19
 * finding 3): whatever was linked while the address was unconfirmed came from someone who had
 * not proved to own it, and must not reach the account the owner now takes. Input: Better
 * Auth's internal adapter and the user id.
 */
export async function dropIdentitiesOfUnconfirmedAccount(adapter: { findAccounts(userId: string): Promise<{ id: string; providerId: string }[]>; deleteAccount(id: string): Promise<void> }, userId: string): Promise<void> {
  for (const account of await adapter.findAccounts(userId)) {
    if (account.providerId !== "credential") await adapter.deleteAccount(account.id);
  }
}

/** What a provider button sends besides Better Auth's own fields. */
const providerConsentSchema = z.object({ acceptPrivacy: registrationSchema.shape.acceptPrivacy });

/** Key of the privacy acceptance in the OAuth flow's server context. */
const PRIVACY_KEY = "privacyAccepted";

/** Paths that start a provider flow able to create an account. */
export const PROVIDER_SIGN_IN_PATHS = new Set(["/sign-in/social", "/sign-in/oauth2"]);

/**
 * Before hook of a provider sign-in: when the body carries `acceptPrivacy: true` (the button sits
 * under the privacy notice), the acceptance rides the OAuth state across the provider's redirect
 * in Better Auth's server context, which a client cannot forge.
 */
export async function rememberPrivacyAcceptance(body: unknown, addServerContext: (values: Record<string, unknown>) => Promise<void>): Promise<void> {
  if (providerConsentSchema.safeParse(body).success) await addServerContext({ [PRIVACY_KEY]: true });
}

/**
 * Before hook of a new user row: an account created by a provider's callback must come from a
 * flow whose sign-in accepted the privacy policy (spec §5 Registration), and from an address the
 * provider has confirmed (issue 19 finding 3: email_verified true; Better Auth itself never links
 * an unconfirmed provider address to an existing account). Throws 403 PRIVACY_NOT_ACCEPTED
 * ('Devi accettare la Privacy Policy per registrarti.') or provider_email_not_verified; Better
 * Auth sends it back to the flow's error page as ?error=…. Other ways of creating users (e-mail
 * sign-up, guests, admins) have no OAuth state and are not affected.
 * Input: the user row about to be created ({emailVerified}).
 */
export async function checkProviderUser(user: { emailVerified?: boolean | null }): Promise<void> {
  // Outside a Better Auth request (e.g. an admin creating a user) there is no provider flow.
  const state = await getOAuthState().catch(() => null);
  if (!state || state.link) return;
  if (state.serverContext?.[PRIVACY_KEY] !== true) {
    throw new APIError("FORBIDDEN", { code: "PRIVACY_NOT_ACCEPTED", message: AUTH_ERRORS.PRIVACY_NOT_ACCEPTED!.message });
  }
  if (user.emailVerified !== true) {
    throw new APIError("FORBIDDEN", { code: "provider_email_not_verified", message: AUTH_ERRORS.provider_email_not_verified!.message });
  }
}

/**
 * Before hook of POST /unlink-account {accountId}: an id that is not one of the caller's own
 * identities answers 400 ACCOUNT_NOT_FOUND (identity_not_found, spec §8) before Better Auth's
 * last-identity rule, so a player with one identity asking for someone else's id is told the
 * identity does not exist, not that their own cannot be removed. Without a session, Better
 * Auth's own 401 follows.
 */
export async function requireOwnIdentity(ctx: Parameters<typeof getSessionFromCtx>[0]): Promise<void> {
  const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
  const session = await getSessionFromCtx(ctx);
  if (!session || typeof accountId !== "string") return;
  const own = await ctx.context.internalAdapter.findAccounts(session.user.id);
  if (!own.some((account) => account.id === accountId)) {
    throw new APIError("BAD_REQUEST", { code: "ACCOUNT_NOT_FOUND", message: AUTH_ERRORS.identity_not_found!.message });
  }
}
