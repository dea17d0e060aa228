import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import type { z } from "zod";
import type { App } from "../app.ts";
import { ApiError, Status } from "./envelope.ts";
import type { Lang, Texts } from "./messages.ts";

export interface AuthUser {
  id: string;
  name: string;
  roles: string[];
  tokenHash: string;
}

export interface Ctx {
  app: App;
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed form-encoded or JSON body; empty for other content types. */
  body: Record<string, unknown>;
  rawBody: Buffer;
  contentType: string;
  ip: string;
  userAgent: string;
  lang: Lang;
  /** Set when the route requires a login. */
  user: AuthUser | null;
}

/** A handler may return a `Raw` answer to pass a blob (image, file) through unwrapped; large files as a stream. */
export class Raw {
  constructor(
    public body: Buffer | string | Readable,
    public headers: Record<string, string>,
    public status = 200,
  ) {}
}

export type Handler = (ctx: Ctx) => Promise<unknown>;

export interface RouteDef {
  method: "GET" | "POST";
  /** Path below /api, matched case-insensitively (the spec spells both Login/ and login/). */
  path: string;
  /** "user": a valid token is required; roles, if given, must intersect the user's roles. */
  auth: "none" | "user";
  roles?: string[];
  /** Largest body accepted, in bytes (default 64 KiB). */
  maxBody?: number;
  /** The message for a body over maxBody, when the route can say more than "too large" (e.g. the limit). */
  tooLarge?: Texts;
  /**
   * The handler reads the body itself from `ctx.req`, as a stream (instrument files of gigabytes): the server
   * reads nothing, `body` is empty and maxBody does not apply; the handler sets its own limit.
   */
  streamed?: boolean;
  handler: Handler;
}

export class Router {
  private routes = new Map<string, Map<string, RouteDef>>();

  add(def: RouteDef): void {
    const key = normalise(def.path);
    const byMethod = this.routes.get(key) ?? new Map<string, RouteDef>();
    if (byMethod.has(def.method)) throw new Error(`Route registered twice: ${def.method} ${def.path}`);
    byMethod.set(def.method, def);
    this.routes.set(key, byMethod);
  }
  get(path: string, handler: Handler, opts: Omit<RouteDef, "method" | "path" | "handler">): void {
    this.add({ method: "GET", path, handler, ...opts });
  }
  post(path: string, handler: Handler, opts: Omit<RouteDef, "method" | "path" | "handler">): void {
    this.add({ method: "POST", path, handler, ...opts });
  }
  /** Every route, in the order registered (the API fuzz test walks them all). */
  list(): RouteDef[] {
    return [...this.routes.values()].flatMap((byMethod) => [...byMethod.values()]);
  }
  /** undefined: no such path; null: path exists but not for this method. */
  match(method: string, path: string): RouteDef | null | undefined {
    const byMethod = this.routes.get(normalise(path));
    if (!byMethod) return undefined;
    return byMethod.get(method) ?? null;
  }
}

const normalise = (p: string) => "/" + p.replace(/^\/+|\/+$/g, "").toLowerCase();

/** Validates input with a zod schema; a failure is a 400 envelope naming the fields, and changes nothing. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    const fields = r.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    throw new ApiError(Status.badRequest, "badInput", { fields });
  }
  return r.data;
}

export type { ServerResponse };
