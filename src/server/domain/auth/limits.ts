/**
 * Over 350 lines: the whole limit matrix (per address, account, recipient) in one place, so every auth path reads the same table.
 * Limits on the auth endpoints (issue 9 findings 2, 3, 6; DESIGN §5), checked before Better
 * Auth's handler runs, so a refused attempt costs no password hash and no e-mail.
 *
 * Per client address (the socket's, or the forwarded one behind TRUSTED_PROXIES; an IPv6
 * client counts as its /64 network): one rule per path (addressRules: sign-in 20/min, sign-up
 * 10/h, guests GUESTS_PER_HOUR/h and GUEST_SIGNINS_PER_DAY/day, e-mail requests and e-mail changes 5/15 min, link
 * checks 20/15 min, password changes and two-factor set-up 10/15 min, two-factor code checks
 * 20/15 min, any other auth call 300/min), plus at most ADDRESS_FAILURES wrong passwords or codes
 * per hour over all accounts.
 *
 * Per account (e-mail address, whatever the client address), on e-mail sign-in, and the same
 * per user on every two-factor code check (TWO_FACTOR_CODE_PATHS: the code of a pending sign-in,
 * confirming the authenticator app, turning it off; issue 10), where a wrong code counts as a
 * wrong password:
 * - one password check at a time: a concurrent attempt is refused at once (so a flood from many
 *   addresses hashes one guess at a time, never a pile of them);
 * - one client address may fail PAIR_FAILURES times on one account within PAIR_WINDOW;
 * - the account accepts ACCOUNT_FREE_FAILURES failures in a day; from then on every failure
 *   imposes a delay before the next attempt from anywhere, doubling from ACCOUNT_DELAY_BASE
 *   up to ACCOUNT_DELAY_MAX. Since one address
 *   alone cannot reach ACCOUNT_FREE_FAILURES (PAIR_FAILURES < ACCOUNT_FREE_FAILURES), an
 *   attacker at one address never slows the player down; rotating addresses cannot lift the
 *   delay. A correct password (signed in, or 403 EMAIL_NOT_VERIFIED) or code clears the counters.
 *
 * The account of a check is the one Better Auth itself reads (issue 19 findings 1, 2): the e-mail of
 * the body Better Auth parsed, the two_factor cookie as Better Auth's cookie parser reads it. The
 * app's before hook (auth.ts) hands it to `checkSecret` while `guard` waits for the answer; no
 * second parser of the request or its cookies. A POST with a body that is not JSON is refused
 * with 415 before Better Auth parses it (Better Auth would accept forms on some routes).
 *
 * Per recipient: one confirmation e-mail, one password-reset e-mail and one report receipt
 * (features/moderation/reporter-mails.ts: anyone may type any address in the report form; issue
 * 36 finding 9) per MAIL_WINDOW.
 * Refusals answer 429 {code: "RATE_LIMITED", title, message} in Italian (Better Auth's
 * error shape, read by the web's auth client) with a Retry-After header in seconds.
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { MAIL_INTERVAL_MINUTES } from "../../../shared/auth-mail";
import { UNCONFIRMED_EMAIL_CODES } from "../../../shared/auth-errors";
import { ERRORS } from "../../../shared/errors";
import { addressKey, CLIENT_ADDRESS_HEADER } from "../http/client-address";
import type { LimiterFactory } from "./limit-store";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ADDRESS_FAILURES = 30;
export const PAIR_FAILURES = 5;
const PAIR_WINDOW = 15 * MINUTE;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_DELAY_BASE = 15;
const ACCOUNT_DELAY_MAX = 15 * MINUTE;
/** Longest a sign-in can hold its account's "check in progress" mark (a server dying mid-check). */
const ACCOUNT_BUSY_EXPIRY = 30;
const MAIL_WINDOW = MAIL_INTERVAL_MINUTES * MINUTE;
/**
 * New guest accounts ('Tutorial') per address in an hour (issue 22 §1): a class of 30 on one
 * school or office connection all get in; the daily total (guestsPerDay) bounds a flood.
 */
