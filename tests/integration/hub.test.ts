import { HubConnectionState, type HubConnection } from "@microsoft/signalr";
import { afterEach, expect, it } from "vitest";
import WebSocket from "ws";
import { startApi } from "../../api/app.ts";
import { hubEvents } from "../../api/hub/publisher.ts";
import { issueTicket, loadHubSecret } from "../../api/hub/ticket.ts";
import { describeEachBackend } from "./harness.ts";
import { HUB_TEST_ENV, hubClient, hubUser, record, sleep, until } from "./hub-helpers.ts";

const RS = "\x1e";

/** Connections opened by a test, stopped after it whatever happened. */
const open: HubConnection[] = [];
const started = async (c: HubConnection) => {
  open.push(c);
  await c.start();
  return c;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop().catch(() => {})));
});

/** A raw WebSocket on the hub (for what the official client hides: frames, pings, handshake errors). */
function rawSocket(base: string, query: string): Promise<{ ws: WebSocket; frames: string[]; closed: Promise<void> }> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/signalr?${query}`);
  const frames: string[] = [];
  ws.on("message", (d) => frames.push(...d.toString().split(RS).filter(Boolean)));
  const closed = new Promise<void>((r) => ws.once("close", () => r()));
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve({ ws, frames, closed }));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

describeEachBackend(
  "hub",
  (t) => {
    it("GetHubTicket gives a logged-in user a 60 s ticket for their own id, and nobody else one", async () => {
      const guest = await hubUser(t(), "guest");
      const r = await t().call("SysMessage/GetHubTicket", { token: guest.token });
      expect(r.status).toBe(200);
      expect(r.returnData).toEqual({ ticket: expect.stringMatching(/^\d+\.[\w-]{43}$/), userId: guest.userId, expiresIn: 60 });
      // 205–208: the session is invalid (section 8).
      expect((await t().call("SysMessage/GetHubTicket")).status).toBe(205);
      expect((await t().call("SysMessage/GetHubTicket", { token: "not-a-token" })).status).toBe(206);
    });

    it("negotiate offers only WebSockets and a connection token", async () => {
      const guest = await hubUser(t(), "guest");
      for (const path of ["/signalr", "/SignalR/messageCenterHub"]) {
        const res = await fetch(`${t().base}${path}/negotiate?negotiateVersion=1&AuthorizationUser=${guest.userId}`, {
          method: "POST",
          headers: { authorization: `Bearer ${await guest.ticket()}` },
        });
        expect(res.status).toBe(200);
        const body = await res.json();
        expect(body).toEqual({
          negotiateVersion: 1,
          connectionId: expect.any(String),
          connectionToken: expect.any(String),
          availableTransports: [{ transport: "WebSockets", transferFormats: ["Text"] }],
        });
        expect(body.connectionToken).not.toBe(body.connectionId);
      }
      const get = await fetch(`${t().base}/signalr/negotiate?negotiateVersion=1&AuthorizationUser=${guest.userId}`, {
        headers: { authorization: `Bearer ${await guest.ticket()}` },
      });
      expect(get.status).toBe(405);
    });

    it("the official client connects with negotiation and receives each of the three events", async () => {
      const guest = await hubUser(t(), "guest");
      const c = await started(hubClient(t().base, guest));
      expect(c.connectionId).toBeTruthy();
      const notices = record(c, "receiveMessageBroadcast");
      const directed = record(c, "receiveDirectionalMessageBroadcast");
      const pending = record(c, "receivePendingCount");
      await t().api.app.hub.toAll(...hubEvents.systemNotice("notice-1"));
      await t().api.app.hub.toUser(guest.userId, ...hubEvents.directedMessage("message-1"));
      await t().api.app.hub.toAll(...hubEvents.pendingCount(7));
      await until(() => notices.length + directed.length + pending.length === 3, 5000, "three events");
      expect(notices).toEqual([{ type: "All", code: "SystemNotice", data: "notice-1" }]);
      expect(directed).toEqual([{ type: "Rdirectional", code: "UserMessage", data: "message-1" }]);
      expect(pending).toEqual([{ type: "All", code: "PendingCount", data: 7 }]);
    });

    it("the official client connects with skipNegotiation on either hub path", async () => {
      const guest = await hubUser(t(), "guest");
      const a = await started(hubClient(t().base, guest, { skipNegotiation: true }));
      const b = await started(hubClient(t().base, guest, { skipNegotiation: true, path: "/signalr/messageCenterHub" }));
      const gotA = record(a, "receiveMessageBroadcast");
      const gotB = record(b, "receiveMessageBroadcast");
      await t().api.app.hub.toAll(...hubEvents.systemNotice("notice-2"));
      await until(() => gotA.length === 1 && gotB.length === 1, 5000, "both connections");
      expect(gotA[0]).toMatchObject({ data: "notice-2" });
    });

    it("toUser reaches every connection of that user and nobody else", async () => {
      const [guest, outside] = [await hubUser(t(), "guest"), await hubUser(t(), "outside")];
      const g1 = await started(hubClient(t().base, guest));
      const g2 = await started(hubClient(t().base, guest, { skipNegotiation: true }));
      const o = await started(hubClient(t().base, outside));
      const [d1, d2, dO] = [g1, g2, o].map((c) => record(c, "receiveDirectionalMessageBroadcast"));
      const markerO = record(o, "receivePendingCount");
      await t().api.app.hub.toUser(guest.userId, ...hubEvents.directedMessage("for-guest"));
      // Messages on one connection arrive in order: once the marker is in, a directed message would be too.
      await t().api.app.hub.toAll(...hubEvents.pendingCount(1));
      await until(() => d1.length === 1 && d2.length === 1 && markerO.length === 1, 5000, "delivery");
      expect(d1).toEqual([{ type: "Rdirectional", code: "UserMessage", data: "for-guest" }]);
      expect(d2).toEqual(d1);
      expect(dO).toEqual([]);
    });

    it("refuses a connection without a ticket, with an expired or forged one, or with another user's", async () => {
      const [guest, outside] = [await hubUser(t(), "guest"), await hubUser(t(), "outside")];
      const secret = await loadHubSecret(t().api.app.db);
      const expired = issueTicket(secret, guest.userId, Date.now() - 61_000).ticket;
      const good = await guest.ticket();
      const forged = `${good.split(".")[0]}.${"A".repeat(43)}`;
      const cases: Array<[string, Parameters<typeof hubClient>[2]]> = [
        ["no ticket", { accessToken: () => "" }],
        ["expired", { accessToken: () => expired }],
        ["forged", { accessToken: () => forged }],
        ["another user's", { accessToken: () => outside.ticket(), asUser: guest.userId }],
        ["no user", { asUser: "" }],
      ];
      for (const [what, opts] of cases) {
        for (const skipNegotiation of [false, true]) {
          const c = hubClient(t().base, guest, { ...opts, skipNegotiation });
          open.push(c);
          await expect(c.start(), `${what}, skipNegotiation ${skipNegotiation}`).rejects.toThrow();
          expect(c.state).toBe(HubConnectionState.Disconnected);
        }
      }
      const negotiate = await fetch(`${t().base}/signalr/negotiate?negotiateVersion=1&AuthorizationUser=${guest.userId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(negotiate.status).toBe(401);
      // The browser form of the token (access_token in the query) is checked the same way.
      await expect(rawSocket(t().base, `AuthorizationUser=${guest.userId}&access_token=${encodeURIComponent(expired)}`)).rejects.toThrow("HTTP 401");
      const ok = await rawSocket(t().base, `AuthorizationUser=${guest.userId}&access_token=${encodeURIComponent(await guest.ticket())}`);
      ok.ws.close();
    });

    it("a connection token is good once, for its own user, and unknown ones are refused", async () => {
      const [guest, outside] = [await hubUser(t(), "guest"), await hubUser(t(), "outside")];
      const res = await fetch(`${t().base}/signalr/negotiate?negotiateVersion=1&AuthorizationUser=${guest.userId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${await guest.ticket()}` },
      });
      const { connectionToken } = await res.json();
      const ticketQ = async (u: typeof guest) => `AuthorizationUser=${u.userId}&access_token=${encodeURIComponent(await u.ticket())}`;
      await expect(rawSocket(t().base, `${await ticketQ(outside)}&id=${connectionToken}`)).rejects.toThrow("HTTP 404");
      // Tried by the wrong user it is spent too: a stolen token is worth nothing.
      await expect(rawSocket(t().base, `${await ticketQ(guest)}&id=${connectionToken}`)).rejects.toThrow("HTTP 404");
      await expect(rawSocket(t().base, `${await ticketQ(guest)}&id=unknown-token`)).rejects.toThrow("HTTP 404");
    });

    it("speaks the protocol: handshake, record separators, pings, errors for unknown methods", async () => {
      const guest = await hubUser(t(), "guest");
      const q = async () => `AuthorizationUser=${guest.userId}&access_token=${encodeURIComponent(await guest.ticket())}`;

      const bad = await rawSocket(t().base, await q());
      bad.ws.send(`{"protocol":"messagepack","version":1}${RS}`);
      await bad.closed;
      expect(JSON.parse(bad.frames[0])).toEqual({ error: expect.stringContaining("messagepack") });

      const s = await rawSocket(t().base, await q());
      // Handshake and first invocation in one frame, split oddly: records, not frames, are what count.
      s.ws.send(`{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"7","tar`);
      s.ws.send(`get":"SendMessage","arguments":[]}${RS}{"type":1,"target":"NoAnswerWanted","arguments":[]}${RS}`);
      await until(() => s.frames.length >= 2, 3000, "handshake and completion");
      expect(s.frames[0]).toBe("{}");
      expect(JSON.parse(s.frames[1])).toEqual({ type: 3, invocationId: "7", error: "Unknown hub method 'SendMessage'" });
      await until(() => s.frames.includes('{"type":6}'), 3000, "a ping");
      expect(s.frames.filter((f) => JSON.parse(f).type === 3)).toHaveLength(1);
      // Silent past the client timeout (2 s here, 30 s by default): dropped.
      const since = Date.now();
      await s.closed;
      expect(Date.now() - since).toBeLessThan(4000);
    });

    it("the official client sees unknown methods fail and stays up on the server's pings", async () => {
      const guest = await hubUser(t(), "guest");
      const c = await started(hubClient(t().base, guest));
      await expect(c.invoke("SendMessage", "hi")).rejects.toThrow("Unknown hub method 'SendMessage'");
      // The client gives up on a server silent for 2 s; three seconds later it is still connected.
      await sleep(3000);
      expect(c.state).toBe(HubConnectionState.Connected);
      const got = record(c, "receivePendingCount");
      await t().api.app.hub.toAll(...hubEvents.pendingCount(3));
      await until(() => got.length === 1, 3000, "event after pings");
    });

    it("clients reconnect in 3 s to an API restarted on the same port and data", async () => {
      const guest = await hubUser(t(), "guest");
      const config = t().api.app.config;
      const port = t().api.port;
      const c = await started(hubClient(t().base, guest));
      const states: string[] = [];
      c.onreconnecting(() => states.push("reconnecting"));
      c.onreconnected(() => states.push("reconnected"));
      await t().api.close();
      await until(() => states.includes("reconnecting"), 3000, "the close message");
      t().api = await startApi({ ...config, API_PORT: port });
      await until(() => states.includes("reconnected"), 10_000, "the reconnect");
      expect(c.state).toBe(HubConnectionState.Connected);
      const got = record(c, "receiveMessageBroadcast");
      await t().api.app.hub.toAll(...hubEvents.systemNotice("after-restart"));
      await until(() => got.length === 1, 3000, "event after restart");
    }, 20_000);
  },
  HUB_TEST_ENV,
);
