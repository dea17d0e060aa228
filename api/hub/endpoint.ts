import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { HubConnection } from "./connection.ts";
import type { Registry } from "./registry.ts";
import { ticketFrom, verifyTicket } from "./ticket.ts";

/** `/signalr` and `/signalr/messageCenterHub` are the one hub, messageCenterHub, in any letter case. */
const HUB_PATH = /^\/signalr(?:\/messagecenterhub)?\/?$/i;
const NEGOTIATE_PATH = /^\/signalr(?:\/messagecenterhub)?\/negotiate\/?$/i;
/** A negotiated connection token must be used (once) within this time. */
const NEGOTIATED_TTL_MS = 30_000;
/** Clients send pings and nothing else; a large record is a misbehaving client. */
const MAX_FRAME_BYTES = 32 * 1024;

export const isHubPath = (pathname: string) => /^\/signalr(\/|$)/i.test(pathname);

interface Negotiated {
  connectionId: string;
  userId: string;
  expires: number;
}

/** The hub's HTTP side: negotiate (POST) and the WebSocket upgrade, each checking the user's ticket. */
export class HubEndpoint {
  private negotiated = new Map<string, Negotiated>();
  private wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  constructor(
    private secret: string,
    private registry: Registry,
  ) {}

  /** The user the request may act for, or null: AuthorizationUser must carry a valid ticket for that same id. */
  private authorise(req: IncomingMessage, query: URLSearchParams): string | null {
    const userId = query.get("AuthorizationUser");
    if (!userId) return null;
    return verifyTicket(this.secret, userId, ticketFrom(req.headers, query)) === "ok" ? userId : null;
  }

  handleHttp(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://api.local");
    const reply = (status: number, body: string, type = "text/plain; charset=utf-8", extra: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", ...extra });
      res.end(body);
    };
    if (NEGOTIATE_PATH.test(url.pathname)) {
      if (req.method !== "POST") return reply(405, "Method not allowed.", undefined, { allow: "POST" });
      req.resume();
      const userId = this.authorise(req, url.searchParams);
      if (!userId) return reply(401, "A valid hub ticket for AuthorizationUser is required.", undefined, { "www-authenticate": "Bearer" });
      return reply(200, JSON.stringify(this.negotiate(userId, Number(url.searchParams.get("negotiateVersion") ?? 0))), "application/json; charset=utf-8");
    }
    if (HUB_PATH.test(url.pathname)) return reply(400, "This hub accepts WebSocket connections only.");
    reply(404, "Not found.");
  }

  private negotiate(userId: string, version: number) {
    this.sweep();
    const connectionId = crypto.randomBytes(16).toString("base64url");
    // Version 1 hands out a separate secret token for the transport; version 0 clients connect with the id.
    const connectionToken = version >= 1 ? crypto.randomBytes(16).toString("base64url") : connectionId;
    this.negotiated.set(connectionToken, { connectionId, userId, expires: Date.now() + NEGOTIATED_TTL_MS });
    const availableTransports = [{ transport: "WebSockets", transferFormats: ["Text"] }];
    return version >= 1 ? { negotiateVersion: 1, connectionId, connectionToken, availableTransports } : { connectionId, availableTransports };
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://api.local");
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!HUB_PATH.test(url.pathname)) return refuse("404 Not Found");
    const userId = this.authorise(req, url.searchParams);
    if (!userId) return refuse("401 Unauthorized");
    let connectionId: string;
    const token = url.searchParams.get("id");
    if (token) {
      const n = this.negotiated.get(token);
      this.negotiated.delete(token);
      // Unknown, expired, or negotiated by someone else: the same answer ASP.NET Core gives, no connection.
      if (!n || n.expires < Date.now() || n.userId !== userId) return refuse("404 Not Found");
      connectionId = n.connectionId;
    } else {
      // skipNegotiation: the WebSocket straight away.
      connectionId = crypto.randomBytes(16).toString("base64url");
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.registry.add(new HubConnection(connectionId, userId, ws, (c) => this.registry.remove(c)));
    });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, n] of this.negotiated) if (n.expires < now) this.negotiated.delete(token);
  }

  close(): void {
    this.wss.close();
  }
}
