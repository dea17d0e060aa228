import { redirect } from "@remix-run/node";
import { collectAttachments } from "./attachments.server.ts";
import { localLogout } from "./auth.server.ts";
import { checkFeedback, type FeedbackErrors } from "./feedback.ts";
import { getFeedback, type FeedbackDetail } from "./feedback.server.ts";
import { richTextFrom } from "./rich-text.ts";
import { UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The request-side pieces the feedback pages share: reading the form, loading one, a rejected session. */

/** Section 8: a session the API no longer accepts ends here too, with its message, on the login page. */
export async function sessionGone(args: CallArgs, e: unknown): Promise<never> {
  if (e instanceof UpstreamError && e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
  throw e;
}

/** One feedback for display; null when it does not exist or is not the caller's (the API says 404 / 403). */
export async function loadFeedback(args: CallArgs, token: string, id: string): Promise<{ feedback: FeedbackDetail | null }> {
  try {
    return { feedback: await getFeedback(args, token, id) };
  } catch (e) {
    if (e instanceof UpstreamError && [400, 403, 404].includes(e.status)) return { feedback: null };
    return sessionGone(args, e);
  }
}

/**
 * The attachments to send with the feedback (kept ones, minus those ticked for removal, plus files posted
 * without JavaScript, uploaded now). Refused files come back as "name: reason" lines.
 */
export async function feedbackAttachments(args: CallArgs, token: string, form: FormData): Promise<{ paths: string[]; errors: string[] }> {
  try {
    return await collectAttachments(args, token, form, "Attachments");
  } catch (e) {
    return sessionGone(args, e);
  }
}

export function readFeedbackForm(form: FormData): {
  values: { Title: string; BizType: string; Type: string; Content: string };
  errors: FeedbackErrors;
} {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const values = { Title: str("Title").trim(), BizType: str("BizType"), Type: str("Type"), Content: richTextFrom(form, "Content") };
  return { values, errors: checkFeedback(values) };
}