export const GUESTS_PER_HOUR = 30;

type AuthHandler = (request: Request) => Promise<Response>;
/** Whose secret a check is about: an e-mail sign-in's address, or a two-factor code's user. */
export type SecretAccount = { email: string } | { userId: string };
export type MailKind = "verification" | "reset" | "report";

export interface AuthLimitsOptions {
  /** AUTH_RATE_LIMIT: false lets everything through (tests of other features). */
  enabled: boolean;
  limiter: LimiterFactory;
  /** GUEST_SIGNINS_PER_DAY: new guest accounts per address per day (besides GUESTS_PER_HOUR). */
  guestsPerDay: number;
}

export interface AuthLimits {
  /**
   * Runs Better Auth's handler under the limits.
   * Input: the request (CLIENT_ADDRESS_HEADER set by the app) and the handler. Output: the
   * handler's response, or a 429 without calling it.
   */
  guard(request: Request, handler: AuthHandler): Promise<Response>;
  /**
   * Called by Better Auth's before hook of a secret check (SECRET_PATHS) with the account as
   * Better Auth parsed it: {email} for an e-mail sign-in, {userId} for a two-factor code, or null
   * when the request names none (Better Auth then refuses it without a check).
   * Output: true when the check is refused (the hook then stops Better Auth, and `guard` answers
   * with the 429), false to let it run. Only the guarded HTTP request's own endpoint counts (an
   * endpoint called from inside it, or from the server, is not a guess).
   */
  checkSecret(path: string, account: SecretAccount | null): Promise<boolean>;
  /**
   * A check of the signed-in user's own password or code outside Better Auth's endpoints
   * (confirming an erasure: issue 36 finding 17), under the same limits as a sign-in: the
   * address's rule of the password paths, then the per-account ones (one check at a time,
   * ADDRESS_FAILURES, PAIR_FAILURES, the account's delay after ACCOUNT_FREE_FAILURES); a right
   * secret clears the counters. Input: the client address (as CLIENT_ADDRESS_HEADER carries it),
   * the user id and the check, which tells whether the secret was right.
   * Output: {verdict} of the check, or {refused} when the limits refuse it (the check did not run).
   */
  checkOwnSecret(clientAddress: string | null, userId: string, check: () => Promise<Verdict>): Promise<{ verdict: Verdict } | { refused: Refusal }>;
  /** True when an e-mail of this kind may be sent to `recipient` now (and counts it). */
  allowMail(kind: MailKind, recipient: string): Promise<boolean>;
}

interface AddressRule {
  name: string;
  matches(path: string): boolean;
  points: number;
  duration: number;
  /** Italian refusal, given the wait ("5 minuti"). */
  message?: (wait: string) => string;
  /** A daily total over the same requests, besides `points` per `duration`. */
  perDay?: number;
}

const MAIL_PATHS = new Set(["/request-password-reset", "/forget-password", "/send-verification-email", "/change-email"]);
const PASSWORD_PATHS = new Set(["/change-password", "/delete-user", "/two-factor/enable", "/two-factor/get-totp-uri", "/two-factor/generate-backup-codes"]);
/** Two-factor code checks (Better Auth's two-factor plugin; disabling and new backup codes take a code too, ./two-factor.ts). */
const TWO_FACTOR_CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/disable", "/two-factor/generate-backup-codes"]);
/** Every check of a password or code under the per-account limits (auth.ts hands their account to checkSecret). */
export const SECRET_PATHS = new Set(["/sign-in/email", ...TWO_FACTOR_CODE_PATHS]);
/** Provider callbacks: the provider's redirect may post a form (response_mode=form_post); no secret of ours is checked there. */
const PROVIDER_CALLBACK = /^\/(?:oauth2\/)?callback\//;

