import crypto from "node:crypto";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { pgBus } from "./bus-pg.ts";
import { redisBus } from "./bus-redis.ts";

/**
 * Carries hub events between API instances on one database. Each instance delivers to its own connections
 * directly when it publishes and ignores its own messages when they come back (`origin`), so every instance
 * delivers each event exactly once, and the publisher's clients do not wait for a round trip.
 */
export interface BusMessage {
  origin: string;
  /** null: everyone; else only that user's connections. */
  userId: string | null;
  method: string;
  arg: unknown;
}

export interface Bus {
  readonly kind: "in-process" | "postgres" | "redis";
  publish(message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export type BusListener = (message: BusMessage) => void;

/**
 * The channel is named after the hub secret: instances sharing a database (and schema) share the secret and
 * so the channel, while other installations on the same PostgreSQL server or Redis never hear each other.
 */
export const channelFor = (secret: string) => crypto.createHash("sha256").update(`hub-channel\n${secret}`).digest("hex").slice(0, 16);

export async function createBus(config: Config, db: Db, secret: string, onMessage: BusListener): Promise<Bus> {
  const channel = channelFor(secret);
  if (config.REDIS_URL) return redisBus(config.REDIS_URL, `ferrum:hub:${channel}`, onMessage);
  // PGlite is embedded in this one process: there is no other instance to tell.
  if (db.kind === "postgres" && config.DATABASE_URL) return pgBus(config.DATABASE_URL, db, `ferrum_hub_${channel}`, onMessage);
  return { kind: "in-process", async publish() {}, async close() {} };
}

/** Parses a message from another instance; anything malformed is dropped rather than delivered. */
export function decodeBusMessage(raw: string): BusMessage | null {
  try {
    const m = JSON.parse(raw);
    if (typeof m?.origin !== "string" || typeof m.method !== "string" || !(m.userId === null || typeof m.userId === "string")) return null;
    return { origin: m.origin, userId: m.userId, method: m.method, arg: m.arg };
  } catch {
    return null;
  }
}
