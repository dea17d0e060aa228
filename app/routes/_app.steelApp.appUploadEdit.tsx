import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import { PackageUploadForm, type UploadFailure } from "~/components/appStore/PackageUploadForm";
import { VersionPanel } from "~/components/appStore/VersionPanel";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { MY_APPS_PATH, UPLOAD_APP_PATH, VERSION_PATH, storeAppHref, versionHref } from "~/lib/app-store";
import { uploadAction } from "~/lib/app-store-actions.server";
import { submitVersion, versionWithCode } from "~/lib/app-store.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";

/**
 * /steelApp/appUploadEdit?id= (hidden; docs/app-store.md): one of my versions: its checks, the example's test run
 * (a link to its task with the log and plots), the reviewers' comment, the manifest, the package's files with one
 * open (`file=`), the history; submit it once its test run passed, or upload a new package for it while nothing
 * was decided. Works without JavaScript; with it, the page follows a running test by itself.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;

const REPLACEABLE = ["testing", "tested", "test-failed", "returned"];

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, VERSION_PATH);
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  if (!id) throw new Response("Not Found", { status: 404 });
  const [version, code] = await forPage(args, () => versionWithCode(args, token, id, search.get("file")));
  return data({ title: `${version.Name} ${version.Version}`, version, code });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, VERSION_PATH);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return uploadAction(args, token);
  const t = await getT(request, "appStore");
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "submit" || !id) return data({ error: t("badRequest"), problems: [] }, { status: 400 });
  try {
    const v = await submitVersion(args, token, { Id: id, RowVersion: Number(form.get("rowVersion")) });
    return redirectWithToast(request, versionHref(id), { kind: "success", text: t("mine.submitted", { name: v.Name, version: v.Version }) });
  } catch (e) {
    return toastFailure(args, e, versionHref(id));
  }
}

export default function VersionPage() {
  const { version: v, code } = useLoaderData<typeof loader>();
  const failure = useActionData<UploadFailure>();
  const { t } = useTranslation("appStore");
  const actions = (
    <>
      {v.State === "tested" && v.Mine ? (
        <Form method="post">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="id" value={v.Id} />
          <input type="hidden" name="rowVersion" value={v.RowVersion} />
          <Button type="submit" data-testid="version-submit">
            {t("version.submit")}
          </Button>
        </Form>
      ) : null}
      {v.State === "tested" && v.Mine ? <span className="as-meta">{t("version.submitHint")}</span> : null}
      {v.State === "published" ? (
        <Link to={storeAppHref(v.AppId)} className="dt-code-link" data-testid="version-store">
          {t("mine.storePage")}
        </Link>
      ) : null}
      <Link to={MY_APPS_PATH} className="dt-code-link">
        {t("upload.mine")}
      </Link>
    </>
  );
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="version-page">
      <PageHeader title={t("mine.title")} />
      <VersionPanel v={v} code={code} fileHref={(p) => `${versionHref(v.Id, { file: p })}#code`} actions={actions} />
      {v.Mine ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <h3 className="as-section-title">{REPLACEABLE.includes(v.State) ? t("upload.again") : t("upload.newVersion")}</h3>
            {REPLACEABLE.includes(v.State) ? (
              <PackageUploadForm failure={failure} />
            ) : (
              <Link to={UPLOAD_APP_PATH} className="dt-code-link">
                {t("upload.newVersion")}
              </Link>
            )}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
