import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from "@microsoft/signalr";
import type { TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

/** Keep-alive for the hub tests: fast enough that a test can watch pings and timeouts. */
export const HUB_TEST_ENV = { HUB_PING_MS: "400", HUB_CLIENT_TIMEOUT_MS: "2000" };

export interface HubUser {
  userId: string;
  token: string;
  /** A fresh ticket from SysMessage/GetHubTicket, as the web's island fetches one for every (re)connect. */
  ticket(): Promise<string>;
}

export async function hubUser(t: TestApi, name: string): Promise<HubUser> {
  const s = await sessionFor(t, name);
  return {
    ...s,
    async ticket() {
      const r = await t.call("SysMessage/GetHubTicket", { token: s.token });
      if (r.status !== 200) throw new Error(`GetHubTicket ${name}: ${r.status} ${r.msg}`);
      return r.returnData.ticket;
    },
  };
}

export interface ClientOpts {
  skipNegotiation?: boolean;
  path?: string;
  /** Overrides the ticket (refusal tests). */
  accessToken?: () => string | Promise<string>;
  /** The user id named in AuthorizationUser (default: the ticket's user). */
  asUser?: string;
}

/** The official client, configured as the web's island does: 3 s automatic reconnects. */
export function hubClient(base: string | (() => string), user: HubUser, opts: ClientOpts = {}): HubConnection {
  const url = () => `${typeof base === "string" ? base : base()}${opts.path ?? "/signalr"}?AuthorizationUser=${encodeURIComponent(opts.asUser ?? user.userId)}`;
  return new HubConnectionBuilder()
    .withUrl(url(), {
      accessTokenFactory: opts.accessToken ?? (() => user.ticket()),
      ...(opts.skipNegotiation ? { skipNegotiation: true, transport: HttpTransportType.WebSockets } : {}),
    })
    .withAutomaticReconnect([3000, 3000, 3000, 3000, 3000, 3000])
    .withKeepAliveInterval(400)
    .withServerTimeout(2000)
    .configureLogging(LogLevel.None)
    .build();
}

/** Every argument a connection receives for `method`, in order. */
export function record(conn: HubConnection, method: string): unknown[] {
  const got: unknown[] = [];
  conn.on(method, (arg: unknown) => got.push(arg));
  return got;
}

export async function until(check: () => boolean, ms = 5000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
