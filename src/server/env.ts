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
  })
  .superRefine((env, ctx) => {
    if (env.AI_BASE_URL && !env.AI_MODEL) {
      ctx.addIssue({ code: "custom", path: ["AI_MODEL"], message: "è obbligatorio quando AI_BASE_URL è impostato" });
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
