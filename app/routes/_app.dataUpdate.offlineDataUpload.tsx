import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_QUANTITIES, UNITS, UPLOAD_LIMITS } from "../../common/test-upload.ts";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { UploadPreview } from "~/components/testData/UploadPreview";
import testDataStyles from "~/components/testData/testData.css";
import { readOneFileForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { MY_UPLOADS_PATH, UPLOAD_PATH, templateHref, uploadHref } from "~/lib/test-data";
import { checkUpload, getUpload, importUpload } from "~/lib/test-data.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /dataUpdate/offlineDataUpload (DataUpload, SystemAdmin; docs/test-data.md): the template to download, a file
 * of test records to upload (.xlsx, .xls, .csv), checked by the API as it streams; `?id=` is a checked upload:
 * every refused cell, the first rows, and the import of all of it (only when nothing is wrong) or of its good
 * rows, the bad ones to download and correct. Works without JavaScript: a multipart form, then plain posts.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, UPLOAD_PATH);
  const t = await getT(args.request, "testData");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  const upload = id ? await forPage(args, () => getUpload(args, token, id)) : null;
  return data({ title: upload ? `${upload.FileName} · ${t("upload.title")}` : t("upload.title"), upload });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, UPLOAD_PATH);
  const t = await getT(request, "testData");
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const refuse = (error: string, status = 400) => data({ error }, { status });
    const form = await readOneFileForm(request, UPLOAD_LIMITS.maxBytes);
    if (!form) return refuse(t("upload.tooLarge", { mb: UPLOAD_LIMITS.maxBytes / (1024 * 1024) }), 413);
    const file = form.get("file");
    if (!file || typeof file === "string" || !file.size) return refuse(t("upload.noFile"));
    try {
      const checked = await checkUpload(args, token, file);
      return redirect(uploadHref(checked.Id));
    } catch (e) {
      if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
      return refuse(e.msg || "Error", e.status === 413 ? 413 : 400);
    }
  }
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  const mode = form.get("mode") === "good" ? "good" : "all";
  if (form.get("intent") !== "import" || !id) return data({ error: t("upload.badRequest") }, { status: 400 });
  try {
    const done = await importUpload(args, token, { Id: id, Mode: mode, Version: Number(form.get("version")) });
    return redirectWithToast(request, MY_UPLOADS_PATH, { kind: "success", text: t("upload.imported", { count: done.Imported, file: done.FileName }) });
  } catch (e) {
    return toastFailure(args, e, uploadHref(id));
  }
}

export default function OfflineUploadPage() {
  const { upload } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error?: string }>();
  const { t } = useTranslation("testData");
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="upload-page">
      <PageHeader title={t("upload.title")} intro={t("upload.intro")} />
      {upload ? (
        <UploadPreview upload={upload} />
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <ol className="td-steps">
              <li>
                {t("upload.step1")}{" "}
                <a href={templateHref()} className="dt-code-link" download data-testid="upload-template">
                  {t("upload.template")}
                </a>
              </li>
              <li>{t("upload.step2")}</li>
              <li>{t("upload.step3")}</li>
            </ol>
            <details className="td-columns">
              <summary>{t("upload.units")}</summary>
              <ul className="td-units">
                {TEMPLATE_QUANTITIES.map((k) => (
                  <li key={k}>
                    <strong>{k}</strong>: {Object.keys(UNITS[k]).filter(Boolean).join(", ") || "—"}
                  </li>
                ))}
              </ul>
            </details>
            {failure?.error ? (
              <Alert color="red" role="alert" data-testid="upload-error">
                {failure.error}
              </Alert>
            ) : null}
            <Form method="post" encType="multipart/form-data" className="td-upload-form" data-testid="upload-form">
              <label className="td-file">
                <span>{t("upload.file", { mb: UPLOAD_LIMITS.maxBytes / (1024 * 1024), rows: UPLOAD_LIMITS.maxRows.toLocaleString() })}</span>
                <input type="file" name="file" accept=".xlsx,.xls,.csv" required data-testid="upload-file" />
              </label>
              <Button type="submit" loading={busy} data-testid="upload-submit">
                {t("upload.check")}
              </Button>
            </Form>
            <p className="dt-dim dt-small">
              <Link to={MY_UPLOADS_PATH} className="dt-code-link">
                {t("upload.mine")}
              </Link>
            </p>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
