import type { HubConnection } from "@microsoft/signalr";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startApi, type RunningApi } from "../../api/app.ts";
import { channelFor } from "../../api/hub/bus.ts";
import { hubEvents } from "../../api/hub/publisher.ts";
import { loadHubSecret } from "../../api/hub/ticket.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { HUB_TEST_ENV, hubClient, hubUser, record, until, type HubUser } from "./hub-helpers.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const { createClient } = await import("redis");
  const c = createClient({ url: REDIS_URL, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  c.on("error", () => {});
  try {
    await c.connect();
    await c.close();
    return true;
  } catch {
    return false;
  }
}
const withRedis = await redisAnswers();

const open: HubConnection[] = [];
const started = async (c: HubConnection) => {
  open.push(c);
  await c.start();
  return c;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop().catch(() => {})));
});

/** Another API instance on the same database as `t`, optionally with other settings. */
const sibling = (t: TestApi, extra: Partial<RunningApi["app"]["config"]> = {}) => startApi({ ...t.api.app.config, API_PORT: 0, ...extra });
const baseOf = (api: RunningApi) => `http://127.0.0.1:${api.port}`;

/**
 * Publishes `send` on one instance, then a marker on the same one; once every client has the marker, each
 * has all it will ever get of the event, so the counts prove exactly-once delivery.
 */
async function deliveredCounts(from: RunningApi, send: () => Promise<void>, clients: HubConnection[], method: string) {
  const got = clients.map((c) => record(c, method));
  const markers = clients.map((c) => record(c, "receivePendingCount"));
  await send();
  await from.app.hub.toAll(...hubEvents.pendingCount(-1));
  await until(() => markers.every((m) => m.length === 1), 5000, "the marker on every client");
  return got.map((g) => g.length);
}

describeEachBackend(
  "hub bus",
  (t) => {
    it("PGlite delivers in the one process, a PostgreSQL server through LISTEN/NOTIFY", async () => {
      expect(t().api.app.hub.busKind).toBe(t().backend === "postgres" ? "postgres" : "in-process");
      const guest = await hubUser(t(), "guest");
      const c = await started(hubClient(t().base, guest));
      // The publishing instance delivers to its own clients once, not again when its NOTIFY comes back.
      expect(await deliveredCounts(t().api, () => t().api.app.hub.toAll(...hubEvents.systemNotice("n")), [c], "receiveMessageBroadcast")).toEqual([1]);
    });
  },
  HUB_TEST_ENV,
);

describeEachBackend(
  "hub fan-out between API instances",
  (t) => {
    let b: RunningApi;
    let guest: HubUser;
    let outside: HubUser;
    beforeAll(async () => {
      b = await sibling(t());
      [guest, outside] = [await hubUser(t(), "guest"), await hubUser(t(), "outside")];
    });
    afterAll(async () => {
      await b?.close();
    });

    it("a client on instance A receives what instance B publishes, exactly once, and the other way round", async () => {
      expect(b.app.hub.busKind).toBe("postgres");
      const onA = await started(hubClient(t().base, guest));
      const onB = await started(hubClient(baseOf(b), outside));
      const fromB = () => b.app.hub.toAll(...hubEvents.systemNotice("from-b"));
      expect(await deliveredCounts(b, fromB, [onA, onB], "receiveMessageBroadcast")).toEqual([1, 1]);
      const fromA = () => t().api.app.hub.toAll(...hubEvents.systemNotice("from-a"));
      expect(await deliveredCounts(t().api, fromA, [onA, onB], "receiveMessageBroadcast")).toEqual([1, 1]);
    });

    it("toUser from one instance reaches that user's connections on every instance and nobody else", async () => {
      const guestA = await started(hubClient(t().base, guest));
      const guestB = await started(hubClient(baseOf(b), guest, { skipNegotiation: true }));
      const outsideA = await started(hubClient(t().base, outside));
      const send = () => b.app.hub.toUser(guest.userId, ...hubEvents.directedMessage("m-1"));
      expect(await deliveredCounts(b, send, [guestA, guestB, outsideA], "receiveDirectionalMessageBroadcast")).toEqual([1, 1, 0]);
    });

    it("a ticket from one instance opens a connection on the other (one secret per database)", async () => {
      const ticket = await guest.ticket();
      const c = await started(hubClient(baseOf(b), guest, { accessToken: () => ticket }));
      expect(c.connectionId).toBeTruthy();
    });

    it("the listener reconnects when its PostgreSQL connection is killed", async () => {
      const onA = await started(hubClient(t().base, guest));
      // Only this schema's channel: other suites on the same server have their own and are left alone.
      const channel = `ferrum_hub_${channelFor(await loadHubSecret(t().api.app.db))}`;
      const killed = await t().api.app.db.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where query = $1`,
        [`listen "${channel}"`],
      );
      expect(killed.filter((k) => k.ok)).toHaveLength(2);
      const got = record(onA, "receiveMessageBroadcast");
      await until(
        () => {
          if (got.length === 0) void b.app.hub.toAll(...hubEvents.systemNotice("after-kill"));
          return got.length > 0;
        },
        10_000,
        "fan-out after the listener came back",
      );
      expect(got[0]).toMatchObject({ data: "after-kill" });
    });

    if (withRedis) {
      it("with REDIS_URL, instances fan out through Redis pub/sub instead", async () => {
        const c = await sibling(t(), { REDIS_URL });
        const d = await sibling(t(), { REDIS_URL });
        try {
          expect([c.app.hub.busKind, d.app.hub.busKind]).toEqual(["redis", "redis"]);
          const onC = await started(hubClient(baseOf(c), guest));
          const onD = await started(hubClient(baseOf(d), outside));
          const fromD = () => d.app.hub.toAll(...hubEvents.systemNotice("via-redis"));
          expect(await deliveredCounts(d, fromD, [onC, onD], "receiveMessageBroadcast")).toEqual([1, 1]);
          const toGuest = () => d.app.hub.toUser(guest.userId, ...hubEvents.directedMessage("via-redis"));
          expect(await deliveredCounts(d, toGuest, [onC, onD], "receiveDirectionalMessageBroadcast")).toEqual([1, 0]);
        } finally {
          await Promise.all(open.splice(0).map((x) => x.stop().catch(() => {})));
          await c.close();
          await d.close();
        }
      });
    }
  },
  HUB_TEST_ENV,
  "postgres",
);
