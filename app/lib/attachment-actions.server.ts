import { redirect } from "@remix-run/node";
import { localLogout, requireUser, type SignedIn } from "./auth.server.ts";
import { flashToast } from "./cookies.server.ts";
import { getT } from "./i18n.server.ts";
import { safePath } from "./redirects.ts";
import type { CallArgs } from "./upstream.server.ts";

/**
 * The two flavours of the attachment actions (/attachment/upload, /attachment/delete): JSON for the
 * field's scripts (`Accept: application/json`), or a redirect back with a toast for plain forms.
 */
export const wantsJson = (request: Request) => (request.headers.get("accept") ?? "").includes("application/json");

/** Where a plain form goes back to: its `redirectTo` when same-origin, else the page it came from, else home. */
export function backTo(request: Request, field: FormDataEntryValue | null): string {
  const own = safePath(typeof field === "string" ? field : null);
  if (own) return own;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const r = new URL(referer);
      if (r.origin === new URL(request.url).origin) return safePath(r.pathname + r.search) ?? "/";
    } catch {
      // not a URL: fall through
    }
  }
  return "/";
}

export interface Outcome {
  ok: boolean;
  msg: string;
  status?: number;
  [k: string]: unknown;
}

export async function answer(request: Request, outcome: Outcome, back: string) {
  const { status = outcome.ok ? 200 : 400, ...body } = outcome;
  // A plain Response: these are resource routes, whose answers reach scripts as they are.
  if (wantsJson(request)) return Response.json(body, { status, headers: { "cache-control": "no-store" } });
  return redirect(back, { headers: { "Set-Cookie": await flashToast(request, { kind: outcome.ok ? "success" : "error", text: outcome.msg }) } });
}

/** requireUser, except that a script asking for JSON gets a 401 answer instead of the login redirect. */
export async function userForAction(args: CallArgs): Promise<SignedIn | Response> {
  try {
    return await requireUser(args);
  } catch (e) {
    if (!(e instanceof Response) || !wantsJson(args.request)) throw e;
    const t = await getT(args.request, "attachments");
    const headers = new Headers(e.headers);
    headers.delete("location");
    headers.set("content-type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ ok: false, msg: t("loginRequired") }), { status: 401, headers });
  }
}

/** The API no longer accepts the session: JSON says so, a plain form goes to the login page. */
export async function sessionGone(request: Request, msg: string) {
  const headers = await localLogout(request, msg);
  if (wantsJson(request)) {
    headers.set("content-type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ ok: false, msg }), { status: 401, headers });
  }
  return redirect("/login", { headers });
}
