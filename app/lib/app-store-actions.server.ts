import { data } from "@remix-run/node";
import { readOneFileForm } from "./attachments.server.ts";
import { PACKAGE_MAX_MIB, versionHref } from "./app-store.ts";
import { uploadPackage } from "./app-store.server.ts";
import { getT } from "./i18n.server.ts";
import { redirectWithToast } from "./page-actions.server.ts";
import type { CallArgs } from "./upstream.server.ts";

/**
 * The package upload's action, shared by the upload page and a version's page (a new package for it): the
 * file read with the limit, sent to the API, then the new version's page, or the problems to show.
 */
export async function uploadAction(args: CallArgs, token: string) {
  const t = await getT(args.request, "appStore");
  const form = await readOneFileForm(args.request, PACKAGE_MAX_MIB * 1024 * 1024);
  if (!form) return data({ error: t("upload.tooLarge", { mb: PACKAGE_MAX_MIB }), problems: [] }, { status: 413 });
  const file = form.get("file");
  if (!file || typeof file === "string" || !file.size) return data({ error: t("upload.noFile"), problems: [] }, { status: 400 });
  const r = await uploadPackage(args, token, file);
  if (!r.ok) return data({ error: r.error, problems: r.problems }, { status: 400 });
  return redirectWithToast(args.request, versionHref(r.version.Id), { kind: "success", text: t("upload.uploaded", { name: r.version.Name, version: r.version.Version }) });
}
