/**
 * Server lifecycle (issue: foundation §1): open the database, run migrations, seed, listen, and
 * stop cleanly (finish in-flight requests, end long-lived streams, close the database).
 */

import crypto from "node:crypto";
import { setMaxListeners } from "node:events";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type https from "node:https";
import path from "node:path";
import { serve } from "@hono/node-server";
import { startDeactivationSweep } from "../domain/accounts/deactivation-sweep";
import { startGuestSweep } from "../domain/accounts/guest-sweep";
import { createIllustrator } from "../domain/ai/illustrator";
import type { Illustrator } from "../domain/ai/illustrator/types";
import { chatClientOptions, createNarrator } from "../domain/ai/narrator";
import { createChatClient } from "../domain/ai/openai-client";
import { createProviderTelemetry } from "../domain/ai/provider-telemetry";
import type { Narrator } from "../domain/ai/types";
import { createApp } from "./app";
import { createAuth } from "../domain/auth/auth";
import { socialConfig } from "../domain/auth/social";
import type { AppDeps } from "../domain/context";
import { openDatabase } from "../platform/db/client";
import { migrateToLatest } from "../platform/db/migrate";
import { seedReferenceData } from "../platform/db/reference-data";
import { seedStarterScenarios } from "../platform/db/starter-seed";
import { seedAdmin } from "./seed";
import type { Env } from "../platform/env";
import { trustedOrigins } from "../features/http/origins";
import { createMailer, type MailTransport, withSiteLinks } from "../platform/mail/mailer";
import { createMediaStorage, type MediaStorage } from "../platform/media";
import { startMediaSweep } from "../domain/media-references";
import { createLocalEventBus } from "../platform/realtime/event-bus";
import { createNarrationRegistry } from "../platform/realtime/narration-registry";
import { memoryIdle } from "../domain/memory/background";
import { createPostgresEventBus } from "../platform/realtime/postgres-event-bus";
import { createDatabasePresence, PRESENCE_DEFAULTS } from "../platform/realtime/presence";
import { createBounds } from "../domain/quota/bounds";
import { createLogger, type Logger } from "../platform/ops/logger";
import { createMetrics } from "../platform/ops/metrics";
import { startDailyBackup } from "../platform/ops/daily-backup";
import { createPushTransport } from "../platform/push/push-transport";
import { createBilling } from "../platform/billing/stripe-client";
import { pushIdle } from "../domain/push/push-notify";

export interface StartOptions {
  env: Env;
  /** Replace the configured narrator (tests, benchmarks). */
  narrator?: Narrator;
  /** Replace the configured mailer (tests). */
  mailer?: MailTransport;
  /** Replace the configured media storage (tests). */
  media?: MediaStorage;
  /** Replace the configured illustrator (tests, benchmarks). */
  illustrator?: Illustrator;
  /** PostgreSQL schema to work in (tests). */
  postgresSchema?: string;
  webRoot?: string;
  /** Replace the configured logger (tests collect the lines; default: LOG_LEVEL / LOG_FORMAT to standard output). */
  logger?: Logger;
  /** The connections to push services (tests trust their fake push service's CA with it). */
  pushAgent?: https.Agent;
}

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /**
   * Stops accepting connections, waits for in-flight requests and narrations (at most
   * SHUTDOWN_TIMEOUT_MS; then connections are closed and narrations cut, keeping what they
   * wrote), then closes the event bus and the database. Takes at most SHUTDOWN_TIMEOUT_MS +
   * CLOSE_TAIL_MS (issue 36 finding 20): a closing step that fails or runs out of time is logged
   * and the stop goes on. Never rejects.
   */
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open, ms: past the 60 s of common proxies. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** After a cut (SHUTDOWN_TIMEOUT_MS), how long narrations get to store what they wrote, ms. */
const CUT_GRACE_MS = 2_000;

/** How long each closing step after the graceful part (event bus, database) may take, ms. */
const CLOSE_STEP_MS = 1_000;

/** Longest a close() lasts past SHUTDOWN_TIMEOUT_MS, ms: the cut narrations' grace, then each closing step. */
export const CLOSE_TAIL_MS = CUT_GRACE_MS + 2 * CLOSE_STEP_MS;

/** Whether `work` settles within `ms` (its failure counts as settled). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([work.then(() => true as const, () => true as const), late]);
  clearTimeout(timer);
  return settled;
}

/** Runs the closing step `name` within CLOSE_STEP_MS; its failure, or its running out of time, is logged and the stop goes on. */
async function closeStep(name: string, step: () => Promise<void>, logger: Logger): Promise<void> {
  const work = step().catch((error: unknown) => logger.error({ err: error, step: name }, "Chiusura: un passo non è riuscito"));
  if (!(await settlesWithin(work, CLOSE_STEP_MS))) logger.warn({ step: name, timeoutMs: CLOSE_STEP_MS }, "Chiusura: un passo non è terminato in tempo, si prosegue");
}

