import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { INSTRUMENT_FILES_PATH, instrumentFileHref } from "~/lib/instrument-data";
import { uploadInstrumentFile } from "~/lib/instrument-data.server";
import { idParam } from "~/lib/list-query";
import { pageFailure } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /dataUpdate/instrumentFile (FileTransferAdmin; docs/instrument-data.md): POST streams the upload form's body
 * (file, SampleId, EquipmentId, Sha256) to the API as it arrives, so a file of gigabytes never sits in the
 * web's memory, then opens the file's page; GET `?id=` streams a file back as it was received.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, INSTRUMENT_FILES_PATH);
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  if (!id) throw new Response("Not found", { status: 404 });
  const r = await streamFromApi(args, "TrialDetection/DownloadInstrumentFile", { id }, token);
  return r.response ?? pageFailure(args, new UpstreamError(r.status, r.msg));
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, INSTRUMENT_FILES_PATH);
  if (!/^multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) {
    const t = await getT(args.request, "instrument");
    return redirectWithToast(args.request, INSTRUMENT_FILES_PATH, { kind: "error", text: t("upload.noFile") });
  }
  try {
    const f = await uploadInstrumentFile(args, token);
    const t = await getT(args.request, "instrument");
    return redirectWithToast(args.request, instrumentFileHref(f.Id), { kind: "success", text: t("upload.done", { file: f.FileName }) });
  } catch (e) {
    return toastFailure(args, e, INSTRUMENT_FILES_PATH);
  }
}
