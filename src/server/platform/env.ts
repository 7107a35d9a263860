/**
 * Environment configuration: the only module that reads process.env.
 * Every variable, its default and meaning is documented in .env.example.
 */

import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_SITE_CONFIG } from "../../shared/site-config";
import { parsePushOrigins } from "./push/push-origins";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optionalText.pipe(z.url({ message: "deve essere un URL valido" }).optional());

/** An http(s) URL of the site configuration; empty or unset = not configured (the link is not shown). */
const siteUrl = optionalText.pipe(z.url({ protocol: /^https?$/, message: "deve essere un URL http(s) valido" }).optional());

/** A price in euro (e.g. 0.15 or 2,50); unset = unknown. */
const euroAmount = optionalText.pipe(
  z
    .string()
    .regex(/^\d+([.,]\d+)?$/, "deve essere un importo in euro, per esempio 0.15")
    .transform((v) => Number(v.replace(",", ".")))
    .optional(),
);

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** An IP address or CIDR range ("10.0.0.0/8", "fd00::/8"). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** Comma-separated IP addresses / CIDR ranges, as a list (empty when unset). */
const addressList = z
  .string()
  .default("")
  .transform((v) => v.split(",").map((e) => e.trim()).filter(Boolean))
  .refine((list) => list.every(isAddressOrRange), "deve essere un elenco di indirizzi IP o reti CIDR separati da virgole");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Public URL of the site, used in e-mail links and as the trusted origin. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default("./data"),
    /** Log level (issue 20 §2): trace, debug, info, warn, error, fatal or silent. */
    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], { error: "deve essere trace, debug, info, warn, error, fatal o silent" }).default("info"),
    /** Log lines: json (one object a line) or pretty (readable); unset = pretty in development, json otherwise. */
    LOG_FORMAT: z.enum(["json", "pretty"], { error: "deve essere json o pretty" }).optional(),
    /** Bearer token that opens GET /metrics to other machines (loopback needs none); ≥ 16 characters. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "deve avere almeno 16 caratteri").optional()),
    /** How long a stop (SIGTERM) waits for running requests and narrations before cutting them, ms. */
    SHUTDOWN_TIMEOUT_MS: milliseconds(25_000),
    /** How long a player who closed a group story's page still counts as present before 'assente' (issue 24), ms. */
    PRESENCE_AWAY_MS: milliseconds(30_000),
    /** Folder of the server's own daily backups (npm run backup's format); unset = none. */
    BACKUP_DIR: optionalText,
    /** Daily backups kept in BACKUP_DIR (the oldest are removed). */
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    /** sqlite:<path> or postgres://… ; default: SQLite file in DATA_DIR. */
    DATABASE_URL: optionalText,
    /**
     * SQLite only: NORMAL (default; a power cut may lose the last committed transactions, never
     * the database's consistency) or FULL (every commit reaches the disk before it is answered).
     */
    SQLITE_SYNCHRONOUS: z.enum(["NORMAL", "FULL"], { error: "deve essere NORMAL o FULL" }).default("NORMAL"),
    BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_CONFIG.brandName),
    /** Community chat linked from the header and footer (http/https); unset = no link. */
    COMMUNITY_URL: siteUrl,
    /** Microblogging profile linked from the footer (http/https); unset = no link. */
    SOCIAL_URL: siteUrl,
    /** The data controller's contact named in the privacy notice; unset = not named (a warning at start in production). */
    PRIVACY_EMAIL: optionalText.pipe(z.email({ message: "deve essere un indirizzo e-mail valido" }).optional()),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, "deve avere almeno 32 caratteri").optional()),
    /** Sign-in, sign-up, guest and e-mail limits (src/server/domain/auth/limits.ts); off only for tests. */
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    /** The starter scenarios (issue 40 §4) seeded at a fresh install's first start; off only for tests that need an empty 'Scopri'. */
    STARTER_SCENARIOS: z.enum(["on", "off"]).default("on"),
    /**
     * Reverse proxies whose forwarded headers (X-Forwarded-For, Forwarded) are believed: IPs and
     * CIDR ranges. Empty = the client address is always the socket's (issue 9, DESIGN §5).
     */
    TRUSTED_PROXIES: addressList,
    /**
     * Admins and moderators must have two-step verification (issue 10, issue 36 finding 15): without
     * it every /api/admin and /api/moderation route answers 403 ADMIN_2FA_REQUIRED
     * (policies/staff-two-factor.ts). Unset = on when NODE_ENV=production, off otherwise.
     */
    REQUIRE_ADMIN_2FA: z.enum(["on", "off"], { error: "deve essere on o off" }).optional(),
    /** New 'Tutorial' guest accounts per client address per day (0 = no guests). */
    GUEST_SIGNINS_PER_DAY: z.coerce.number().int().min(0).default(200),
    /** Live-event streams (GET /api/events) one player may hold on one instance; past it the oldest closes (issue 19 §7). */
    LIVE_EVENT_STREAMS_PER_PLAYER: z.coerce.number().int().min(1).default(8),
    /** Narration streams (GET /api/games/:id/live) one player may hold on one instance; past it 429 (issue 19 §7). */
    NARRATION_FOLLOWERS_PER_PLAYER: z.coerce.number().int().min(1).default(4),
    /** Live streams of both kinds one instance holds in all; past it 503 (issue 19 §7). */
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(10_000),
    /** Narrations one player may have running at once on one instance (several games in several tabs); past it 429 (issue 19). */
    NARRATIONS_PER_PLAYER: z.coerce.number().int().min(1).default(2),
    /** AI helper calls ('Genera con AI', the admin's template helpers) one player may have running at once on one instance; past it 429 (issue 19). */
    AI_HELPERS_PER_PLAYER: z.coerce.number().int().min(1).default(1),
    /** Pictures ('/visualizza') one player may have in the making at once on one instance; past it 429 (issue 19). */
    PICTURES_PER_PLAYER: z.coerce.number().int().min(1).default(1),
    /**
     * Web Push (issue 39): the site's VAPID key pair (base64url, as web-push's generateVAPIDKeys
     * makes them); both or neither. Unset = a pair made at the first start and kept in
     * DATA_DIR/vapid-keys.json (backed up and restored with the auth secret).
     */
    VAPID_PUBLIC_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, "deve essere una chiave pubblica P-256 in base64url (87 caratteri)").optional()),
    VAPID_PRIVATE_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "deve essere una chiave privata P-256 in base64url (43 caratteri)").optional()),
    /** Who the push services may contact about the site: a mailto: or https: URL; unset = PUBLIC_URL when https, else MAIL_FROM's address. */
    VAPID_SUBJECT: optionalText.pipe(z.url({ protocol: /^(https|mailto)$/, message: "deve essere un URL mailto: o https:" }).optional()),
    /**
     * The push services the site sends to (issue 39 SSRF guard): comma-separated https://host[:port]
     * origins ("*." allowed in front of a host); unset = the major browsers' push services.
     */
    PUSH_SERVICE_ORIGINS: optionalText.transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parsed = parsePushOrigins(v);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
    /** Google sign-in ('Continua con Google'): OAuth client of the Google Cloud console; both or neither. */
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /**
     * A generic OpenID Connect provider ('Continua con <OIDC_NAME>'): its issuer URL (the discovery
     * document is read from <issuer>/.well-known/openid-configuration), client id and secret.
     */
    OIDC_ISSUER_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "deve essere un URL http(s) valido" }).optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    /** Name shown on the button of the OpenID Connect provider. */
    OIDC_NAME: z.string().trim().min(1).max(40).default("OpenID Connect"),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Storie.ai <noreply@storie.ai>"),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: "deve essere un indirizzo e-mail valido" }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "deve avere almeno 8 caratteri").optional()),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    /** Longest wait for the provider's first token. */
    AI_CONNECT_TIMEOUT_MS: milliseconds(30_000),
    /** Longest silence between two streamed chunks (also of the provider's socket, before its answer). */
    AI_IDLE_TIMEOUT_MS: milliseconds(20_000),
    /** Longest wait for the provider's TCP/TLS connection (issue 20 §1). */
    AI_SOCKET_CONNECT_TIMEOUT_MS: milliseconds(10_000),
    /** Longest whole provider call, retries included. */
    AI_TOTAL_TIMEOUT_MS: milliseconds(300_000),
    /** Retries before the first token (429, 5xx, connection errors) stop after this long (issue 20 §1). */
    AI_RETRY_MAX_WAIT_MS: milliseconds(20_000),
    /** Models tried in order when AI_MODEL keeps failing, comma-separated. */
    AI_FALLBACK_MODELS: z
      .string()
      .default("")
      .transform((v) => v.split(",").map((m) => m.trim()).filter(Boolean)),
    /**
     * The output-length field: auto (max_completion_tokens on api.openai.com, whose newer models
     * refuse max_tokens; max_tokens elsewhere), max_tokens or max_completion_tokens.
     */
    AI_TOKEN_PARAMETER: z.enum(["auto", "max_tokens", "max_completion_tokens"], { error: "deve essere auto, max_tokens o max_completion_tokens" }).default("auto"),
    /** Ask streamed answers for their token usage (stream_options.include_usage); off for a provider that refuses the field. */
    AI_STREAM_USAGE: z.enum(["on", "off"], { error: "deve essere on o off" }).default("on"),
    /** Tokens (input + output, all players) a Rome day may use; once reached, new turns wait for tomorrow. 0 = no limit. */
    AI_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(0),
    /** Estimated cost in the admin console: euro per million input / output tokens. */
    AI_PRICE_INPUT: euroAmount,
    AI_PRICE_OUTPUT: euroAmount,
    /** Reading pace of the offline storyteller, per word. */
    OFFLINE_WORD_DELAY_MS: milliseconds(35),
    /** OpenAI-compatible images API; default: AI_BASE_URL. Neither set = the offline illustrator. */
    IMAGE_BASE_URL: optionalUrl,
    /** Key of the images API; default: AI_API_KEY. */
    IMAGE_API_KEY: optionalText,
    /** Image model (e.g. gpt-image-1, dall-e-3); required to use a real images API. */
    IMAGE_MODEL: optionalText,
    /** Requested picture size, WIDTHxHEIGHT (16:9 by default). */
    IMAGE_SIZE: z
      .string()
      .trim()
      .regex(/^\d{2,5}x\d{2,5}$/, "deve avere la forma LARGHEZZAxALTEZZA, per esempio 1792x1024")
      .default("1792x1024"),
    /** Longest wait for one picture from the images API. */
    IMAGE_TIMEOUT_MS: milliseconds(120_000),
    /** Largest picture accepted from the provider (bytes). */
    IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
    /**
     * Automatic screening of what becomes public (issue 23): the model of an OpenAI-compatible
     * /v1/moderations endpoint (e.g. omni-moderation-latest). Unset = nothing is screened.
     */
    MODERATION_MODEL: optionalText,
    /** Base URL of the moderation endpoint (ending in /v1); default: AI_BASE_URL. */
    MODERATION_BASE_URL: optionalUrl,
    /** Key of the moderation endpoint; default: AI_API_KEY. */
    MODERATION_API_KEY: optionalText,
    /** Longest wait for one screening answer; past it the content is published unscreened (and logged). */
    MODERATION_TIMEOUT_MS: milliseconds(10_000),
    /**
     * Server voice for 'Ascolta' (issue 39): an OpenAI-compatible speech endpoint
     * (POST {TTS_BASE_URL}/v1/audio/speech; a base already ending in /v1 is used as is) and its
     * model (e.g. tts-1, gpt-4o-mini-tts); both or neither. Unset = 'Ascolta' uses the browser's voices.
     */
    TTS_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "deve essere un URL http(s) valido" }).optional()),
    TTS_MODEL: optionalText,
    /** Key of the speech endpoint (Bearer); unset = no key sent. */
    TTS_API_KEY: optionalText,
    /** The endpoint's voice name (OpenAI: alloy, nova, shimmer…). */
    TTS_VOICE: z.string().trim().min(1).max(60).default("alloy"),
    /** Longest wait for the speech endpoint's answer to start, ms. */
    TTS_TIMEOUT_MS: milliseconds(30_000),
    /**
     * Paid plans with Stripe (issue 41): the secret key, the webhook endpoint's signing secret and
     * the recurring monthly prices of Premium and Pro; all four or none (none = 'Presto Disponibile').
     */
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_PREMIUM: optionalText,
    STRIPE_PRICE_PRO: optionalText,
    /** Stripe Tax on Checkout (Italian VAT): on or off. */
    STRIPE_AUTOMATIC_TAX: z.enum(["on", "off"], { error: "deve essere on o off" }).default("off"),
    /** Base URL of Stripe's API (stripe-mock, tests); unset = Stripe's own. */
    STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "deve essere un URL http(s) valido" }).optional()),
    /** S3-compatible bucket for media; unset = local folder DATA_DIR/media. */
    S3_BUCKET: optionalText,
    /** Region of the bucket (any value for MinIO/R2-style services). */
    S3_REGION: z.string().trim().default("us-east-1"),
    /** Endpoint of an S3-compatible service (MinIO, R2, Scaleway…); unset = AWS. */
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style addressing (bucket in the path), needed by MinIO and most self-hosted services. */
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
    /** Key prefix inside the bucket. */
    S3_PREFIX: z.string().trim().default("media/"),
  })
  .superRefine((env, ctx) => {
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      ctx.addIssue({ code: "custom", path: ["AI_MODEL"], message: "è obbligatorio quando AI_BASE_URL è impostato" });
    }
    if (env.IMAGE_BASE_URL && !env.IMAGE_MODEL) {
      ctx.addIssue({ code: "custom", path: ["IMAGE_MODEL"], message: "è obbligatorio quando IMAGE_BASE_URL è impostato" });
    }
    if (env.MODERATION_MODEL && !env.MODERATION_BASE_URL && !env.AI_BASE_URL) {
      ctx.addIssue({ code: "custom", path: ["MODERATION_BASE_URL"], message: "è obbligatorio quando MODERATION_MODEL è impostato e AI_BASE_URL no" });
    }
    if (Boolean(env.TTS_BASE_URL) !== Boolean(env.TTS_MODEL)) {
      ctx.addIssue({ code: "custom", path: ["TTS_MODEL"], message: "TTS_BASE_URL e TTS_MODEL vanno impostati insieme" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno impostati insieme" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET vanno impostati insieme" });
    }
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_SECRET"], message: "OIDC_ISSUER_URL, OIDC_CLIENT_ID e OIDC_CLIENT_SECRET vanno impostati insieme" });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vanno impostati insieme" });
    }
    const stripe = { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM: env.STRIPE_PRICE_PREMIUM, STRIPE_PRICE_PRO: env.STRIPE_PRICE_PRO };
    if (Object.values(stripe).some(Boolean)) {
      for (const [name, value] of Object.entries(stripe)) {
        if (!value) ctx.addIssue({ code: "custom", path: [name], message: "è obbligatorio quando una delle variabili STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM, STRIPE_PRICE_PRO è impostata" });
      }
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme" });
    }
  })
  .transform(({ REQUIRE_ADMIN_2FA, LOG_FORMAT, ...env }) => ({
    ...env,
    REQUIRE_ADMIN_2FA: REQUIRE_ADMIN_2FA ? REQUIRE_ADMIN_2FA === "on" : env.NODE_ENV === "production",
    LOG_FORMAT: LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json"),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/**
 * Parses and validates configuration.
 * Input: a variables map (process.env by default). Output: the typed Env.
 * Throws EnvError naming every bad variable, e.g. "PORT: Invalid input…".
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Configurazione non valida:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
