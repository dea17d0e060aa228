import { decodeBusMessage, type Bus, type BusListener, type BusMessage } from "./bus.ts";

/**
 * Redis pub/sub, when REDIS_URL is set. A subscribed connection can do nothing else, so there are two; the
 * client reconnects on its own and subscribes again after a reconnect.
 */
export async function redisBus(url: string, channel: string, onMessage: BusListener): Promise<Bus> {
  const { createClient } = await import("redis");
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // Without a listener an error event would crash the process; the clients retry by themselves.
  let reported = false;
  for (const c of [pub, sub]) {
    c.on("error", (e: unknown) => {
      if (!reported) console.error(`hub: Redis connection error (${String(e)}); reconnecting`);
      reported = true;
    });
    c.on("ready", () => (reported = false));
  }
  await pub.connect();
  await sub.connect();
  await sub.subscribe(channel, (raw: string) => {
    const m = decodeBusMessage(raw);
    if (m) onMessage(m);
  });
  return {
    kind: "redis",
    async publish(message: BusMessage) {
      await pub.publish(channel, JSON.stringify(message));
    },
    async close() {
      await Promise.allSettled([sub.close(), pub.close()]);
    },
  };
}
