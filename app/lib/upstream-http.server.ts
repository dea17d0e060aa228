import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

/**
 * The web's requests to the platform API, over Node's own HTTP client with kept-alive connections. Not the
 * global fetch: every page makes two to five API calls, and fetch's WHATWG layers cost about 0.45 ms more CPU
 * and 0.5 ms more time per call than this (measured side by side, docs/decisions.md 10). Answers that pass
 * through to the browser still become a standard Response (`toResponse`).
 */

/**
 * The web closes an idle kept-alive connection after 4 s, before the API does (Node's server: 5 s, announced in
 * its Keep-Alive header, which Node 20's agent only heeds when it has a timeout of its own). Without it a request
 * sent just as the API closed the socket failed with ECONNRESET: an upload showed an error page instead of its
 * check (seen once in CI). Exported for the test that holds it.
 */
export const IDLE_SOCKET_MS = 4_000;
const agents = { "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }), "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) };

export interface UpstreamRequest {
  method: string;
  headers: Record<string, string>;
  /** A small body as a whole, or a stream passed on as it arrives (uploads). */
  body?: string | Readable;
  /** Destroys the request and its answer when they take longer than this in all (none: as long as it takes). */
  timeoutMs?: number;
}

/** Sends one request; resolves with the answer's head, its body still to read. Rejects on any network failure or the timeout. */
export function upstreamRequest(url: URL, init: UpstreamRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const headers: Record<string, string> = { ...init.headers };
    if (typeof init.body === "string") headers["content-length"] = String(Buffer.byteLength(init.body));
    const req = (secure ? https : http).request(url, { method: init.method, headers, agent: agents[secure ? "https:" : "http:"] }, (res) => {
      if (timer) res.once("close", () => clearTimeout(timer));
      resolve(res);
    });
    const timer = init.timeoutMs ? setTimeout(() => req.destroy(new Error("upstream timeout")), init.timeoutMs) : null;
    timer?.unref();
    req.once("error", (e) => {
      if (timer) clearTimeout(timer);
      reject(e);
    });
    if (init.body instanceof Readable) {
      init.body.once("error", (e) => req.destroy(e));
      init.body.pipe(req);
    } else req.end(init.body);
  });
}

/** The answer's body parsed as JSON (a broken body or connection rejects). */
export async function readJson(res: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** The answer as a standard Response whose body streams as it arrives (files and images passed to the browser). */
export function toResponse(res: http.IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = res.statusCode ?? 502;
  const empty = status === 204 || status === 304 || status < 200;
  if (empty) res.resume();
  return new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status: empty && status < 200 ? 502 : status, headers });
}
