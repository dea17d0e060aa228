import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/infoCenter/Pager";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";

/** A notice the admin is about to delete. */
interface DeleteTarget {
  id: string;
  title: string;
}
import { StateBadge } from "~/components/noticeAdmin/StateBadge";
import noticeAdminStyles from "~/components/noticeAdmin/noticeAdmin.css";
import { PageHeader } from "~/components/PageHeader";
import { localLogout, requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { manageIntent } from "~/lib/notice-form";
import { isId, KEYWORD_MAX, listHref, manageQuery, STATE_FILTERS, type ManageQuery } from "~/lib/notices";
import { deleteNotice, forPage, listForManage, noticeForEdit, saveNotice, withdrawNotice, type ManageListRow } from "~/lib/notices.server";
import { backTo } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /systemManage/noticeManager (SystemAdmin): every notice with its state, searchable, filtered by state,
 * paged; publish, withdraw and delete are POST forms told apart by `intent`. Delete asks first: a modal
 * with JavaScript, a confirm step (`?confirm=<id>`) without.
 */
export const handle = { i18n: ["noticeAdmin", "infoCenter"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: noticeAdminStyles },
];
export const meta = pageMeta;

const PATH = "/systemManage/noticeManager";
const DEFAULTS = { page: 1, state: "all" };
const hrefOf = (q: ManageQuery, change: Partial<ManageQuery> = {}) => listHref(PATH, { ...q, ...change }, DEFAULTS);

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "noticeAdmin");
  const search = new URL(args.request.url).searchParams;
  const q = manageQuery(search);
  const list = await forPage(args, () => listForManage(args, token, q));
  // The no-JS delete step names the notice it is about; one not on this page is looked up.
  const confirmId = search.get("confirm");
  let confirm: DeleteTarget | null = null;
  if (isId(confirmId)) {
    const row = list.rows.find((r) => r.id === confirmId);
    confirm = row ? { id: row.id, title: row.title } : await forPage(args, () => noticeForEdit(args, token, confirmId)).then((n) => ({ id: n.id, title: n.title }));
  }
  return data({ title: t("manager.title"), q, list, confirm });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PATH);
  const form = await request.formData();
  const t = await getT(request, "noticeAdmin");
  const intent = manageIntent(form.get("intent"));
  const id = form.get("id");
  if (!intent || typeof id !== "string" || !isId(id)) throw new Response(t("badIntent"), { status: 400 });
  const back = backTo(form.get("back"), PATH);
  const toast = async (kind: "success" | "error", text: string) => ({ "Set-Cookie": await flashToast(request, { kind, text }) });
  try {
    if (intent === "publish") {
      // Publishing from the list saves the notice as it stands, with Publish set.
      const n = await noticeForEdit(args, token, id);
      await saveNotice(args, token, { id, title: n.title, author: n.author, content: n.content, attachments: n.attachments.map((a) => a.path) }, true);
    } else if (intent === "withdraw") {
      await withdrawNotice(args, token, id);
    } else {
      await deleteNotice(args, token, id);
    }
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(request, e.msg) });
    return redirect(back, { headers: await toast("error", e.msg || "Error") });
  }
  return redirect(back, { headers: await toast("success", t(`manager.done.${intent}`)) });
}