/** Per-address rules: the first that matches the path applies. */
function addressRules(guestsPerDay: number): AddressRule[] {
  return [
    { name: "sign-in", matches: (p) => p === "/sign-in/email", points: 20, duration: MINUTE },
    { name: "sign-up", matches: (p) => p === "/sign-up/email", points: 10, duration: HOUR },
    {
      name: "guest",
      matches: (p) => p === "/sign-in/anonymous",
      points: GUESTS_PER_HOUR,
      duration: HOUR,
      perDay: guestsPerDay,
      message: (wait) => `Sono già stati creati troppi account ospite da questa connessione. Registrati per continuare a giocare, oppure riprova tra ${wait}.`,
    },
    { name: "mail", matches: (p) => MAIL_PATHS.has(p), points: 5, duration: 15 * MINUTE },
    { name: "code", matches: (p) => p === "/verify-email" || p === "/reset-password" || p.startsWith("/reset-password/"), points: 20, duration: 15 * MINUTE },
    { name: "password", matches: (p) => PASSWORD_PATHS.has(p), points: 10, duration: 15 * MINUTE },
    { name: "two-factor", matches: (p) => TWO_FACTOR_CODE_PATHS.has(p), points: 20, duration: 15 * MINUTE },
    { name: "auth", matches: () => true, points: 300, duration: MINUTE },
  ];
}

/** "30 secondi", "1 minuto", "5 minuti", "3 ore". */
function waitText(seconds: number): string {
  if (seconds < MINUTE) return seconds === 1 ? "1 secondo" : `${seconds} secondi`;
  if (seconds < 2 * HOUR) {
    const minutes = Math.ceil(seconds / MINUTE);
    return minutes === 1 ? "1 minuto" : `${minutes} minuti`;
  }
  return `${Math.ceil(seconds / HOUR)} ore`;
}

/** A refusal of the limits: the wait in whole seconds (≥ 1) and the Italian text that names it. */
export interface Refusal {
  retryAfterSeconds: number;
  message: string;
}

/** The refusal for a wait of `msBeforeNext` ms, with its Italian text. */
function refusal(msBeforeNext: number, message: (wait: string) => string = (wait) => `Troppi tentativi. Riprova tra ${wait}.`): Refusal {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return { retryAfterSeconds: seconds, message: message(waitText(seconds)) };
}

/** The 429 answer of a refusal: Italian message, Retry-After in whole seconds. */
function tooManyRequests({ retryAfterSeconds, message }: Refusal): Response {
  return Response.json({ code: "RATE_LIMITED", title: ERRORS.RATE_LIMITED.title, message }, { status: 429, headers: { "retry-after": String(retryAfterSeconds) } });
}

/** Account key: a hash of the normalised e-mail (bounded length, no address in the store). */
function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

/** Consumes points; a refusal resolves to {refused: true} instead of rejecting. Store errors still throw. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<{ refused: boolean; res: RateLimiterRes }> {
  try {
    return { refused: false, res: await limiter.consume(key) };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { refused: true, res: error };
    throw error;
  }
}

/** The auth path under /api/auth as Better Auth's router matches it ("/sign-in/email"). */
function authPath(request: Request): string {
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  return `/${segments.slice(2).join("/")}`;
}

/** The media type of a request ("application/json"), lower case, without parameters. */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The 415 answer to a body in any format but JSON (issue 19 finding 1), in Italian. */
function unsupportedMediaType(): Response {
  return Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", ...ERRORS.UNSUPPORTED_MEDIA_TYPE }, { status: 415 });
}

/** What a guarded answer says about the secret: wrong, right, or neither (malformed, refused before any check). */
export type Verdict = "wrong" | "right" | "neither";

async function answerCode(response: Response): Promise<unknown> {
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  return body?.code;
}

/** E-mail sign-in: 401 = wrong password; signed in (with or without a pending second factor) or 403 e-mail not confirmed (checked after the password) = right. */
async function passwordVerdict(response: Response): Promise<Verdict> {
  if (response.status === 401) return "wrong";
  if (response.status === 200) return "right";
  if (response.status !== 403) return "neither";
  const code = await answerCode(response);
  return typeof code === "string" && UNCONFIRMED_EMAIL_CODES.has(code) ? "right" : "neither";
}

