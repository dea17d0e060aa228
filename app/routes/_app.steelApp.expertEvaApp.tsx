import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import appStoreStyles from "~/components/appStore/appStore.css";
import { StateBadge, VersionPanel } from "~/components/appStore/VersionPanel";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { CRITERIA, EXPERT_PATH, evaluateHref, type Evaluation } from "~/lib/app-store";
import { myEvaluations, saveEvaluation, versionWithCode } from "~/lib/app-store.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";

/**
 * /steelApp/expertEvaApp (OutsideUser sees it ReadOnly; docs/app-store.md "Expert evaluation"): the versions an
 * app administrator invited me to evaluate, those waiting for me first; `?id=` one of them to read (its
 * documentation, code and test run) and score on the four criteria with a comment, changeable while it waits for
 * review. Works without JavaScript.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;
const PAGE_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, EXPERT_PATH);
  const t = await getT(args.request, "appStore");
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  if (id) {
    const [version, code] = await forPage(args, () => versionWithCode(args, token, id, search.get("file")));
    return data({ title: `${t("experts.title")} · ${version.Name} ${version.Version}`, version, code, list: null, page: 1 });
  }
  const page = pageFrom(search.get("page"));
  const list = await forPage(args, () => myEvaluations(args, token, page, PAGE_SIZE));
  return data({ title: t("experts.title"), version: null, code: null, list, page });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, EXPERT_PATH);
  const t = await getT(request, "appStore");
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  if (!id) return data({ error: t("badRequest") }, { status: 400 });
  const score = (c: string) => Number(form.get(c));
  try {
    await saveEvaluation(args, token, {
      Id: id,
      Correctness: score("Correctness"),
      Documentation: score("Documentation"),
      Usefulness: score("Usefulness"),
      Performance: score("Performance"),
      Comment: String(form.get("comment") ?? ""),
    });
    return redirectWithToast(request, evaluateHref(id), { kind: "success", text: t("experts.saved", { name: String(form.get("name") ?? ""), version: String(form.get("version") ?? "") }) });
  } catch (e) {
    return toastFailure(args, e, evaluateHref(id));
  }
}

function EvaluationForm({ id, name, version, mine }: { id: string; name: string; version: string; mine: Evaluation | undefined }) {
  const { t } = useTranslation("appStore");
  const busy = useNavigation().state === "submitting";
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Form method="post" className="as-decision" data-testid="evaluation-form">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="name" value={name} />
        <input type="hidden" name="version" value={version} />
        {CRITERIA.map((c) => (
          <fieldset key={c}>
            <legend>{t(`experts.criteria.${c}`)}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name={c} value={n} defaultChecked={mine?.Scores?.[c] === n} required data-testid={`score-${c}-${n}`} /> {n}
              </label>
            ))}
          </fieldset>
        ))}
        <label style={{ display: "grid", gap: 4 }}>
          {t("experts.comment")}
          <textarea name="comment" maxLength={2000} defaultValue={mine?.Comment ?? ""} data-testid="evaluation-comment" />
        </label>
        <div>
          <Button type="submit" loading={busy} data-testid="evaluation-save">
            {t("experts.save")}
          </Button>
        </div>
      </Form>
    </Paper>
  );
}

export default function ExpertEvaluationPage() {
  const { version, code, list, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appStore");
  if (version) {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="evaluation-page">
        <PageHeader title={t("experts.title")} />
        <p className="as-meta">
          <Link to={EXPERT_PATH} className="dt-code-link">
            ← {t("experts.back")}
          </Link>
        </p>
        {version.State === "submitted" ? <EvaluationForm id={version.Id} name={version.Name} version={version.Version} mine={version.Evaluations[0]} /> : null}
        <VersionPanel v={version} code={code} fileHref={(p) => `${evaluateHref(version.Id, { file: p })}#code`} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="expert-page">
      <PageHeader title={t("experts.title")} intro={t("experts.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Text className="ls-count">{t("experts.found", { count: list!.total })}</Text>
          {list!.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="evaluations-mine">
                <thead>
                  <tr>
                    <th scope="col">{t("mine.col.app")}</th>
                    <th scope="col">{t("mine.col.version")}</th>
                    <th scope="col">{t("mine.col.state")}</th>
                    <th scope="col">{t("experts.evaluatedAt")}</th>
                    <th scope="col">{t("mine.col.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list!.rows.map((r) => (
                    <tr key={r.VersionId} data-testid="evaluation-mine-row" data-app={r.AppId}>
                      <td className="ls-strong">
                        {r.Name}
                        <div className="as-meta">
                          <span className="dt-code">{r.AppId}</span> · {t("experts.invite")}: {r.InvitedBy}
                        </div>
                      </td>
                      <td data-label={t("mine.col.version")} className="ls-mono">
                        {r.Version}
                      </td>
                      <td data-label={t("mine.col.state")}>
                        <StateBadge state={r.State} />
                      </td>
                      <td data-label={t("experts.evaluatedAt")} className="ls-dim">
                        {r.EvaluatedAt ? formatDate(r.EvaluatedAt, "{y}-{m}-{d} {h}:{i}") : r.State === "submitted" ? t("experts.waiting") : t("experts.closed")}
                      </td>
                      <td data-label={t("mine.col.actions")}>
                        <Link to={evaluateHref(r.VersionId)} className="dt-code-link" data-testid="evaluation-open">
                          {r.State === "submitted" ? t("experts.evaluate") : t("mine.open")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="expert-empty">
              {t("experts.empty")}
            </p>
          )}
          <Pager total={list!.total} size={list!.size} current={page} hrefFor={(p) => listHref(EXPERT_PATH, { page: p }, { page: 1 })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
