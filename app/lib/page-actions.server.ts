import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { checkForm } from "../../common/forms/check.ts";
import { localLogout } from "./auth.server.ts";
import { flashToast, type Toast } from "./cookies.server.ts";
import { formValues } from "./forms.ts";
import type { FormFailure } from "./page-form.ts";
import { safePath } from "./redirects.ts";
import { UpstreamError, type CallArgs } from "./upstream.server.ts";

/**
 * The server half of the page pattern (docs/pages.md): how an action reads a form, answers its errors, and
 * redirects with a flash message. Every list and edit page uses these, so each behaves the same way.
 */

export type Posted<T> = { ok: true; data: T; values: Record<string, string> } | { ok: false; failure: FormFailure };

/** Reads a posted form and checks it with the form's shared schema (common/forms/). */
export function checkPosted<S extends z.ZodType>(schema: S, form: FormData): Posted<z.infer<S>> {
  const values = formValues(form);
  return checkAssembled(schema, values, values);
}

/**
 * checkPosted for a form whose input the action assembles from its fields (a map from many selects, say):
 * `input` is checked, `values` are what the form shows again on an error.
 */
export function checkAssembled<S extends z.ZodType>(schema: S, input: unknown, values: Record<string, string>): Posted<z.infer<S>> {
  const r = checkForm(schema, input);
  return r.ok ? { ok: true, data: r.data, values } : { ok: false, failure: { values, errors: r.errors, formError: null, stale: false } };
}

/** The 400 answer that keeps the form's values and shows each error under its field. */
export const formFailure = (failure: FormFailure, status = 400) => data({ failure }, { status });

/**
 * An API refusal as a form failure: a refused field shows the API's text (in the user's language) under that
 * field; a stale version says so above the form. A rejected session logs out (section 8); any other failure
 * (a 5xx, a timeout) is the form's error. `everyField`: a form whose save can break several fields at once
 * (the grants of many pages) shows each under its field by its key, which the page's namespace must then hold
 * for every key of the form (app/lib/form-errors-i18n.test.ts checks it).
 */
export async function upstreamFailure(args: CallArgs, e: unknown, values: Record<string, string>, opts: { everyField?: boolean } = {}): Promise<FormFailure> {
  if (!(e instanceof UpstreamError)) throw e;
  if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
  const fields = (e.returnData as { fields?: Array<{ field?: string; key?: string }> } | null)?.fields ?? [];
  const stale = fields.some((f) => f.key === "stale");
  const field = fields[0]?.field;
  if (field && !stale && field in values && field !== "Id") {
    const errors: Record<string, string> = { [field]: `=${e.msg}` };
    if (opts.everyField) for (const f of fields.slice(1)) if (f.field && f.key && f.field in values && !(f.field in errors)) errors[f.field] = f.key;
    return { values, errors, formError: null, stale };
  }
  return { values, errors: {}, formError: e.msg || "Error", stale };
}

/** Redirects with a one-time message that survives the redirect (the flash cookie the layout shows). */
export async function redirectWithToast(request: Request, to: string, toast: Toast) {
  return redirect(to, { headers: { "Set-Cookie": await flashToast(request, toast) } });
}

/**
 * Where an action returns the user: the list they came from (the posted `back`, with its filters and page),
 * only if it is this page; the confirm step and the open editor are closed.
 */
export function backTo(raw: FormDataEntryValue | null, path: string, drop: string[] = ["confirm", "edit", "add"]): string {
  const p = safePath(raw);
  if (!p) return path;
  const u = new URL(p, "http://list.invalid");
  if (u.pathname.toLowerCase() !== path.toLowerCase()) return path;
  for (const k of drop) u.searchParams.delete(k);
  return path + u.search;
}

/** A list action's API refusal as an error toast back on the list (a rejected session logs out). */
export async function toastFailure(args: CallArgs, e: unknown, back: string) {
  if (!(e instanceof UpstreamError)) throw e;
  if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
  return redirectWithToast(args.request, back, { kind: "error", text: e.msg || "Error" });
}