/** Reads AUTH_SECRET, or a secret generated once and kept in DATA_DIR/auth-secret. */
function authSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Starts the whole server.
 * Output: its URL (http://host:port), dependencies and close(). Throws when the database cannot
 * be opened or migrated, or the port is taken.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === "pretty" });
  const handle = openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    postgresSchema: options.postgresSchema,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
  });
  await migrateToLatest(handle.db, handle.postgresSchema);
  await seedReferenceData(handle.db);
  // Issue 40 §4: a fresh install opens on real stories to play.
  if (env.STARTER_SCENARIOS === "on") await seedStarterScenarios(handle.db);

  // The app needs the listening port (auth base URL), so it is attached once the socket is bound.
  const mounted: { app?: ReturnType<typeof createApp> } = {};
  const server = serve({
    fetch: (request, bindings) => (mounted.app ? mounted.app.fetch(request, bindings) : new Response("Avvio in corso", { status: 503 })),
    port: env.PORT,
    hostname: env.HOST,
    // An idle keep-alive socket stays open longer than the idle timeout of a proxy or client in
    // front (60 s for most load balancers): a request sent just as the server closed it would be
    // answered by a reset (seen as ECONNRESET under load with Node's 5 s default).
    serverOptions: { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  const publicUrl = env.PUBLIC_URL ?? url;

  // Every e-mail link is a full address of the site, as Better Auth's are (issue 36 finding 18).
  const mailer = withSiteLinks(
    options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.join(env.DATA_DIR, "outbox"), from: env.MAIL_FROM, logger }),
    publicUrl,
  );
  const auth = createAuth({
    db: handle.db,
    dialect: handle.dialect,
    baseURL: publicUrl,
    secret: authSecret(env),
    brandName: env.BRAND_NAME,
    mailer,
    rateLimit: env.AUTH_RATE_LIMIT === "on",
    guestsPerDay: env.GUEST_SIGNINS_PER_DAY,
    trustedOrigins: trustedOrigins(env.PUBLIC_URL, url, port),
    social: socialConfig(env),
    logger,
  });
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await seedAdmin(handle.db, auth, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, logger);
  // The privacy notice names the data controller's contact only when there is one (issue 22 §6).
  if (env.NODE_ENV === "production" && !env.PRIVACY_EMAIL) {
    logger.warn("PRIVACY_EMAIL non è impostata: l'informativa sulla privacy non indica un contatto del titolare del trattamento. Impostala con l'indirizzo a cui i giocatori possono scrivere per i loro dati.");
  }

  const shutdown = new AbortController();
  // Every open event stream listens to it (realtime/stream-lifetime.ts): thousands at once are
  // normal (issue 12: 5,000 live streams per instance), not a listener leak to warn about.
  setMaxListeners(0, shutdown.signal);
  // Several instances on one PostgreSQL share events through LISTEN/NOTIFY; SQLite is one process.
  const bus =
    handle.dialect === "postgres" && handle.postgresUrl
      ? await createPostgresEventBus({ url: handle.postgresUrl, db: handle.db, schema: handle.postgresSchema, logger })
      : createLocalEventBus();
  const narrations = createNarrationRegistry();
  const metrics = createMetrics({ runningNarrations: () => narrations.running(), pool: () => handle.poolState() });
  // Every provider call is logged when it fails, measured, and counted in ai_usage (issue 20).
  const observer = createProviderTelemetry({ db: handle.db, logger, metrics });
  const chatOptions = chatClientOptions(env, observer);
  const chat = chatOptions ? { client: createChatClient(chatOptions), label: chatOptions.model } : null;
  const deps: AppDeps = {
    env,
    db: handle.db,
    dialect: handle.dialect,
    auth,
    mailer,
    narrator: options.narrator ?? createNarrator(env, observer),
    chat,
    illustrator: options.illustrator ?? createIllustrator(env, { chat, observer }),
    media: options.media ?? createMediaStorage(env),
    bus,
    push: createPushTransport(env, options.pushAgent),
    billing: createBilling(env),
    presence: createDatabasePresence(handle.db, { ...PRESENCE_DEFAULTS, awayMs: env.PRESENCE_AWAY_MS }),
    narrations,
    bounds: createBounds(env),
    webRoot: options.webRoot,
    logger,
    metrics,
    shutdownSignal: shutdown.signal,
  };
  mounted.app = createApp(deps);
  // Files no row shows any more (replaced or abandoned covers): daily, and once now (issue 9 #11).
  const mediaSweep = startMediaSweep(deps);
  // Inactive guests are erased now and then daily (issue 9 finding 3).
  const guestSweep = startGuestSweep(deps);
  // Accounts an admin deactivated are erased 30 days later (issue 22 §10).
  const deactivationSweep = startDeactivationSweep(deps);
  // The site's own daily backup when BACKUP_DIR is set (issue 20 §5).
  const dailyBackup = startDailyBackup(env, handle.sqlite ?? null, logger);

  let closing: Promise<void> | undefined;
  return {
    url,
    deps,
    close() {
      closing ??= (async () => {
        shutdown.abort();
        const graceful = (async () => {
          await Promise.all([mediaSweep.stop(), guestSweep.stop(), deactivationSweep.stop(), dailyBackup.stop()]);
          await new Promise<void>((resolve) => {
            // Connections go idle as their requests finish: close them as soon as they do.
            const sweep = setInterval(() => "closeIdleConnections" in server && server.closeIdleConnections(), 50);
            server.close(() => {
              clearInterval(sweep);
              resolve();
            });
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          });
          // Narrations whose clients left still run (issue 11 §4): they are stored before the database closes.
          await narrations.drain();
          // So is the narrator's memory of the last narrations (facts and recap, issue 11 §1).
          await memoryIdle();
          // And the pushes being sent (issue 39).
          await pushIdle();
        })();
        if (!(await settlesWithin(graceful, env.SHUTDOWN_TIMEOUT_MS))) {
          // Out of time (issue 20 §3): open connections are closed and narrations cut, keeping what they wrote.
          logger.warn({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS, narrations: narrations.running() }, "Chiusura: tempo scaduto, il lavoro in corso viene interrotto");
          if ("closeAllConnections" in server) server.closeAllConnections();
          narrations.cut();
          await settlesWithin(narrations.drain(), CUT_GRACE_MS);
        }
        await closeStep("event bus", () => bus.close(), logger);
        await closeStep("database", () => handle.close(), logger);
      })();
      return closing;
    },
  };
}
