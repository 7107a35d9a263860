/**
 * Environment configuration: the only module that reads process.env.
 * Every variable, its default and meaning is documented in .env.example.
 */

import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = optionalText.pipe(z.url({ message: "deve essere un URL valido" }).optional());

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Public URL of the site, used in e-mail links and as the trusted origin. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default("./data"),
    /** sqlite:<path> or postgres://… ; default: SQLite file in DATA_DIR. */
    DATABASE_URL: optionalText,
    BRAND_NAME: z.string().trim().min(1).default("Storie"),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, "deve avere almeno 32 caratteri").optional()),
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Storie.ai <noreply@storie.ai>"),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: "deve essere un indirizzo e-mail valido" }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "deve avere almeno 8 caratteri").optional()),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    /** Longest wait for the provider's first token. */
    AI_CONNECT_TIMEOUT_MS: milliseconds(30_000),
    /** Longest silence between two streamed chunks. */
    AI_IDLE_TIMEOUT_MS: milliseconds(20_000),
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
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno impostati insieme" });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme" });
    }
  });

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
