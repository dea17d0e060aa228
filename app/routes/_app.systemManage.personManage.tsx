import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { Pager } from "~/components/infoCenter/Pager";
import { SortHeader } from "~/components/list/SortHeader";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { PersonAccountStep, PersonRowActions, OneTimePassword } from "~/components/system/PersonActions";
import { PersonForm } from "~/components/system/PersonForm";
import { PersonImport } from "~/components/system/PersonImport";
import { readOneFileForm } from "~/lib/attachments.server";
import { PERSON_IMPORT_LIMITS } from "../../common/forms/limits.ts";
import { requireAccess } from "~/lib/auth.server";
import { personSchema } from "~/lib/form-schemas.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { backTo, checkPosted, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";
import { indented, panelTarget, PEOPLE_LIST, PEOPLE_PAGE_SIZE, PEOPLE_PATH, peopleExportHref, peopleHref, peopleQuery, type PersonInfo } from "~/lib/people";
import {
  confirmPersonImport,
  listPersons,
  personInfo,
  personOptions,
  previewPersonImport,
  resetPersonPassword,
  savePerson,
  setPersonStatus,
  unbindPersonWx,
  unlockPerson,
  type ImportPreview,
} from "~/lib/system.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /systemManage/personManage (SystemAdmin all; InsideAdmin their department subtree; OutsideAdmin their
 * enterprise — the API holds the scope): people as a paged, sortable, filterable list (all in the address),
 * and a panel to add (`?add=1`), edit (`?edit=<id>`), reset a password (`?reset=<id>`) or confirm a disable
 * (`?disable=<id>`). A one-time password is answered by the action itself, never put in a redirect or cookie.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

/** What an action answers when it does not redirect: a form failure, or a one-time password to show once. */
export type PeopleActionData = {
  failure?: FormFailure;
  password?: { name: string; value: string };
  preview?: ImportPreview;
  importError?: string;
};

export async function loader(args: LoaderFunctionArgs) {
  const { token, userId } = await requireAccess(args, PEOPLE_PATH);
  const t = await getT(args.request, "system");
  const { q, panel } = peopleQuery(new URL(args.request.url).searchParams);
  const [list, options] = await forPage(args, () => Promise.all([listPersons(args, token, q, PEOPLE_PAGE_SIZE), personOptions(args, token)]));
  const targetId = panelTarget(panel);
  const target: PersonInfo | null = targetId
    ? await personInfo(args, token, targetId).catch((e) => (e instanceof UpstreamError && e.status === 404 ? null : pageFailure(args, e)))
    : null;
  return data({
    title: t("person.title"),
    q,
    panel,
    list,
    options,
    target,
    missing: Boolean(targetId && !target),
    me: userId,
  });
}

/** The import's first step: the uploaded workbook, checked by the API; its preview (or refusal) is the answer. */
async function checkImport(args: ActionFunctionArgs, token: string) {
  const t = await getT(args.request, "system");
  const refuse = (importError: string, status = 400) => data<PeopleActionData>({ importError }, { status });
  const tooLarge = t("person.import.tooLarge", { mb: PERSON_IMPORT_LIMITS.maxBytes / (1024 * 1024) });
  const form = await readOneFileForm(args.request, PERSON_IMPORT_LIMITS.maxBytes);
  if (!form) return refuse(tooLarge, 413);
  const file = form.get("file");
  if (!file || typeof file === "string") return refuse(t("person.import.noFile"));
  try {
    return data<PeopleActionData>({ preview: await previewPersonImport(args, token, file) });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    return refuse(e.msg || "Error", e.status === 413 ? 413 : 400);
  }
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PEOPLE_PATH);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return checkImport(args, token);
  const t = await getT(request, "system");
  const form = await request.formData();
  const back = backTo(form.get("back"), PEOPLE_PATH, ["edit", "add", "reset", "disable", "import"]);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  try {
    if (intent === "status") {
      const disabled = form.get("disabled") === "true";
      await setPersonStatus(args, token, id, disabled, typeof form.get("version") === "string" ? String(form.get("version")) : null);
      return redirectWithToast(request, back, {
        kind: "success",
        text: t(disabled ? "person.disabled" : "person.enabled", { name }),
      });
    }
    if (intent === "unlock") {
      await unlockPerson(args, token, id);
      return redirectWithToast(request, back, {
        kind: "success",
        text: t("person.unlocked", { name }),
      });
    }
    if (intent === "unbindWx") {
      await unbindPersonWx(args, token, id);
      return redirectWithToast(request, back, { kind: "success", text: t("person.wxUnbound", { name }) });
    }
    if (intent === "confirm") {
      const r = await confirmPersonImport(args, token, String(form.get("batch") ?? ""));
      return redirectWithToast(request, back, { kind: "success", text: t("person.import.done", { count: r.Imported }) });
    }
    if (intent === "reset") {
      const r = await resetPersonPassword(args, token, id, form.get("mode") === "sms" ? "sms" : "show");
      if (r.SentTo)
        return redirectWithToast(request, back, {
          kind: "success",
          text: t("person.resetSent", { mobile: r.SentTo }),
        });
      return data<PeopleActionData>({ password: { name, value: r.Password ?? "" } }, { headers: { "Cache-Control": "no-store" } });
    }
  } catch (e) {
    return toastFailure(args, e, back);
  }
  if (intent !== "save") throw new Response(t("person.errors.invalid"), { status: 400 });
  // The role checkboxes arrive as repeated fields; the schema reads them joined.
  form.set("Roles", form.getAll("Roles").map(String).join(","));
  const posted = checkPosted(personSchema, form);
  if (!posted.ok) return formFailure(posted.failure);
  let saved;
  try {
    saved = await savePerson(args, token, posted.data);
  } catch (e) {
    const failure = await upstreamFailure(args, e, posted.values);
    return formFailure(failure, failure.stale ? 409 : 400);
  }
  if (saved.Password) {
    return data<PeopleActionData>(
      {
        password: {
          name: `${posted.data.RealName} (${posted.data.UserName})`,
          value: saved.Password,
        },
      },
      { headers: { "Cache-Control": "no-store" } }
    );
  }
  return redirectWithToast(request, back, {
    kind: "success",
    text: t("person.saved", { name: posted.data.RealName }),
  });
}

