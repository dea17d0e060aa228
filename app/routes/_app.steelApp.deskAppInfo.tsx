import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import { CurrentClients, ReleaseForm, ReleaseTable } from "~/components/appStore/ClientReleases";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import detectionStyles from "~/components/detection/detection.css";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { CLIENT_RELEASE_MAX_MIB, DESK_APP_PATH, STORE_PATH, isAppAdmin } from "~/lib/app-store";
import { readOneFileForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { listClientReleases, uploadClientRelease, withdrawClientRelease } from "~/lib/client-releases.server";
import { clientReleaseSchema } from "~/lib/form-schemas.server";
import { formValues } from "~/lib/forms";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { backTo, checkAssembled, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";

/**
 * /steelApp/deskAppInfo (hidden; docs/app-store.md, "Desktop client"): the desktop client and its updates to
 * download, each with version, platform, kinds of update, size, SHA-256 and notes; the current client of each
 * platform first (what the navbar's download serves). App administrators publish and withdraw releases here.
 * Works without JavaScript: a multipart form, and a confirm step before a withdrawal.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, DESK_APP_PATH);
  const t = await getT(args.request, "appStore");
  const releases = await listClientReleases(args, token);
  const confirm = new URL(args.request.url).searchParams.get("confirm");
  return data({ title: t("desk.title"), releases, admin: isAppAdmin(user.roleList), confirm: releases.some((r) => r.Id === confirm) ? confirm : null });
}

export async function action(args: ActionFunctionArgs) {
  const { token, user } = await requireAccess(args, DESK_APP_PATH);
  const t = await getT(args.request, "appStore");
  if (!isAppAdmin(user.roleList)) throw new Response(t("desk.adminsOnly"), { status: 403 });
  if ((args.request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const form = await readOneFileForm(args.request, CLIENT_RELEASE_MAX_MIB * 1024 * 1024);
    if (!form) return formFailure({ values: {}, errors: { file: "fileTooLarge" }, formError: null, stale: false }, 413);
    // Checkboxes post one Kinds each: the API takes them as one "88,3".
    const values: Record<string, string> = { ...formValues(form), Kinds: form.getAll("Kinds").map(String).join(","), file: "" };
    const posted = checkAssembled(clientReleaseSchema, values, values);
    if (!posted.ok) return formFailure(posted.failure);
    const file = form.get("file");
    if (!file || typeof file === "string" || !file.size) return formFailure({ values, errors: { file: "fileRequired" }, formError: null, stale: false });
    try {
      const r = await uploadClientRelease(args, token, { Version: values.Version ?? "", Platform: values.Platform ?? "", Kinds: values.Kinds, Notes: values.Notes ?? "" }, file);
      return redirectWithToast(args.request, DESK_APP_PATH, { kind: "success", text: t("desk.published", { version: r.Version, platform: t(`desk.platform.${r.Platform}`) }) });
    } catch (e) {
      return formFailure(await upstreamFailure(args, e, values));
    }
  }
  const form = await args.request.formData();
  const back = backTo(form.get("back"), DESK_APP_PATH);
  if (form.get("intent") !== "delete") throw new Response(t("badRequest"), { status: 400 });
  try {
    await withdrawClientRelease(args, token, String(form.get("id") ?? ""));
  } catch (e) {
    return toastFailure(args, e, back);
  }
  return redirectWithToast(args.request, back, { kind: "success", text: t("desk.withdrawn", { version: String(form.get("version") ?? "") }) });
}

export default function DeskAppInfoPage() {
  const { releases, admin, confirm } = useLoaderData<typeof loader>();
  const failure = (useActionData<typeof action>() as { failure?: FormFailure } | undefined)?.failure ?? null;
  const { t } = useTranslation("appStore");
  const location = useLocation();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const back = DESK_APP_PATH;
  const named = (id: string | null) => releases.find((r) => r.Id === id);
  const withdrawTexts = (id: string): DeleteTexts => {
    const r = named(id)!;
    return {
      title: t("desk.withdrawTitle"),
      question: t("desk.withdrawQuestion", { version: r.Version, platform: t(`desk.platform.${r.Platform}`) }),
      cancel: t("desk.cancel"),
      confirm: t("desk.withdraw"),
    };
  };
  const extra = (id: string) => ({ version: named(id)!.Version });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="desk-app-page">
      <PageHeader title={t("desk.title")} intro={t("desk.intro")} />
      {admin && confirm ? <DeleteStep id={confirm} back={back} texts={withdrawTexts(confirm)} extra={extra(confirm)} className="sys-confirm" /> : null}
      {withdrawing && named(withdrawing) ? <DeleteDialog id={withdrawing} back={back} texts={withdrawTexts(withdrawing)} extra={extra(withdrawing)} onClose={() => setWithdrawing(null)} /> : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="as-section-title">{t("desk.currentTitle")}</h2>
          <CurrentClients releases={releases} />
          <p className="as-note dt-small">{t("desk.verify")}</p>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="as-section-title">{t("desk.allTitle")}</h2>
          {releases.length ? (
            <ReleaseTable
              releases={releases}
              actions={
                admin
                  ? (r) => (
                      <DeleteLink href={`${DESK_APP_PATH}?confirm=${r.Id}`} onOpen={() => setWithdrawing(r.Id)}>
                        {t("desk.withdraw")}
                      </DeleteLink>
                    )
                  : undefined
              }
            />
          ) : (
            <p className="ls-empty" data-testid="releases-empty">
              {admin ? t("desk.emptyAdmin") : t("desk.empty")}
            </p>
          )}
        </Stack>
      </Paper>
      {admin ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} id="publish">
          <Stack gap="sm">
            <h2 className="as-section-title">{t("desk.publishTitle")}</h2>
            <p className="as-note">{t("desk.publishIntro")}</p>
            <ReleaseForm key={location.key} failure={failure} />
          </Stack>
        </Paper>
      ) : null}
      <p className="dt-dim dt-small">
        <Link to={STORE_PATH} className="dt-code-link">
          {t("desk.toStore")}
        </Link>
      </p>
    </Stack>
  );
}
