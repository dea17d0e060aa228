import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { sanitizeRichText } from "../../common/sanitize.ts";
import { TOKEN_LIFETIME_MS, readAuth } from "./auth.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/**
 * The JSON the real-time island fetches (hub ticket, unread count, a notice for the dialog). These are
 * called from script, so a missing or stale session is a 401 the island understands, never a redirect to
 * an HTML login page. The API checks the token itself on every call.
 */
export async function islandJson<T>(args: LoaderFunctionArgs, fn: (token: string, userId: string) => Promise<T>): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  const auth = await readAuth(args.request);
  if (!auth || Date.now() - auth.tokenDate > TOKEN_LIFETIME_MS) return Response.json({ ok: false }, { status: 401, headers });
  try {
    return Response.json({ ok: true, ...(await fn(auth.token, auth.userId)) }, { headers });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    const status = e.sessionInvalid ? 401 : e.status === 404 ? 404 : 502;
    return Response.json({ ok: false, msg: e.msg }, { status, headers });
  }
}

/** The hub ticket the island's connection presents (SysMessage/GetHubTicket). */
const Ticket = z.object({ ticket: z.string(), userId: z.string(), expiresIn: z.number() });
export const hubTicket = (args: CallArgs, token: string) => api(args, "SysMessage/GetHubTicket", { token, schema: Ticket });

/** A published notice for the system-message dialog; its HTML is sanitised here too, whatever the API did. */
const Notice = z.object({ id: z.string(), title: z.string(), author: z.string(), time: z.string(), content: z.string() });
export async function dialogNotice(args: CallArgs, token: string, id: string) {
  const n = await api(args, "SysMessage/GetSystemNoticeeDetailForDig", { token, query: { id }, schema: Notice });
  return { ...n, content: sanitizeRichText(n.content) };
}
