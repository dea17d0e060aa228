import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { App } from "../app.ts";
import { isHubPath } from "../hub/endpoint.ts";
import { authenticate } from "./auth.ts";
import { ApiError, Status, type Envelope } from "./envelope.ts";
import { messages, pickLang, type Lang } from "./messages.ts";
import { Raw, type Ctx } from "./router.ts";

const DEFAULT_MAX_BODY = 64 * 1024;

function send(res: ServerResponse, httpStatus: number, env: Envelope): void {
  const body = JSON.stringify(env);
  res.writeHead(httpStatus, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(body);
}

const fail = (res: ServerResponse, httpStatus: number, status: number, lang: Lang, key: keyof typeof messages) =>
  send(res, httpStatus, { status, msg: messages[key][lang], returnData: null });

/**
 * The client address. X-Forwarded-For is believed only from loopback (the web BFF, a local nginx) or with
 * TRUST_PROXY, and then only its last entry: the one our own proxy added. Earlier entries come from the
 * client and could name any address (and dodge the per-address login limits).
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? "";
  const fromLoopback = peer === "::1" || peer.startsWith("127.") || peer === "::ffff:127.0.0.1";
  const fwd = req.headers["x-forwarded-for"];
  if ((trustProxy || fromLoopback) && typeof fwd === "string" && fwd.trim()) {
    const hops = fwd.split(",").map((s) => s.trim()).filter(Boolean);
    return hops[hops.length - 1] ?? peer;
  }
  return peer;
}

/**
 * How long a client may take to send a body that is read whole (the web times out at 90 s). The server itself
 * has no request timeout, so a streamed instrument file may take as long as its link needs, only never idle
 * for long (api/app.ts).
 */
const BODY_DEADLINE_MS = 95_000;

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return "too-large";
  const chunks: Buffer[] = [];
  let size = 0;
  const deadline = setTimeout(() => req.destroy(), BODY_DEADLINE_MS);
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) return "too-large";
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(deadline);
  }
  return Buffer.concat(chunks);
}

function parseBody(raw: Buffer, contentType: string): Record<string, unknown> | "bad" {
  if (raw.length === 0) return {};
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  }
  if (contentType.startsWith("application/json")) {
    try {
      const v = JSON.parse(raw.toString("utf8"));
      return v && typeof v === "object" && !Array.isArray(v) ? v : "bad";
    } catch {
      return "bad";
    }
  }
  return {};
}

/** One request: header check, routing, body limits, token and role checks, envelope. Never throws. */
export async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const lang = pickLang(req.headers["accept-language"]);
  let closeIfUnread = false;
  const beforeAnswer = () => {
    if (closeIfUnread && !req.complete && !res.headersSent) res.setHeader("connection", "close");
  };
  try {
    const url = new URL(req.url ?? "/", "http://api.local");
    // The SignalR hub (negotiate) speaks its own protocol, outside the /api envelope.
    if (isHubPath(url.pathname)) return app.hub.handleHttp(req, res);
    if (!url.pathname.toLowerCase().startsWith("/api/")) return fail(res, 404, Status.notFound, lang, "notFound");
    if (req.headers["xteam"] !== "xteam") return fail(res, 400, Status.badRequest, lang, "missingXteam");
    const route = app.router.match(req.method ?? "GET", url.pathname.slice(4));
    if (route === undefined) return fail(res, 404, Status.notFound, lang, "notFound");
    if (route === null) return fail(res, 405, Status.methodNotAllowed, lang, "methodNotAllowed");

    // A streamed route may answer before its body was read (refused at once): the connection closes after the
    // answer instead of reading the rest, which could be gigabytes.
    if (route.streamed) closeIfUnread = true;
    const raw = route.streamed ? Buffer.alloc(0) : await readBody(req, route.maxBody ?? DEFAULT_MAX_BODY);
    if (raw === "too-large") {
      res.setHeader("connection", "close");
      if (route.tooLarge) return send(res, 413, { status: Status.tooLarge, msg: route.tooLarge[lang], returnData: null });
      return fail(res, 413, Status.tooLarge, lang, "bodyTooLarge");
    }
    const contentType = String(req.headers["content-type"] ?? "").toLowerCase();
    const body = parseBody(raw, contentType);
    if (body === "bad") return fail(res, 400, Status.badRequest, lang, "badBody");

    const ctx: Ctx = {
      app,
      req,
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body,
      rawBody: raw,
      contentType,
      ip: clientIp(req, app.config.TRUST_PROXY),
      userAgent: String(req.headers["user-agent"] ?? ""),
      lang,
      user: null,
    };
    if (route.auth === "user") {
      const token = req.headers["authorizationtoken"];
      ctx.user = await authenticate(app.db, typeof token === "string" ? token : undefined);
      if (route.roles && !route.roles.some((r) => ctx.user!.roles.includes(r))) {
        throw new ApiError(Status.forbidden, "forbidden");
      }
    }
    const out = await route.handler(ctx);
    beforeAnswer();
    if (out instanceof Raw) {
      res.writeHead(out.status, { "cache-control": "no-store", "x-content-type-options": "nosniff", ...out.headers });
      if (out.body instanceof Readable) {
        // Headers are gone already: a read error can only cut the answer short.
        await pipeline(out.body, res).catch(() => res.destroy());
        return;
      }
      res.end(out.body);
      return;
    }
    send(res, 200, { status: Status.ok, msg: "", returnData: out ?? null });
  } catch (err) {
    beforeAnswer();
    if (err instanceof ApiError) {
      send(res, 200, { status: err.status, msg: err.message_in(lang), returnData: err.returnData ?? null });
      return;
    }
    // Text PostgreSQL cannot hold (a NUL character) reached a query: the caller's input, not our fault. Every
    // route gets this net, whichever of its parameters went to the database unchecked.
    if (isUnstorableText(err)) return fail(res, 200, Status.badRequest, lang, "badInput");
    console.error(`api error ${req.method} ${req.url}:`, err);
    if (!res.headersSent) fail(res, 500, Status.serverError, lang, "serverError");
    else res.destroy();
  }
}

/** PostgreSQL's refusal of a NUL character in text (SQLSTATE 22021), from the server or PGlite. */
const isUnstorableText = (err: unknown) => typeof err === "object" && err !== null && (err as { code?: unknown }).code === "22021";
