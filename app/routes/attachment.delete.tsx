import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, backTo, sessionGone, userForAction } from "~/lib/attachment-actions.server";
import { isAttachmentPath } from "~/lib/attachments";
import { deleteAttachment } from "~/lib/attachments.server";
import { getT } from "~/lib/i18n.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * POST /attachment/delete (`path`, optional `redirectTo`): Attachment/DeleteFile, which lets only the
 * owner or a SystemAdmin delete. JSON `{ok, path, msg}` for scripts, else back with a toast.
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const t = await getT(request, "attachments");
  const user = await userForAction(args);
  if (user instanceof Response) return user;
  const form = await request.formData();
  const back = backTo(request, form.get("redirectTo"));
  const path = form.get("path");
  if (!isAttachmentPath(path)) return answer(request, { ok: false, msg: t("notFound"), status: 404 }, back);
  try {
    await deleteAttachment(args, user.token, path);
    return answer(request, { ok: true, msg: t("deleted"), path }, back);
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) return sessionGone(request, e.msg);
    return answer(request, { ok: false, msg: e.msg || t("failed"), status: e.status === 403 || e.status === 404 ? e.status : 400 }, back);
  }
}
