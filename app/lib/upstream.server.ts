import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { env } from "./env.server.ts";
import { getT, i18next } from "./i18n.server.ts";
import { readJson, toResponse, upstreamRequest } from "./upstream-http.server.ts";

/** The request timeout of section 9. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** Section 8: these statuses mean the session is no longer valid. */
export const SESSION_INVALID = new Set([205, 206, 207, 208]);

/** A non-200 envelope, or a failed request (status 0, e.g. timeout: msg is 请求超时 in the user's language). */
export class UpstreamError extends Error {
  constructor(
    public status: number,
    public msg: string,
    public returnData: unknown = null,
  ) {
    super(msg || "Error");
  }
  get sessionInvalid(): boolean {
    return SESSION_INVALID.has(this.status);
  }
}

export interface CallArgs {
  request: Request;
  context?: AppLoadContext;
}

export interface CallOpts<S extends z.ZodType | undefined> {
  method?: "GET" | "POST";
  /** Search params; URLSearchParams when a name repeats (the grade search's `comp`). */
  query?: Record<string, string | number | boolean | undefined | null> | URLSearchParams;
  form?: Record<string, string | number | boolean | undefined | null>;
  /** A JSON body, for calls whose payload has lists or nesting (e.g. SysMessage/SaveSystemNotice). */
  json?: unknown;
  /** A multipart body (file uploads), sent as a stream with its boundary in the content type. */
  multipart?: FormData;
  token?: string | null;
  /** Validates returnData; a mismatch is an upstream fault, not the user's. */
  schema?: S;
}

const envelope = z.object({ status: z.number(), msg: z.string().nullable().optional(), returnData: z.unknown() });

function clean(o: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o ?? {})) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** Headers every upstream call carries: xteam, the token, the user's language, address and browser. */
async function headersFor(args: CallArgs, token?: string | null): Promise<Record<string, string>> {
  const lng = await i18next.getLocale(args.request);
  const h: Record<string, string> = { xteam: "xteam", "accept-language": lng };
  if (token) h.AuthorizationToken = token;
  const ip = (args.context as { clientIp?: string } | undefined)?.clientIp;
  if (ip) h["x-forwarded-for"] = ip;
  // The browser's own, so the login log and the session list say which browser, not "node".
  const ua = args.request.headers.get("user-agent");
  if (ua) h["user-agent"] = ua.slice(0, 300);
  return h;
}

async function send(args: CallArgs, path: string, opts: CallOpts<z.ZodType | undefined>): Promise<IncomingMessage> {
  const url = new URL(`${env.upstreamUrl}/api/${path.replace(/^\/+/, "")}`);
  if (opts.query instanceof URLSearchParams) for (const [k, v] of opts.query) url.searchParams.append(k, v);
  else for (const [k, v] of Object.entries(clean(opts.query))) url.searchParams.set(k, v);
  const headers = await headersFor(args, opts.token);
  let body: string | Readable | undefined;
  if (opts.multipart) {
    // The standard encoding of the form (boundary included), streamed rather than copied whole.
    const encoded = new Response(opts.multipart);
    headers["content-type"] = encoded.headers.get("content-type") ?? "multipart/form-data";
    body = Readable.fromWeb(encoded.body as import("node:stream/web").ReadableStream);
  } else if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(clean(opts.form)).toString();
  } else if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  try {
    return await upstreamRequest(url, { method: opts.method ?? (body !== undefined ? "POST" : "GET"), headers, body, timeoutMs: REQUEST_TIMEOUT_MS });
  } catch {
    const t = await getT(args.request);
    throw new UpstreamError(0, t("errors.timeout"));
  }
}

/** Calls the platform API and returns returnData; throws UpstreamError for any non-200 envelope. */
export async function api<S extends z.ZodType | undefined = undefined>(args: CallArgs, path: string, opts: CallOpts<S> = {}): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  return unwrap(await send(args, path, opts), path, opts.schema) as never;
}

/** An answer's returnData, checked by `schema` when given; UpstreamError for any non-200 envelope. */
async function unwrap<S extends z.ZodType | undefined>(res: IncomingMessage, path: string, schema: S): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  let parsed: z.infer<typeof envelope>;
  try {
    parsed = envelope.parse(await readJson(res));
  } catch {
    throw new UpstreamError(res.statusCode || 500, "Error");
  }
  if (parsed.status !== 200) throw new UpstreamError(parsed.status, parsed.msg ?? "", parsed.returnData);
  if (!schema) return parsed.returnData as never;
  const data = schema.safeParse(parsed.returnData);
  if (!data.success) throw new UpstreamError(500, `Unexpected answer from ${path}`);
  return data.data as never;
}

/** For blobs (captcha image, files): the upstream response as is, to stream through. */
export async function apiRaw(args: CallArgs, path: string, opts: CallOpts<undefined> = {}): Promise<Response> {
  return toResponse(await send(args, path, opts));
}

/**
 * A request body passed to the API as it arrives, never held whole (an instrument file of gigabytes): the
 * browser's multipart body with its own content type and length. No 90 s limit: it takes as long as the link
 * needs; the API closes a connection that goes idle.
 */
export async function apiStreamed<S extends z.ZodType>(args: CallArgs, path: string, token: string, schema: S): Promise<z.infer<S>> {
  const url = new URL(`${env.upstreamUrl}/api/${path.replace(/^\/+/, "")}`);
  const headers = await headersFor(args, token);
  for (const h of ["content-type", "content-length"]) {
    const v = args.request.headers.get(h);
    if (v) headers[h] = v;
  }
  if (!args.request.body) throw new UpstreamError(400, "Error");
  let res: IncomingMessage;
  try {
    res = await upstreamRequest(url, { method: "POST", headers, body: Readable.fromWeb(args.request.body as import("node:stream/web").ReadableStream) });
  } catch {
    const t = await getT(args.request);
    throw new UpstreamError(0, t("errors.timeout"));
  }
  return unwrap(res, path, schema) as never;
}