/** Two-factor code check: 401 = wrong code (or challenge), 400 INVALID_PASSWORD = wrong password (turning it off), 200 = right. */
async function codeVerdict(response: Response): Promise<Verdict> {
  if (response.status === 401) return "wrong";
  if (response.status === 200) return "right";
  return response.status === 400 && (await answerCode(response)) === "INVALID_PASSWORD" ? "wrong" : "neither";
}

/** A secret check under way in a guarded request, until Better Auth's before hook names its account. */
interface PendingCheck {
  path: string;
  address: string;
  verdict: (response: Response) => Promise<Verdict>;
  /** Set when the limits refuse the check: the answer, instead of Better Auth's. */
  refusal?: Refusal;
  claimed?: Claimed;
}

/** A check that passed the limits: its account key, pair key, failures so far and the points taken. */
interface Claimed {
  account: string;
  pair: string;
  failures: number;
  counted: [RateLimiterAbstract, string][];
}

/** The guarded request's secret check, shared with the before hook that runs inside Better Auth's handler. */
const checks = new AsyncLocalStorage<PendingCheck>();

/**
 * Builds the limits.
 * Input: AuthLimitsOptions. Output: AuthLimits. Limiter store errors propagate (the request
 * fails with 500 and is logged) except on PostgreSQL, where an in-memory limiter takes over.
 */
