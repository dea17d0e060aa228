import type { ActionFunctionArgs } from "@remix-run/node";
import { answer, backTo, sessionGone, userForAction } from "~/lib/attachment-actions.server";
import { attachmentUrl, formatSize } from "~/lib/attachments";
import { bodyClearlyTooLarge, readAttachmentForm, uploadAttachment } from "~/lib/attachments.server";
import { env } from "~/lib/env.server";
import { getT } from "~/lib/i18n.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * POST /attachment/upload (multipart `file`, optional `redirectTo`): one file to Attachment/UploadFile.
 * JSON `{ok, path, name, size, type, url, msg}` for scripts, else back to `redirectTo` with 上传成功! or the
 * reason. A body clearly over the limit is refused from its Content-Length before it is read.
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const t = await getT(request, "attachments");
  const user = await userForAction(args);
  if (user instanceof Response) return user;
  const tooLarge = t("tooLarge", { size: formatSize(env.ATTACHMENT_MAX_BYTES) });
  if (bodyClearlyTooLarge(request)) {
    return answer(request, { ok: false, msg: tooLarge, status: 413 }, backTo(request, new URL(request.url).searchParams.get("redirectTo")));
  }
  let form: FormData;
  try {
    form = await readAttachmentForm(request, 1);
  } catch {
    return answer(request, { ok: false, msg: t("noFile") }, backTo(request, null));
  }
  const back = backTo(request, form.get("redirectTo"));
  const file = form.get("file");
  if (!file || typeof file === "string") return answer(request, { ok: false, msg: t("noFile") }, back);
  try {
    const up = await uploadAttachment(args, user.token, file);
    return answer(request, { ok: true, msg: t("uploaded"), ...up, url: attachmentUrl(up.path) }, back);
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) return sessionGone(request, e.msg);
    return answer(request, { ok: false, msg: e.msg || t("failed"), status: e.status === 413 ? 413 : 400 }, back);
  }
}
