import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { departmentSchema } from "~/lib/form-schemas.server";
import { DeleteDialog, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { PageHeader } from "~/components/PageHeader";
import { DepartmentForm } from "~/components/system/DepartmentForm";
import { DepartmentTree } from "~/components/system/DepartmentTree";
import systemStyles from "~/components/system/system.css";
import { requireAccess } from "~/lib/auth.server";
import { budgetTree, countNodes, DEPT_PATH, deptHref, deptQuery, filterTree, findNode, parentOptions, pathTo, type DeptNode } from "~/lib/departments";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { backTo, checkPosted, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";
import { forPage } from "~/lib/notices.server";
import { deleteDepartment, departmentTree, saveDepartment } from "~/lib/system.server";

/**
 * /systemManage/deptMangae (SystemAdmin): the department tree, filterable; the panel beside it adds
 * (`?add=<parent>|root`), edits (`?edit=<id>`) or confirms a delete (`?confirm=<id>`), all plain links and
 * POST forms, so the page works without JavaScript (docs/pages.md). With JavaScript the delete asks in a dialog.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: systemStyles },
];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DEPT_PATH);
  const t = await getT(args.request, "system");
  const q = deptQuery(new URL(args.request.url).searchParams);
  const tree = await forPage(args, () => departmentTree(args, token));
  const filtered = filterTree(tree, q.q);
  const target = q.edit ?? (q.add && q.add !== "root" ? q.add : null) ?? q.confirm ?? q.at;
  const targetNode = target ? findNode(tree, target) : null;
  const slim = (n: DeptNode | null) => (n ? { ...n, Children: [] } : null);
  const panelOpen = Boolean(q.edit || q.add);
  const path = target ? pathTo(tree, target) : [];
  return data({
    title: t("dept.title"),
    q,
    // Only what the page renders: a tree of thousands would be megabytes of HTML and data (docs/system.md).
    tree: budgetTree(filtered.tree, q.q ? "all" : new Set(path)),
    total: countNodes(tree),
    matched: filtered.matched,
    // Opened in the tree: the way down to the department the panel is about.
    open: path,
    target: slim(targetNode),
    missing: Boolean(target && !targetNode),
    options: panelOpen ? parentOptions(tree, q.edit) : [],
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, DEPT_PATH);
  const t = await getT(request, "system");
  const form = await request.formData();
  const back = backTo(form.get("back"), DEPT_PATH);
  const intent = form.get("intent");
  if (intent === "delete") {
    const id = String(form.get("id") ?? "");
    const name = String(form.get("name") ?? "");
    try {
      await deleteDepartment(args, token, id, typeof form.get("version") === "string" ? String(form.get("version")) : null);
    } catch (e) {
      return toastFailure(args, e, back);
    }
    return redirectWithToast(request, back, { kind: "success", text: t("dept.deleted", { name }) });
  }
  if (intent !== "save") throw new Response(t("dept.errors.invalid"), { status: 400 });
  const posted = checkPosted(departmentSchema, form);
  if (!posted.ok) return formFailure(posted.failure);
  let saved: { Id: string };
  try {
    saved = await saveDepartment(args, token, posted.data);
  } catch (e) {
    const failure = await upstreamFailure(args, e, posted.values);
    return formFailure(failure, failure.stale ? 409 : 400);
  }
  // Back to the list as it was, opened down to where the department now is.
  const to = new URL(back, "http://list.invalid");
  to.searchParams.set("at", saved.Id);
  return redirectWithToast(request, to.pathname + to.search, { kind: "success", text: t("dept.saved", { name: posted.data.Name }) });
}

export default function Departments() {
  const { q, tree, total, matched, open, target, missing, options } = useLoaderData<typeof loader>();
  const failure = (useActionData<typeof action>() as { failure?: FormFailure } | undefined)?.failure ?? null;
  const { t } = useTranslation("system");
  const [deleting, setDeleting] = useState<DeptNode | null>(null);
  const back = deptHref(q);
  const deleteTexts = (n: { Name: string }): DeleteTexts => ({
    title: t("dept.deleteTitle"),
    question: t("dept.deleteQuestion", { name: n.Name }),
    cancel: t("dept.cancel"),
    confirm: t("dept.delete"),
  });
  const panel = q.edit || q.add ? (q.edit ? "edit" : "add") : q.confirm ? "confirm" : null;
  const csvHref = `${DEPT_PATH}.csv${q.q ? `?q=${encodeURIComponent(q.q)}` : ""}`;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="dept-page">
      <div className="sys-head">
        <PageHeader title={t("dept.title")} intro={t("dept.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={csvHref} variant="default" data-testid="dept-csv">
            {t("dept.csv")}
          </Button>
          <Button component={Link} to={deptHref(q, { add: "root" })} preventScrollReset data-testid="dept-add">
            {t("dept.add")}
          </Button>
        </div>
      </div>
      <div className="sys-split" data-panel={panel && panel !== "confirm" ? "true" : undefined}>
        {panel === "confirm" && target ? (
          <DeleteStep id={target.Id} back={back} texts={deleteTexts(target)} extra={{ name: target.Name, version: String(target.Version) }} className="sys-confirm" />
        ) : panel ? (
          <Paper withBorder radius="md" p="md" className="sys-panel" data-testid="dept-panel">
            {missing ? (
              <Stack gap="sm">
                <Text>{t("dept.notFound")}</Text>
                <Button component={Link} to={back} variant="default">
                  {t("dept.cancel")}
                </Button>
              </Stack>
            ) : (
              <>
                <h2 className="sys-panel-title">
                  {panel === "edit" ? t("dept.panelEdit") : target ? t("dept.panelAddUnder", { name: target.Name }) : t("dept.panelAdd")}
                </h2>
                <DepartmentForm
                  key={`${panel}-${target?.Id ?? "root"}`}
                  editing={panel === "edit" ? target : null}
                  parentId={panel === "add" ? (target?.Id ?? null) : null}
                  options={options}
                  failure={failure}
                  back={back}
                  reloadHref={deptHref(q, { edit: q.edit })}
                />
              </>
            )}
          </Paper>
        ) : null}
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <div className="ic-toolbar">
              <Form method="get" className="ic-search" role="search" data-testid="dept-search">
                <TextInput name="q" type="search" label={t("dept.searchLabel")} placeholder={t("dept.searchPlaceholder")} defaultValue={q.q} maxLength={100} key={q.q} />
                <Button type="submit">{t("dept.search")}</Button>
                {q.q ? (
                  <Button component={Link} to={DEPT_PATH} variant="subtle">
                    {t("dept.clear")}
                  </Button>
                ) : null}
              </Form>
            </div>
            <Text size="sm" c="dimmed" data-testid="dept-count">
              {q.q ? t("dept.found", { count: matched }) : t("dept.count", { count: total })}
            </Text>
            {tree.length ? (
              <DepartmentTree nodes={tree} q={q} open={q.q ? "all" : new Set(open)} current={target?.Id ?? null} onDelete={setDeleting} />
            ) : (
              <p className="sys-empty" data-testid="dept-empty">
                {q.q ? t("dept.emptySearch", { q: q.q }) : t("dept.empty")}
              </p>
            )}
          </Stack>
        </Paper>
      </div>
      {deleting ? (
        <DeleteDialog id={deleting.Id} back={back} texts={deleteTexts(deleting)} extra={{ name: deleting.Name, version: String(deleting.Version) }} onClose={() => setDeleting(null)} />
      ) : null}
    </Stack>
  );
}