export function createAuthLimits(options: AuthLimitsOptions): AuthLimits {
  const make = options.limiter;
  const rules = addressRules(options.guestsPerDay).map((rule) => ({
    rule,
    limiters: [
      make({ keyPrefix: `address-${rule.name}`, points: rule.points, duration: rule.duration }),
      ...(rule.perDay === undefined ? [] : [make({ keyPrefix: `address-${rule.name}-day`, points: rule.perDay, duration: DAY })]),
    ],
  }));
  // Checks of a signed-in user's own secret outside Better Auth count as its password paths do.
  const passwordRule = rules.find((r) => r.rule.name === "password")!;
  const addressFailures = make({ keyPrefix: "address-failures", points: ADDRESS_FAILURES, duration: HOUR });
  const pairFailures = make({ keyPrefix: "pair-failures", points: PAIR_FAILURES, duration: PAIR_WINDOW });
  const accountFailures = make({ keyPrefix: "account-failures", points: Number.MAX_SAFE_INTEGER, duration: DAY });
  const accountDelay = make({ keyPrefix: "account-delay", points: 1, duration: ACCOUNT_DELAY_MAX });
  // One password check per account at a time; the expiry only matters if a server dies mid-check.
  const accountBusy = make({ keyPrefix: "account-busy", points: 1, duration: ACCOUNT_BUSY_EXPIRY });
  const mail = {
    verification: make({ keyPrefix: "mail-verification", points: 1, duration: MAIL_WINDOW }),
    reset: make({ keyPrefix: "mail-reset", points: 1, duration: MAIL_WINDOW }),
    report: make({ keyPrefix: "mail-report", points: 1, duration: MAIL_WINDOW }),
  };

  /**
   * The limits before a check of a secret of `account` (password or code): one check at a time
   * per account, the account's delay, per-address failures, per address+account, per account.
   * Input: the client address key and the account key. Output: the refusal, or the claimed
   * check (the caller then settles it and releases the busy mark).
   */
  async function claim(address: string, account: string): Promise<{ refused: Refusal } | { claimed: Claimed }> {
    if ((await take(accountBusy, account)).refused) {
      return { refused: refusal(1000, (wait) => `Un altro tentativo di accesso a questo account è in corso. Riprova tra ${wait}.`) };
    }
    const refuse = async (refused: Refusal) => {
      await accountBusy.delete(account);
      return { refused };
    };
    const delayed = await accountDelay.get(account);
    if (delayed && delayed.consumedPoints > accountDelay.points) {
      return refuse(refusal(delayed.msBeforeNext, (wait) => `Troppi tentativi di accesso a questo account. Riprova tra ${wait}.`));
    }
    const pair = `${address}|${account}`;
    // Failures are counted before the check, so that guesses from one address running side by
    // side on several accounts each see their own number; an attempt that turns out not to be a
    // failure gives its points back.
    const counted: [RateLimiterAbstract, string][] = [];
    for (const [limiter, key] of [
      [addressFailures, address],
      [pairFailures, pair],
    ] as const) {
      const taken = await take(limiter, key);
      if (taken.refused) {
        await Promise.all(counted.map(([l, k]) => l.reward(k)));
        return refuse(refusal(taken.res.msBeforeNext));
      }
      counted.push([limiter, key]);
    }
    const failures = (await accountFailures.consume(account)).consumedPoints;
    counted.push([accountFailures, account]);
    return { claimed: { account, pair, failures, counted } };
  }

  /** After a claimed check: a wrong secret may impose the delay, a right one clears the counters, neither gives the points back. */
  async function settle(address: string, { account, pair, failures, counted }: Claimed, outcome: Verdict): Promise<void> {
    if (outcome === "wrong") {
      if (failures >= ACCOUNT_FREE_FAILURES) {
        await accountDelay.block(account, Math.min(ACCOUNT_DELAY_MAX, ACCOUNT_DELAY_BASE * 2 ** (failures - ACCOUNT_FREE_FAILURES)));
      }
    } else if (outcome === "right") {
      await Promise.all([addressFailures.reward(address), pairFailures.delete(pair), accountFailures.delete(account), accountDelay.delete(account)]);
    } else {
      await Promise.all(counted.map(([limiter, key]) => limiter.reward(key)));
    }
  }

  return {
    async guard(request, handler) {
      if (!options.enabled) return handler(request);
      const path = authPath(request);
      const address = addressKey(request.headers.get(CLIENT_ADDRESS_HEADER));
      const { rule, limiters } = rules.find((r) => r.rule.matches(path))!;
      for (const limiter of limiters) {
        const taken = await take(limiter, address);
        if (taken.refused) return tooManyRequests(refusal(taken.res.msBeforeNext, rule.message));
      }
      if (request.method !== "POST") return handler(request);
      if (request.body !== null && mediaType(request) !== "application/json" && !PROVIDER_CALLBACK.test(path)) return unsupportedMediaType();
      if (!SECRET_PATHS.has(path)) return handler(request);
      const pending: PendingCheck = { path, address, verdict: path === "/sign-in/email" ? passwordVerdict : codeVerdict };
      try {
        const response = await checks.run(pending, () => handler(request));
        if (pending.refusal) return tooManyRequests(pending.refusal);
        if (pending.claimed) await settle(address, pending.claimed, await pending.verdict(response));
        return response;
      } finally {
        if (pending.claimed) await accountBusy.delete(pending.claimed.account);
      }
    },
    async checkSecret(path, account) {
      const pending = checks.getStore();
      if (!pending || pending.path !== path || pending.claimed || pending.refusal || account === null) return false;
      const claimed = await claim(pending.address, "email" in account ? accountKey(account.email) : `user:${account.userId}`);
      if ("refused" in claimed) pending.refusal = claimed.refused;
      else pending.claimed = claimed.claimed;
      return pending.refusal !== undefined;
    },
    async checkOwnSecret(clientAddress, userId, check) {
      if (!options.enabled) return { verdict: await check() };
      const address = addressKey(clientAddress);
      for (const limiter of passwordRule.limiters) {
        const taken = await take(limiter, address);
        if (taken.refused) return { refused: refusal(taken.res.msBeforeNext) };
      }
      const claimed = await claim(address, `user:${userId}`);
      if ("refused" in claimed) return claimed;
      try {
        const verdict = await check();
        await settle(address, claimed.claimed, verdict);
        return { verdict };
      } finally {
        await accountBusy.delete(claimed.claimed.account);
      }
    },
    async allowMail(kind, recipient) {
      if (!options.enabled) return true;
      return !(await take(mail[kind], accountKey(recipient))).refused;
    },
  };
}
