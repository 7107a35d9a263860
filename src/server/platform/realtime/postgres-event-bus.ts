/**
 * Event bus across server instances on PostgreSQL LISTEN/NOTIFY (DESIGN §2 realtime; issue 5
 * Live): every instance LISTENs on one channel; publish() delivers to this process at once and
 * NOTIFYs the others, which hand the event to their own subscribers.
 */

import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { EventBus } from "./event-bus";
import type { Logger } from "../ops/logger";

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;
const MAX_RECONNECT_DELAY_MS = 30_000;

export interface PostgresEventBusOptions {
  /** Connection string; the bus opens its own client (a pooled one cannot hold a LISTEN). */
  url: string;
  /** Used to publish (pg_notify) through the application's pool. */
  db: Kysely<any>;
  /**
   * Schema the server works in (tests use one per server): it prefixes the channel, so servers
   * on different schemas of one database never see each other's events.
   */
  schema?: string;
  logger: Logger;
}

interface Envelope {
  /** Publishing instance: it already delivered locally and ignores its own echo. */
  o: string;
  t: string;
  p: unknown;
}

/** Channel name for a schema: `storie_events` or `<schema>__storie_events` (≤ 63 bytes). */
export function channelFor(schema?: string): string {
  return `${schema ? `${schema}__` : ""}storie_events`.slice(0, 63);
}

/**
 * Connects, LISTENs and resolves with the bus once it receives the other instances' events.
 * Throws when PostgreSQL cannot be reached at start. Later connection losses are logged and the
 * client reconnects with a growing delay (1 s doubling up to 30 s); events published by other
 * instances meanwhile are lost, so clients should refetch when their event stream reopens.
 * publish() rejects a payload whose JSON exceeds ~7.9 kB (PostgreSQL's NOTIFY limit).
 */
export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<EventBus> {
  const { url, db, logger } = options;
  const channel = channelFor(options.schema);
  const instance = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let retryDelay = 1_000;
  let retryTimer: NodeJS.Timeout | undefined;

  const deliver = (topic: string, payload: unknown) => emitter.emit(topic, payload);

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    try {
      const envelope = JSON.parse(message.payload) as Envelope;
      if (envelope.o !== instance) deliver(envelope.t, envelope.p);
    } catch (error) {
      logger.warn({ err: error, channel }, "Evento non valido sul bus PostgreSQL");
    }
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", onNotification);
    next.on("error", (error) => {
      logger.warn({ err: error }, "Bus eventi PostgreSQL: connessione persa");
      reconnect(next);
    });
    next.on("end", () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    client = next;
    retryDelay = 1_000;
  };

  const reconnect = (broken: pg.Client) => {
    if (closed || client !== broken) return;
    client = undefined;
    broken.removeAllListeners("notification");
    void broken.end().catch(() => {});
    const attempt = () => {
      retryTimer = undefined;
      if (closed) return;
      connect().catch((error: unknown) => {
        logger.warn({ err: error, retryInMs: retryDelay }, "Bus eventi PostgreSQL: nuovo tentativo");
        retryTimer = setTimeout(attempt, retryDelay);
        retryDelay = Math.min(retryDelay * 2, MAX_RECONNECT_DELAY_MS);
      });
    };
    retryTimer = setTimeout(attempt, retryDelay);
  };

  await connect();

  return {
    async publish(topic, payload) {
      const text = JSON.stringify({ o: instance, t: topic, p: payload } satisfies Envelope);
      if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`Evento troppo grande per NOTIFY (${topic})`);
      deliver(topic, payload);
      await sql`select pg_notify(${channel}, ${text})`.execute(db);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => {});
    },
  };
}
