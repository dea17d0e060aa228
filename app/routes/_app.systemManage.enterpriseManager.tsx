import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { enterpriseSchema } from "~/lib/form-schemas.server";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import { Pager } from "~/components/infoCenter/Pager";
import { SortHeader } from "~/components/list/SortHeader";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { EnterpriseForm } from "~/components/system/EnterpriseForm";
import { requireAccess } from "~/lib/auth.server";
import { ENT_LIST, ENT_PAGE_SIZE, ENT_PATH, entHref, entInfoHref, entQuery } from "~/lib/enterprises";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { UpstreamError } from "~/lib/upstream.server";
import { backTo, checkPosted, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";
import { deleteEnterprise, enterpriseInfo, listEnterprises, saveEnterprise, type EnterpriseRow } from "~/lib/system.server";

/**
 * /systemManage/enterpriseManager (SystemAdmin): outside organisations as a paged, sortable, filterable
 * list (all in the address), CSV of the filtered rows, and a panel to add (`?add=1`), edit (`?edit=<id>`) or
 * confirm a delete (`?confirm=<id>`). The list pattern of docs/pages.md, in its plainest form.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, ENT_PATH);
  const t = await getT(args.request, "system");
  const { q, panel } = entQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => listEnterprises(args, token, q, ENT_PAGE_SIZE));
  // The row the panel is about: on this page, or asked for (a shared link to it).
  const targetId = panel.edit ?? panel.confirm;
  let target: EnterpriseRow | null = targetId ? (list.rows.find((r) => r.Id === targetId) ?? null) : null;
  if (targetId && !target) {
    target = await enterpriseInfo(args, token, targetId).catch((e) => (e instanceof UpstreamError && e.status === 404 ? null : pageFailure(args, e)));
  }
  return data({ title: t("ent.title"), q, panel, list, target, missing: Boolean(targetId && !target) });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, ENT_PATH);
  const t = await getT(request, "system");
  const form = await request.formData();
  const back = backTo(form.get("back"), ENT_PATH);
  const intent = form.get("intent");
  if (intent === "delete") {
    try {
      await deleteEnterprise(args, token, String(form.get("id") ?? ""), typeof form.get("version") === "string" ? String(form.get("version")) : null);
    } catch (e) {
      return toastFailure(args, e, back);
    }
    return redirectWithToast(request, back, { kind: "success", text: t("ent.deleted", { name: String(form.get("name") ?? "") }) });
  }
  if (intent !== "save") throw new Response(t("ent.errors.invalid"), { status: 400 });
  const posted = checkPosted(enterpriseSchema, form);
  if (!posted.ok) return formFailure(posted.failure);
  try {
    await saveEnterprise(args, token, posted.data);
  } catch (e) {
    const failure = await upstreamFailure(args, e, posted.values);
    return formFailure(failure, failure.stale ? 409 : 400);
  }
  return redirectWithToast(request, back, { kind: "success", text: t("ent.saved", { name: posted.data.Name }) });
}

export default function Enterprises() {
  const { q, panel, list, target, missing } = useLoaderData<typeof loader>();
  const failure = (useActionData<typeof action>() as { failure?: FormFailure } | undefined)?.failure ?? null;
  const { t } = useTranslation("system");
  const [deleting, setDeleting] = useState<EnterpriseRow | null>(null);
  const back = entHref(q);
  const filtered = q.keyword !== "" || q.status !== "all";
  const deleteTexts = (e: { Name: string }): DeleteTexts => ({
    title: t("ent.deleteTitle"),
    question: t("ent.deleteQuestion", { name: e.Name }),
    cancel: t("ent.cancel"),
    confirm: t("ent.delete"),
  });
  const deleteExtra = (e: EnterpriseRow) => ({ name: e.Name, version: String(e.Version) });
  const open = panel.add || panel.edit ? "form" : panel.confirm ? "confirm" : null;
  const csvHref = entHref(q, { page: null }).replace(ENT_PATH, `${ENT_PATH}.csv`);
  const cols = (k: string) => t(`ent.col.${k}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="ent-page">
      <div className="sys-head">
        <PageHeader title={t("ent.title")} intro={t("ent.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={csvHref} variant="default" data-testid="ent-csv">
            {t("ent.csv")}
          </Button>
          <Button component={Link} to={entHref(q, {}, { add: "1" })} preventScrollReset data-testid="ent-add">
            {t("ent.add")}
          </Button>
        </div>
      </div>
      <div className="sys-split" data-panel={open === "form" ? "true" : undefined}>
        {open === "confirm" && target ? (
          <DeleteStep id={target.Id} back={back} texts={deleteTexts(target)} extra={deleteExtra(target)} className="sys-confirm" />
        ) : open ? (
          <Paper withBorder radius="md" p="md" className="sys-panel" data-testid="ent-panel">
            {missing ? (
              <Stack gap="sm">
                <Text>{t("ent.notFound")}</Text>
                <Button component={Link} to={back} variant="default">
                  {t("ent.cancel")}
                </Button>
              </Stack>
            ) : (
              <>
                <h2 className="sys-panel-title">{panel.edit ? t("ent.panelEdit") : t("ent.panelAdd")}</h2>
                <EnterpriseForm key={panel.edit ?? "new"} editing={panel.edit ? target : null} failure={failure} back={back} reloadHref={entHref(q, {}, { edit: panel.edit ?? "" })} />
              </>
            )}
          </Paper>
        ) : null}
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <Form method="get" className="ls-toolbar" role="search" data-testid="ent-filters">
              <TextInput className="ls-grow" name="keyword" type="search" label={t("ent.keyword")} placeholder={t("ent.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
              <NativeSelect name="status" label={t("ent.statusLabel")} defaultValue={q.status} key={`s-${q.status}`}>
                {ENT_LIST.filters.status.map((s) => (
                  <option key={s} value={s}>
                    {t(`ent.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect className="ls-phone-only" name="sort" label={t("ent.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
                {ENT_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
                  <option key={k} value={k}>
                    {t(`ent.sort.${k}`)}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit">{t("ent.search")}</Button>
            </Form>
            <Text className="ls-count" data-testid="ent-count">
              {t("ent.found", { count: list.total })}
            </Text>
            {list.rows.length ? (
              <table className="ls-table" data-testid="ent-table">
                <thead>
                  <tr>
                    <SortHeader sortKey="name" current={q.sort} hrefFor={(sort) => entHref(q, { sort, page: 1 })}>
                      {cols("name")}
                    </SortHeader>
                    <th scope="col">{cols("creditCode")}</th>
                    <th scope="col">{cols("contact")}</th>
                    <SortHeader sortKey="people" current={q.sort} hrefFor={(sort) => entHref(q, { sort, page: 1 })}>
                      {cols("people")}
                    </SortHeader>
                    <th scope="col">{cols("status")}</th>
                    <SortHeader sortKey="createdAt" current={q.sort} hrefFor={(sort) => entHref(q, { sort, page: 1 })}>
                      {cols("createdAt")}
                    </SortHeader>
                    <th scope="col">{cols("actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((e) => (
                    <tr key={e.Id} data-testid="ent-row" data-name={e.Name} aria-current={target?.Id === e.Id ? "true" : undefined}>
                      <td className="ls-strong">
                        <Link to={entInfoHref(e.Id)} data-testid="ent-open">
                          {e.Name}
                        </Link>
                      </td>
                      <td data-label={cols("creditCode")} className="ls-mono">
                        {e.CreditCode ?? "—"}
                      </td>
                      <td data-label={cols("contact")}>
                        {e.Contact || "—"}
                        {e.Phone ? <div className="ls-dim">{e.Phone}</div> : null}
                      </td>
                      <td data-label={cols("people")} className="ls-num">
                        {e.People}
                      </td>
                      <td data-label={cols("status")}>
                        <span className={e.Disabled ? "ls-badge-off" : "ls-badge-on"}>{t(`ent.status.${e.Disabled ? "disabled" : "enabled"}`)}</span>
                      </td>
                      <td data-label={cols("createdAt")} className="ls-dim">
                        {formatDate(e.CreatedAt, "{y}-{m}-{d}")}
                      </td>
                      <td>
                        <span className="ls-actions">
                          <Button component={Link} to={entHref(q, {}, { edit: e.Id })} preventScrollReset size="compact-sm" variant="light" data-testid="ent-edit">
                            {t("ent.edit")}
                          </Button>
                          <DeleteLink href={entHref(q, {}, { confirm: e.Id })} onOpen={() => setDeleting(e)}>
                            {t("ent.delete")}
                          </DeleteLink>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="ls-empty" data-testid="ent-empty">
                {filtered ? t("ent.emptyFilter") : t("ent.empty")}
              </p>
            )}
            <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => entHref(q, { page })} />
          </Stack>
        </Paper>
      </div>
      {deleting ? <DeleteDialog id={deleting.Id} back={back} texts={deleteTexts(deleting)} extra={deleteExtra(deleting)} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
