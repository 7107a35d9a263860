/**
 * Event bus for server-sent events (DESIGN §2 realtime): in-process here; a PostgreSQL
 * LISTEN/NOTIFY implementation of the same interface spreads events across instances.
 */

import { EventEmitter } from "node:events";

export type BusHandler = (payload: unknown) => void;

export interface EventBus {
  /** Delivers `payload` (JSON-serialisable) to every subscriber of `topic`. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Registers a handler; returns the function that removes it. */
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/** In-process bus: subscribers of this process only. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
