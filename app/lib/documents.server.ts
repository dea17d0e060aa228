import { redirect } from "@remix-run/node";
import { z } from "zod";
import { loginUrl, localLogout, readAuth, TOKEN_LIFETIME_MS } from "./auth.server.ts";
import { sourceParams, type DocumentSource } from "./documents.ts";
import { getT } from "./i18n.server.ts";
import { api, apiRaw, SESSION_INVALID, type CallArgs } from "./upstream.server.ts";

const facts = z.object({
  Name: z.string(),
  Ext: z.string(),
  Kind: z.enum(["pdf", "office", "image", "text", "other"]),
  Type: z.string(),
  Size: z.number(),
  ModifiedAt: z.string(),
  Pages: z.number().int().nullable(),
  PageSizes: z.array(z.tuple([z.number(), z.number()])),
  Version: z.string().nullable(),
  Text: z.string().nullable(),
  TextTruncated: z.boolean(),
  Note: z.string().nullable(),
});
export type DocumentFacts = z.infer<typeof facts>;

/** Document/GetDocument; `from` is the first page the view shows, which the API starts drawing at once. */
export function documentFacts(args: CallArgs, token: string, s: DocumentSource, from: number): Promise<DocumentFacts> {
  return api(args, "Document/GetDocument", { query: { ...sourceParams(s), from }, token, schema: facts });
}

/** Headers of the API's file answers that reach the browser. */
const PASSED = ["content-type", "content-length", "content-disposition", "content-security-policy", "cache-control"];

/**
 * A page image or the file itself, streamed from the API with the user's token (the browser never holds it).
 * The API checks the user's access on every request and nothing is stored by the browser (no-store: on a
 * shared kiosk the next user finds no page on disk). Anything but a file is the 404 page (someone else's document, a page that is
 * not there), a refusal keeps its status and message, and a session the API no longer accepts logs out.
 */
export async function streamDocument(args: CallArgs, call: "Document/GetPage" | "Document/Download", query: Record<string, string>): Promise<Response> {
  const { request } = args;
  const auth = await readAuth(request);
  if (!auth) throw redirect(loginUrl(request));
  if (Date.now() - auth.tokenDate > TOKEN_LIFETIME_MS) {
    throw redirect(loginUrl(request), { headers: await localLogout(request, (await getT(request))("errors.sessionExpired")) });
  }
  const res = await apiRaw(args, call, { query, token: auth.token });
  if (res.ok && res.headers.get("content-disposition")) {
    const headers = new Headers({ "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    for (const h of PASSED) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  }
  const env = (await res.json().catch(() => null)) as { status?: number; msg?: string } | null;
  const status = env?.status ?? res.status;
  if (SESSION_INVALID.has(status)) throw redirect("/login", { headers: await localLogout(request, env?.msg) });
  const t = await getT(request);
  const text = status === 404 || !env?.msg ? t("errors.notFound") : env.msg;
  throw new Response(text, { status: status >= 400 && status < 600 ? status : 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}
