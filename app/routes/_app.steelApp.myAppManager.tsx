import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import { ExpertsPanel } from "~/components/appStore/ExpertsPanel";
import { VersionPanel } from "~/components/appStore/VersionPanel";
import { VersionTable } from "~/components/appStore/VersionTable";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { APP_MANAGER_PATH, reviewHref } from "~/lib/app-store";
import { inviteExperts, listVersions, reviewVersion, versionWithCode } from "~/lib/app-store.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { keywordFrom, listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";

/**
 * /steelApp/myAppManager (app administrators; OutsideUser sees it ReadOnly; docs/app-store.md "Review"): the
 * review queue (oldest submission first), the published versions, or all; `?id=` one version to review: its
 * manifest, code, test run and history, and the decision (publish, return or reject with a comment the author
 * reads; withdraw a published one). Every decision is in the operation log. Works without JavaScript.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;
const PAGE_SIZE = 20;
const VIEWS = { queue: "submitted", published: "published", all: "" } as const;
type View = keyof typeof VIEWS;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, APP_MANAGER_PATH);
  const t = await getT(args.request, "appStore");
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  if (id) {
    const [version, code] = await forPage(args, () => versionWithCode(args, token, id, search.get("file")));
    return data({ title: `${t("manager.review")} · ${version.Name} ${version.Version}`, version, code, list: null, view: "queue" as View, page: 1, keyword: "" });
  }
  const view: View = search.get("view") === "published" || search.get("view") === "all" ? (search.get("view") as View) : "queue";
  const page = pageFrom(search.get("page"));
  const keyword = keywordFrom(search.get("keyword"));
  const list = await forPage(args, () => listVersions(args, token, { scope: "all", state: VIEWS[view], keyword, page, pageSize: PAGE_SIZE }));
  return data({ title: t("manager.title"), version: null, code: null, list, view, page, keyword });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, APP_MANAGER_PATH);
  const t = await getT(request, "appStore");
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  if (!id) return data({ error: t("badRequest") }, { status: 400 });
  if (form.get("intent") === "invite") {
    const experts = String(form.get("experts") ?? "")
      .split(/[,，、\s]+/)
      .filter(Boolean);
    try {
      const invited = await inviteExperts(args, token, { Id: id, Experts: experts });
      return redirectWithToast(request, reviewHref(id), { kind: "success", text: t("experts.invited", { count: invited.length }) });
    } catch (e) {
      return toastFailure(args, e, reviewHref(id));
    }
  }
  const decision = String(form.get("decision") ?? "");
  try {
    const v = await reviewVersion(args, token, { Id: id, RowVersion: Number(form.get("rowVersion")), Decision: decision, Comment: String(form.get("comment") ?? "") });
    return redirectWithToast(request, reviewHref(id), { kind: "success", text: t(`manager.done.${decision}`, { name: v.Name, version: v.Version }) });
  } catch (e) {
    return toastFailure(args, e, reviewHref(id));
  }
}

function Decision({ id, rowVersion, published }: { id: string; rowVersion: number; published: boolean }) {
  const { t } = useTranslation("appStore");
  const busy = useNavigation().state === "submitting";
  const choices = published ? (["withdraw"] as const) : (["publish", "return", "reject"] as const);
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Form method="post" className="as-decision" data-testid="review-form">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="rowVersion" value={rowVersion} />
        <fieldset>
          <legend>{t("manager.decision")}</legend>
          {choices.map((c, k) => (
            <label key={c}>
              <input type="radio" name="decision" value={c} defaultChecked={k === 0} required data-testid={`decision-${c}`} /> {t(`manager.${c}`)}
            </label>
          ))}
        </fieldset>
        <label style={{ display: "grid", gap: 4 }}>
          {t("manager.comment")}
          <textarea name="comment" maxLength={2000} data-testid="review-comment-input" />
        </label>
        <div>
          <Button type="submit" loading={busy} data-testid="review-submit">
            {t("manager.confirm")}
          </Button>
        </div>
      </Form>
    </Paper>
  );
}

export default function AppManagerPage() {
  const { version, code, list, view, page, keyword } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appStore");
  if (version) {
    const decidable = version.State === "submitted" || version.State === "published";
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="review-page">
        <PageHeader title={t("manager.review")} />
        <p className="as-meta">
          <Link to={APP_MANAGER_PATH} className="dt-code-link">
            ← {t("manager.back")}
          </Link>
        </p>
        {decidable ? <Decision id={version.Id} rowVersion={version.RowVersion} published={version.State === "published"} /> : null}
        <ExpertsPanel versionId={version.Id} evaluations={version.Evaluations} canInvite={version.State === "submitted"} />
        <VersionPanel v={version} code={code} fileHref={(p) => `${reviewHref(version.Id, { file: p })}#code`} />
      </Stack>
    );
  }
  const tab = (v: View) => listHref(APP_MANAGER_PATH, { view: v }, { view: "queue" });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="app-manager-page">
      <PageHeader title={t("manager.title")} intro={t("manager.intro")} />
      <nav className="as-tabs" aria-label={t("manager.title")}>
        {(["queue", "published", "all"] as const).map((v) => (
          <Link key={v} to={tab(v)} className="as-tab" aria-current={view === v ? "page" : undefined} data-testid={`manager-tab-${v}`}>
            {t(`manager.${v}`)}
          </Link>
        ))}
      </nav>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="as-search" role="search">
            {view !== "queue" ? <input type="hidden" name="view" value={view} /> : null}
            <label className="as-grow">
              {t("mine.keyword")}
              <input type="search" name="keyword" defaultValue={keyword} maxLength={50} />
            </label>
            <Button type="submit" variant="light">
              {t("mine.search")}
            </Button>
          </Form>
          <Text className="ls-count">{t("manager.found", { count: list!.total })}</Text>
          {list!.rows.length ? (
            <VersionTable rows={list!.rows} withAuthor href={(v) => reviewHref(v.Id)} />
          ) : (
            <p className="ls-empty" data-testid="manager-empty">
              {view === "queue" && !keyword ? t("manager.empty") : t("manager.emptyOther")}
            </p>
          )}
          <Pager total={list!.total} size={list!.size} current={page} hrefFor={(p) => listHref(APP_MANAGER_PATH, { view, keyword, page: p }, { view: "queue", page: 1 })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