export default function NoticeManager() {
  const { q, list, confirm } = useLoaderData<typeof loader>();
  const { t } = useTranslation("noticeAdmin");
  const location = useLocation();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const deleteTexts = (target: DeleteTarget): DeleteTexts => ({
    title: t("delete.title"),
    question: t("delete.question", { title: target.title }),
    cancel: t("delete.cancel"),
    confirm: t("delete.confirm"),
  });
  const back = hrefOf(q);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="notice-manager">
      <div className="na-head">
        <PageHeader title={t("manager.title")} intro={t("manager.intro")} />
        <Button component={Link} to="/systemManage/noticeEdit" data-testid="new-notice">
          {t("manager.new")}
        </Button>
      </div>
      {confirm ? <DeleteStep id={confirm.id} back={back} texts={deleteTexts(confirm)} className="na-confirm" /> : null}
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <div className="ic-toolbar">
            <Form method="get" className="ic-search" role="search" data-testid="search-form">
              {q.state !== "all" ? <input type="hidden" name="state" value={q.state} /> : null}
              <TextInput name="keyword" type="search" label={t("manager.keyword")} placeholder={t("manager.keywordPlaceholder")} defaultValue={q.keyword} maxLength={KEYWORD_MAX} key={q.keyword} />
              <Button type="submit" data-testid="search-submit">
                {t("manager.search")}
              </Button>
            </Form>
            <div className="ic-filters" role="group" aria-label={t("manager.stateLabel")}>
              {STATE_FILTERS.map((state) => (
                <Link key={state} to={hrefOf(q, { state, page: 1 })} className="ic-chip" aria-current={q.state === state ? "true" : undefined} data-testid={`state-${state}`}>
                  {t(`stateFilter.${state}`)}
                </Link>
              ))}
            </div>
          </div>
          <Text size="sm" c="dimmed" data-testid="result-count">
            {t("manager.found", { count: list.total })}
          </Text>
          <NoticeTable rows={list.rows} back={back} search={location.search} onDelete={setDeleting} />
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => hrefOf(q, { page })} />
        </Stack>
      </Paper>
      {deleting ? <DeleteDialog id={deleting.id} back={back} texts={deleteTexts(deleting)} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}

function NoticeTable({ rows, back, search, onDelete }: { rows: ManageListRow[]; back: string; search: string; onDelete: (t: DeleteTarget) => void }) {
  const { t } = useTranslation("noticeAdmin");
  const nav = useNavigation();
  const busy = (intent: string, id: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent && nav.formData?.get("id") === id;
  if (!rows.length) return <p className="na-empty">{t("manager.empty")}</p>;
  const confirmHref = (id: string) => {
    const q = new URLSearchParams(search);
    q.set("confirm", id);
    return `${PATH}?${q}`;
  };
  return (
    <table className="na-table" data-testid="notice-table">
      <thead>
        <tr>
          <th scope="col">{t("column.title")}</th>
          <th scope="col">{t("column.author")}</th>
          <th scope="col">{t("column.state")}</th>
          <th scope="col">{t("column.created")}</th>
          <th scope="col">{t("column.published")}</th>
          <th scope="col">{t("column.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid="notice-row" data-id={r.id}>
            <td className="na-title">{r.title}</td>
            <td data-label={t("column.author")}>{r.author || "—"}</td>
            <td data-label={t("column.state")}>
              <StateBadge state={r.state} />
            </td>
            <td data-label={t("column.created")} className="na-time">
              {r.created}
            </td>
            <td data-label={t("column.published")} className="na-time">
              {r.published || "—"}
            </td>
            <td>
              <Group className="na-actions" gap={6}>
                <Button component={Link} to={`/systemManage/noticeEdit?id=${r.id}`} size="compact-sm" variant="light" data-testid="edit">
                  {t("action.edit")}
                </Button>
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="back" value={back} />
                  {r.state === "published" ? (
                    <Button type="submit" name="intent" value="withdraw" size="compact-sm" variant="light" color="orange" loading={busy("withdraw", r.id)} data-testid="withdraw">
                      {t("action.withdraw")}
                    </Button>
                  ) : (
                    <Button type="submit" name="intent" value="publish" size="compact-sm" variant="light" color="green" loading={busy("publish", r.id)} data-testid="publish">
                      {t("action.publish")}
                    </Button>
                  )}
                </Form>
                <DeleteLink href={confirmHref(r.id)} onOpen={() => onDelete({ id: r.id, title: r.title })}>
                  {t("action.delete")}
                </DeleteLink>
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
