/** Dependencies and per-request variables shared by the server's modules. */

import type { Kysely } from "kysely";
import type { Illustrator } from "./ai/illustrator/types";
import type { Narrator } from "./ai/types";
import type { DialectName } from "../platform/db/client";
import type { Database } from "../platform/db/schema";
import type { ConfiguredChat } from "./ai/openai-client";
import type { Env } from "../platform/env";
import type { Mailer } from "../platform/mail/mailer";
import type { MediaStorage } from "../platform/media/media-storage";
import type { Logger } from "../platform/ops/logger";
import type { Metrics } from "../platform/ops/metrics";
import type { EventBus } from "../platform/realtime/event-bus";
import type { NarrationRegistry } from "../platform/realtime/narration-registry";
import type { Presence } from "../platform/realtime/presence";
import type { PushTransport } from "../platform/push/push-transport";
import type { Billing } from "../platform/billing/stripe-client";
import type { Bounds } from "./quota/bounds";

/**
 * Services added by modules that build on this one, through TypeScript's declaration merging
 * (ADR 0021): the sign-in library (`auth`, declared by domain/auth/auth.ts). So the deps' type
 * holds them without this file importing auth/, which imports it (issue 37: no file circle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServices {}

export interface AppDeps extends AppServices {
  env: Env;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Outgoing e-mail (SMTP or the outbox folder), e.g. admin invitations. */
  mailer: Mailer;
  narrator: Narrator;
  /** The configured chat model for one-off calls (template helpers, picture titles), or null offline (ADR 0014). */
  chat: ConfiguredChat;
  /** Scene pictures and their titles (/visualizza): images API or offline illustrator. */
  illustrator: Illustrator;
  /** Stored images (local folder or S3), served under /media/<key>. */
  media: MediaStorage;
  bus: EventBus;
  /** Web Push to the players' browsers (VAPID keys, allowed push services; issue 39). */
  push: PushTransport;
  presence: Presence;
  /** Stripe (issue 41), or null when payments are not configured (paid plans 'Presto Disponibile'). */
  billing: Billing | null;
  /** Narrations running on this instance (issue 11 §4): they outlive their requests; stopping waits for them. */
  narrations: NarrationRegistry;
  /** Per-player and per-instance bounds on work in progress: streams, narrations, AI helpers, pictures (issue 19). */
  bounds: Bounds;
  /** Absolute path of the built web app (index.html + assets), or undefined to serve no SPA. */
  webRoot?: string;
  /** Structured log (pino, issue 20 §2): lines carry the request id; never personal data beyond ids. */
  logger: Logger;
  /** Prometheus metrics of this server (GET /metrics, issue 20 §3). */
  metrics: Metrics;
  /** Aborted when the server stops: long-lived streams end so in-flight requests can finish. */
  shutdownSignal: AbortSignal;
}

export interface SessionUser {
  id: string;
  email: string;
  isAnonymous: boolean;
  /** Two-step verification is on (Better Auth two-factor plugin; issue 10). */
  twoFactorEnabled: boolean;
}

export interface AppVariables {
  deps: AppDeps;
  user: SessionUser | null;
}

export type AppEnv = { Variables: AppVariables };
