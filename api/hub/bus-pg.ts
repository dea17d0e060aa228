import type { Client } from "pg";
import type { Db } from "../db/index.ts";
import { decodeBusMessage, type Bus, type BusListener, type BusMessage } from "./bus.ts";

/** NOTIFY payloads must stay under 8000 bytes; hub events are ids and counts, far below. */
const MAX_PAYLOAD = 7900;

/**
 * PostgreSQL LISTEN/NOTIFY. LISTEN needs a connection of its own (a pooled one would be handed to other
 * queries), kept open for the life of the instance and reopened with a growing delay when it drops.
 * NOTIFY goes through the ordinary pool.
 */
export async function pgBus(url: string, db: Db, channel: string, onMessage: BusListener): Promise<Bus> {
  const { default: pg } = await import("pg");
  let client: Client | null = null;
  let closed = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (n.channel !== channel || !n.payload) return;
      const m = decodeBusMessage(n.payload);
      if (m) onMessage(m);
    });
    const lost = (why: unknown) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners("error");
      c.on("error", () => {});
      void c.end().catch(() => {});
      if (!closed) {
        console.error(`hub: PostgreSQL listener lost (${String(why)}); reconnecting`);
        schedule();
      }
    };
    c.on("error", lost);
    c.on("end", () => lost("connection ended"));
    await c.connect();
    await c.query(`listen "${channel}"`);
    client = c;
    retryMs = 250;
  };
  const schedule = () => {
    retryTimer = setTimeout(() => {
      listen().catch((e) => {
        if (closed) return;
        retryMs = Math.min(retryMs * 2, 10_000);
        console.error(`hub: PostgreSQL listener reconnect failed (${String(e)}); retrying in ${retryMs} ms`);
        schedule();
      });
    }, retryMs);
  };

  await listen();
  return {
    kind: "postgres",
    async publish(message: BusMessage) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`hub event too large for NOTIFY (${payload.length} bytes)`);
      await db.query(`select pg_notify($1, $2)`, [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