export default function People() {
  const { q, panel, list, options, target, missing, me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PeopleActionData | undefined;
  const failure = answer?.failure ?? null;
  const { t } = useTranslation("system");
  const back = peopleHref(q);
  const filtered = q.keyword !== "" || q.status !== "all" || q.role !== "" || q.departmentId !== null || q.enterpriseId !== null;
  const cols = (k: string) => t(`person.col.${k}`);
  const sortHref = (sort: string) => peopleHref(q, { sort, page: 1 });
  const scoped = !options.Roles.every((r) => r.Grantable);
  const open = answer?.password ? "password" : panel.import || answer?.preview || answer?.importError ? "import" : panel.add || panel.edit ? "form" : panel.reset || panel.disable ? "account" : null;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="people-page">
      <div className="sys-head">
        <PageHeader title={t("person.title")} intro={t(scoped ? "person.introScoped" : "person.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={peopleExportHref(q)} variant="default" data-testid="people-export">
            {t("person.export")}
          </Button>
          <Button component={Link} to={peopleHref(q, {}, { import: "1" })} preventScrollReset variant="default" data-testid="people-import">
            {t("person.import.open")}
          </Button>
          <Button component={Link} to={peopleHref(q, {}, { add: "1" })} preventScrollReset data-testid="person-add">
            {t("person.add")}
          </Button>
        </div>
      </div>
      <div className="sys-split" data-panel={open ? "true" : undefined}>
        {open ? (
          <Paper withBorder radius="md" p="md" className="sys-panel" data-testid="person-panel">
            {open === "password" ? (
              <OneTimePassword name={answer!.password!.name} value={answer!.password!.value} back={back} />
            ) : open === "import" ? (
              <PersonImport preview={answer?.preview ?? null} error={answer?.importError ?? null} back={back} />
            ) : missing ? (
              <Stack gap="sm">
                <Text>{t("person.notFound")}</Text>
                <Button component={Link} to={back} variant="default">
                  {t("person.cancel")}
                </Button>
              </Stack>
            ) : open === "form" ? (
              <>
                <h2 className="sys-panel-title">{panel.edit ? t("person.panelEdit") : t("person.panelAdd")}</h2>
                <PersonForm
                  key={panel.edit ?? "new"}
                  editing={panel.edit ? target : null}
                  options={options}
                  failure={failure}
                  back={back}
                  reloadHref={peopleHref(q, {}, { edit: panel.edit ?? "" })}
                />
              </>
            ) : target ? (
              <PersonAccountStep person={target} mode={panel.reset ? "reset" : "disable"} back={back} />
            ) : null}
          </Paper>
        ) : null}
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <Form method="get" className="ls-toolbar" role="search" data-testid="people-filters">
              <TextInput
                className="ls-grow"
                name="keyword"
                type="search"
                label={t("person.keyword")}
                placeholder={t("person.keywordPlaceholder")}
                defaultValue={q.keyword}
                maxLength={100}
                key={q.keyword}
              />
              {options.Departments.length ? (
                <NativeSelect
                  name="departmentId"
                  label={t("person.department")}
                  defaultValue={q.departmentId ?? ""}
                  key={`d-${q.departmentId}`}
                  data-testid="people-filter-department"
                >
                  <option value="">{t("person.any")}</option>
                  {options.Departments.map((d) => (
                    <option key={d.Id} value={d.Id}>
                      {indented(d.Name, d.Depth)}
                    </option>
                  ))}
                </NativeSelect>
              ) : null}
              {options.Enterprises.length > 1 ? (
                <NativeSelect name="enterpriseId" label={t("person.enterprise")} defaultValue={q.enterpriseId ?? ""} key={`e-${q.enterpriseId}`}>
                  <option value="">{t("person.any")}</option>
                  {options.Enterprises.map((e) => (
                    <option key={e.Id} value={e.Id}>
                      {e.Name}
                    </option>
                  ))}
                </NativeSelect>
              ) : null}
              <NativeSelect name="role" label={t("person.role")} defaultValue={q.role} key={`r-${q.role}`}>
                {PEOPLE_LIST.filters.role.map((r) => (
                  <option key={r} value={r}>
                    {r ? t(`person.roleName.${r}`) : t("person.any")}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect name="status" label={t("person.statusLabel")} defaultValue={q.status} key={`s-${q.status}`}>
                {PEOPLE_LIST.filters.status.map((s) => (
                  <option key={s} value={s}>
                    {t(`person.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect className="ls-phone-only" name="sort" label={t("person.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
                {PEOPLE_LIST.sorts
                  .flatMap((k) => [k, `-${k}`])
                  .map((k) => (
                    <option key={k} value={k}>
                      {t(`person.sort.${k}`)}
                    </option>
                  ))}
              </NativeSelect>
              <Button type="submit">{t("person.search")}</Button>
            </Form>
            <Text className="ls-count" data-testid="people-count">
              {t("person.found", { count: list.total })}
            </Text>
            {list.rows.length ? (
              <div className="ls-scroll">
                <table className="ls-table" data-testid="people-table">
                  <thead>
                    <tr>
                      <SortHeader sortKey="realName" current={q.sort} hrefFor={sortHref}>
                        {cols("name")}
                      </SortHeader>
                      <th scope="col">{cols("mobile")}</th>
                      <th scope="col">{cols("unit")}</th>
                      <th scope="col">{cols("roles")}</th>
                      <th scope="col">{cols("status")}</th>
                      <SortHeader sortKey="lastLoginAt" current={q.sort} hrefFor={sortHref}>
                        {cols("lastLogin")}
                      </SortHeader>
                      <th scope="col">{cols("actions")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.rows.map((p) => (
                      <tr key={p.Id} data-testid="person-row" data-user={p.UserName} aria-current={target?.Id === p.Id ? "true" : undefined}>
                        <td className="ls-strong">
                          {p.RealName}
                          <div className="ls-dim ls-mono">{p.UserName}</div>
                        </td>
                        <td data-label={cols("mobile")} className="ls-mono">
                          {p.Mobile ?? "—"}
                        </td>
                        <td data-label={cols("unit")}>
                          {p.DepartmentName ?? (p.EnterpriseName ? null : "—")}
                          {p.EnterpriseName ? <div className={p.DepartmentName ? "ls-dim" : undefined}>{p.EnterpriseName}</div> : null}
                        </td>
                        <td data-label={cols("roles")}>
                          <span className="sys-badges">
                            {p.Roles.map((r) => (
                              <span key={r} className="sys-role">
                                {t(`person.roleName.${r}`)}
                              </span>
                            ))}
                          </span>
                        </td>
                        <td data-label={cols("status")}>
                          <span className="sys-badges" data-testid="person-status">
                            <span className={p.Disabled ? "ls-badge-off" : "ls-badge-on"}>{t(`person.status.${p.Disabled ? "disabled" : "enabled"}`)}</span>
                            {p.Locked ? <span className="sys-warn">{t("person.locked")}</span> : null}
                            {p.WxBound ? <span className="sys-role">{t("person.wxBound")}</span> : null}
                            {p.MustChangePassword ? <span className="sys-warn">{t("person.mustChange")}</span> : null}
                          </span>
                        </td>
                        <td data-label={cols("lastLogin")} className="ls-dim">
                          {p.LastLoginAt ? formatDate(p.LastLoginAt, "{y}-{m}-{d} {h}:{i}") : t("person.never")}
                        </td>
                        <td>
                          <PersonRowActions
                            person={p}
                            q={q}
                            back={back}
                            self={p.Id === me}
                            canTouch={!scoped || !p.Roles.some((r) => r === "SystemAdmin" || r === "XSystemAdmin")}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="ls-empty" data-testid="people-empty">
                {filtered ? t("person.emptyFilter") : t("person.empty")}
              </p>
            )}
            <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => peopleHref(q, { page })} />
          </Stack>
        </Paper>
      </div>
    </Stack>
  );
}
