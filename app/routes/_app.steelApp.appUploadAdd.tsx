import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import { PackageUploadForm, type UploadFailure } from "~/components/appStore/PackageUploadForm";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { MY_APPS_PATH, PACKAGE_MAX_MIB, UPLOAD_APP_PATH, storeAppHref } from "~/lib/app-store";
import { uploadAction } from "~/lib/app-store-actions.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /steelApp/appUploadAdd (hidden; docs/app-store.md): how to make a package, and its upload. The API checks the
 * package (every problem listed here, nothing kept) and starts the example's test run; the new version's page
 * follows. Works without JavaScript: one multipart form.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args, UPLOAD_APP_PATH);
  const t = await getT(args.request, "appStore");
  return data({ title: t("upload.title") });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, UPLOAD_APP_PATH);
  return uploadAction(args, token);
}

export default function UploadAppPage() {
  const failure = useActionData<UploadFailure>();
  const { t } = useTranslation("appStore");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="app-upload-page">
      <PageHeader title={t("upload.title")} intro={t("upload.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <ol className="as-steps">
            <li>{t("upload.step1")}</li>
            <li>{t("upload.step2")}</li>
            <li>{t("upload.step3", { mb: PACKAGE_MAX_MIB })}</li>
          </ol>
          <p className="as-note">
            {t("upload.examples")}{" "}
            <Link to={storeAppHref("hollomon-fit")} className="dt-code-link">
              hollomon-fit
            </Link>
            {" · "}
            <Link to={storeAppHref("ms-bs")} className="dt-code-link">
              ms-bs
            </Link>
          </p>
          <PackageUploadForm failure={failure} />
          <p className="dt-dim dt-small">
            <Link to={MY_APPS_PATH} className="dt-code-link">
              {t("upload.mine")}
            </Link>
          </p>
        </Stack>
      </Paper>
    </Stack>
  );
}
