import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { backTo, redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { MY_UPLOADS_PATH, UPLOAD_PATH, badRowsHref, uploadHref } from "~/lib/test-data";
import { listUploads, undoUpload } from "~/lib/test-data.server";

/**
 * /dataUpdate/myUploadData (DataUpload, SystemAdmin; docs/test-data.md): my offline uploads, newest first, with
 * their state and counts; each opens its check, its original file and its rows to correct; an imported one can
 * be undone (its records removed), after a confirmation that works with and without JavaScript.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;
const PAGE_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MY_UPLOADS_PATH);
  const t = await getT(args.request, "testData");
  const search = new URL(args.request.url).searchParams;
  const page = pageFrom(search.get("page"));
  const list = await forPage(args, () => listUploads(args, token, page, PAGE_SIZE));
  return data({ title: t("uploads.title"), list, page, confirm: idParam(search.get("confirm")) });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, MY_UPLOADS_PATH);
  const t = await getT(request, "testData");
  const form = await request.formData();
  const back = backTo(form.get("back"), MY_UPLOADS_PATH, ["confirm"]);
  const id = idParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || !id) return data({ error: t("upload.badRequest") }, { status: 400 });
  try {
    const r = await undoUpload(args, token, { Id: id, Version: Number(form.get("version")) });
    return redirectWithToast(request, back, { kind: "success", text: t("uploads.undone", { file: r.FileName, count: r.Imported }) });
  } catch (e) {
    return toastFailure(args, e, back);
  }
}

export default function MyUploadsPage() {
  const { list, page, confirm } = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  const [dialog, setDialog] = useState<string | null>(null);
  const here = listHref(MY_UPLOADS_PATH, { page }, { page: 1 });
  const texts = (file: string, count: number): DeleteTexts => ({ title: t("uploads.undoTitle"), question: t("uploads.undoQuestion", { file, count }), cancel: t("uploads.cancel"), confirm: t("uploads.undo") });
  const target = list.rows.find((r) => r.Id === (dialog ?? confirm));
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="uploads-page">
      <div className="sys-head">
        <PageHeader title={t("uploads.title")} intro={t("uploads.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={UPLOAD_PATH} data-testid="uploads-new">
            {t("uploads.new")}
          </Button>
        </div>
      </div>
      {target && confirm && !dialog ? <DeleteStep id={target.Id} back={here} texts={texts(target.FileName, target.Imported)} extra={{ version: String(target.Version) }} /> : null}
      {target && dialog ? <DeleteDialog id={target.Id} back={here} texts={texts(target.FileName, target.Imported)} extra={{ version: String(target.Version) }} onClose={() => setDialog(null)} /> : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Text className="ls-count">{t("uploads.found", { count: list.total })}</Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="uploads-table">
                <thead>
                  <tr>
                    <th scope="col">{t("uploads.file")}</th>
                    <th scope="col">{t("uploads.at")}</th>
                    <th scope="col">{t("uploads.state")}</th>
                    <th scope="col">{t("uploads.counts")}</th>
                    <th scope="col">{t("uploads.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((u) => (
                    <tr key={u.Id} data-testid="upload-row" data-state={u.State}>
                      <td className="ls-strong">
                        <Link to={uploadHref(u.Id)} className="dt-code-link">
                          {u.FileName}
                        </Link>
                      </td>
                      <td data-label={t("uploads.at")} className="ls-dim td-date">
                        {formatDate(u.UploadedAt, "{y}-{m}-{d} {h}:{i}")}
                      </td>
                      <td data-label={t("uploads.state")}>
                        <span className="dt-state" data-state={u.State === "imported" ? "verified" : u.State === "undone" ? "cancelled" : "submitted"}>
                          {t(`upload.state.${u.State}`)}
                        </span>
                      </td>
                      <td data-label={t("uploads.counts")}>{t("uploads.countLine", { total: u.Total, bad: u.Bad, imported: u.Imported })}</td>
                      <td data-label={t("uploads.actions")} className="td-row-actions">
                        <a href={u.FileUrl} className="dt-code-link">
                          {t("upload.original")}
                        </a>
                        {u.Bad ? (
                          <a href={badRowsHref(u.Id)} className="dt-code-link" download>
                            {t("upload.badRows")}
                          </a>
                        ) : null}
                        {u.State === "imported" ? (
                          <DeleteLink href={listHref(MY_UPLOADS_PATH, { page, confirm: u.Id }, { page: 1 })} onOpen={() => setDialog(u.Id)}>
                            {t("uploads.undo")}
                          </DeleteLink>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="uploads-empty">
              {t("uploads.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={page} hrefFor={(p) => listHref(MY_UPLOADS_PATH, { page: p }, { page: 1 })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
