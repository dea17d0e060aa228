import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { createBus, type Bus, type BusMessage } from "./bus.ts";
import { HubEndpoint } from "./endpoint.ts";
import { invocationFrame } from "./protocol.ts";
import type { HubPublisher } from "./publisher.ts";
import { Registry } from "./registry.ts";
import { issueTicket, loadHubSecret } from "./ticket.ts";

export { isHubPath } from "./endpoint.ts";

/** The bus message that tells the other instances to close a user's connections (never sent to a client). */
const END_SESSIONS = "__endSessions";
/** Bus messages whose method starts so are for the API instances themselves, never for clients. */
const INSTANCE_PREFIX = "__instance:";

/** The SignalR hub messageCenterHub of this API instance, and its link to the other instances. */
export interface Hub extends HubPublisher {
  /** Negotiate and other plain HTTP requests under /signalr. */
  handleHttp(req: IncomingMessage, res: ServerResponse): void;
  /** WebSocket upgrades (refused unless they are for the hub and carry a valid ticket). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Closes every hub connection of a user on every instance, without a reconnect (the person was disabled or
   * their password reset): their sessions are already revoked, so no new ticket is issued to them.
   */
  disconnectUser(userId: string): Promise<void>;
  /**
   * Tells the other API instances on this database something about their own state (a cache to clear): the
   * handler they registered with onInstanceMessage runs there. Not delivered to any client, nor here.
   */
  toInstances(topic: string, arg: unknown): Promise<void>;
  onInstanceMessage(topic: string, handler: (arg: unknown) => void): void;
  /** A ticket for one hub connection of `userId` (SysMessage/GetHubTicket). */
  ticket(userId: string): { ticket: string; userId: string; expiresIn: number };
  /** How events reach the other instances: in-process, postgres or redis. */
  readonly busKind: Bus["kind"];
  /** Connections on this instance. */
  readonly connections: number;
  /** Tells every client to reconnect (they will, to whichever instance answers) and stops the bus. */
  close(): Promise<void>;
}

export async function createHub(config: Config, db: Db): Promise<Hub> {
  const secret = await loadHubSecret(db);
  const origin = crypto.randomUUID();
  const registry = new Registry(config.HUB_PING_MS, config.HUB_CLIENT_TIMEOUT_MS);
  const endpoint = new HubEndpoint(secret, registry);
  const deliver = (userId: string | null, method: string, arg: unknown) => registry.deliver(userId, invocationFrame(method, arg));
  const instanceHandlers = new Map<string, (arg: unknown) => void>();
  const bus = await createBus(config, db, secret, (m) => {
    if (m.origin === origin) return;
    if (m.method === END_SESSIONS && m.userId) registry.closeUser(m.userId);
    else if (m.method.startsWith(INSTANCE_PREFIX)) instanceHandlers.get(m.method.slice(INSTANCE_PREFIX.length))?.(m.arg);
    else deliver(m.userId, m.method, m.arg);
  });

  const publish = async (userId: string | null, method: string, arg: unknown) => {
    deliver(userId, method, arg);
    const message: BusMessage = { origin, userId, method, arg };
    try {
      await bus.publish(message);
    } catch (e) {
      // The event is a nudge (clients then load the data); a failed fan-out must not fail the saved change.
      console.error(`hub: fan-out of ${method} failed: ${String(e)}`);
    }
  };

  return {
    toAll: (method, arg) => publish(null, method, arg),
    toUser: (userId, method, arg) => publish(userId, method, arg),
    async disconnectUser(userId) {
      registry.closeUser(userId);
      try {
        await bus.publish({ origin, userId, method: END_SESSIONS, arg: null });
      } catch (e) {
        console.error(`hub: fan-out of a disconnect failed: ${String(e)}`);
      }
    },
    async toInstances(topic, arg) {
      try {
        await bus.publish({ origin, userId: null, method: INSTANCE_PREFIX + topic, arg });
      } catch (e) {
        console.error(`hub: fan-out of ${topic} to the other instances failed: ${String(e)}`);
      }
    },
    onInstanceMessage(topic, handler) {
      instanceHandlers.set(topic, handler);
    },
    handleHttp: (req, res) => endpoint.handleHttp(req, res),
    handleUpgrade: (req, socket, head) => endpoint.handleUpgrade(req, socket, head),
    ticket: (userId) => ({ ...issueTicket(secret, userId), userId }),
    busKind: bus.kind,
    get connections() {
      return registry.size;
    },
    async close() {
      registry.closeAll();
      endpoint.close();
      await bus.close();
    },
  };
}
