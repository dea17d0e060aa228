import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Checkbox } from "~/components/Checkbox";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONSTANT_DEFAULTS, CONSTANT_LANGS, constantDefault } from "../../common/constants.ts";
import { formatDate } from "../../common/dates.ts";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import { PageHeader } from "~/components/PageHeader";
import { ConstantForm } from "~/components/system/ConstantForm";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { CONST_PATH, constHref, constQuery, filterConstants, findItem, itemId, type ConstantItemRow } from "~/lib/constant-page";
import { constantSchema } from "~/lib/form-schemas.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { backTo, checkPosted, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";
import { constantList, resetConstant, saveConstant } from "~/lib/site-constants.server";

/**
 * /systemManage/constantManage (SystemAdmin): the enumerations of spec section 3 and the site's fixed texts
 * (the footer's contact details, the public page's introductions), each in the four languages beside the
 * release's default. The whole list fits one page (about thirty items), so it filters without paging; an item
 * is edited in the panel (`?edit=Group.Key`) and goes back to its default through a confirm step
 * (`?confirm=Group.Key`). Every page shows these through useConstants (app/lib/constants.ts).
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CONST_PATH);
  const t = await getT(args.request, "system");
  const { q, panel } = constQuery(new URL(args.request.url).searchParams);
  const groups = await forPage(args, () => constantList(args, token));
  return data({ title: t("const.title"), q, panel, groups, shown: filterConstants(groups, q) });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, CONST_PATH);
  const t = await getT(request, "system");
  const form = await request.formData();
  const back = backTo(form.get("back"), CONST_PATH);
  const intent = form.get("intent");
  if (intent === "delete") {
    // The confirm step's "delete" drops the site's edit: the item is back to the release's default.
    const [group, key] = String(form.get("id") ?? "").split(".");
    try {
      await resetConstant(args, token, group ?? "", key ?? "", typeof form.get("version") === "string" ? String(form.get("version")) : null);
    } catch (e) {
      return toastFailure(args, e, back);
    }
    return redirectWithToast(request, back, { kind: "success", text: t("const.resetDone", { name: String(form.get("name") ?? "") }) });
  }
  if (intent !== "save") throw new Response(t("const.errors.invalid"), { status: 400 });
  const item = constantDefault(String(form.get("Group") ?? ""), String(form.get("Key") ?? ""));
  if (!item) return redirectWithToast(request, back, { kind: "error", text: t("const.errors.itemUnknown") });
  const posted = checkPosted(constantSchema(item.format), form);
  if (!posted.ok) return formFailure(posted.failure);
  const fields = item.format === "phone" || item.format === "email" ? ["Value"] : [...CONSTANT_LANGS];
  const body = Object.fromEntries(["Group", "Key", "Version", ...fields].map((f) => [f, posted.values[f] ?? ""]));
  try {
    await saveConstant(args, token, body);
  } catch (e) {
    const failure = await upstreamFailure(args, e, posted.values);
    return formFailure(failure, failure.stale ? 409 : 400);
  }
  return redirectWithToast(request, back, { kind: "success", text: t("const.saved", { name: itemName(t, posted.values.Group, posted.values.Key) }) });
}

/** "性别 · 女 (9)": the group's name and the item's. */
function itemName(t: (k: string, o?: Record<string, unknown>) => string, group: string, key: string): string {
  const g = CONSTANT_DEFAULTS.find((x) => x.code === group);
  const item = g?.kind === "texts" ? t(`const.item.${group}.${key}`) : key;
  return `${t(`const.group.${group}.name`)} · ${item}`;
}

export default function ConstantManage() {
  const { q, panel, groups, shown } = useLoaderData<typeof loader>();
  const failure = (useActionData<typeof action>() as { failure?: FormFailure } | undefined)?.failure ?? null;
  const { t, i18n } = useTranslation("system");
  const [resetting, setResetting] = useState<{ id: string; item: ConstantItemRow } | null>(null);
  const back = constHref(q);
  const editing = findItem(groups, panel.edit);
  const confirming = findItem(groups, panel.confirm);
  const filtered = q.group !== "all" || q.changed || q.keyword !== "";
  const resetTexts = (id: string): DeleteTexts => {
    const [g, k] = id.split(".");
    return { title: t("const.resetTitle"), question: t("const.resetQuestion", { name: itemName(t, g, k) }), cancel: t("const.cancel"), confirm: t("const.reset") };
  };
  const resetExtra = (id: string, item: ConstantItemRow) => {
    const [g, k] = id.split(".");
    return { version: String(item.Version), name: itemName(t, g, k) };
  };
  const lang = (CONSTANT_LANGS as readonly string[]).includes(i18n.language) ? i18n.language : "zh";
  const langs = [lang, ...CONSTANT_LANGS.filter((l) => l !== lang)] as Array<(typeof CONSTANT_LANGS)[number]>;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="const-page">
      <div className="sys-head">
        <PageHeader title={t("const.title")} intro={t("const.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={constHref(q, {}, `${CONST_PATH}.csv`)} variant="default" data-testid="const-csv">
            {t("const.csv")}
          </Button>
        </div>
      </div>
      <div className="sys-split" data-panel={editing ? "true" : undefined}>
        {confirming ? (
          <DeleteStep id={panel.confirm!} back={back} texts={resetTexts(panel.confirm!)} extra={resetExtra(panel.confirm!, confirming.item)} className="sys-confirm" />
        ) : editing ? (
          <Paper withBorder radius="md" p="md" className="sys-panel" data-testid="const-panel">
            <h2 className="sys-panel-title">{t("const.panelEdit", { name: itemName(t, editing.group.Code, editing.item.Key) })}</h2>
            <ConstantForm
              key={`${panel.edit}-${editing.item.Version}`}
              group={editing.group.Code}
              item={editing.item}
              failure={failure}
              back={back}
              reloadHref={constHref(q, { edit: panel.edit })}
            />
          </Paper>
        ) : panel.edit || panel.confirm ? (
          <Paper withBorder radius="md" p="md" className="sys-panel">
            <Text>{t("const.notFound")}</Text>
          </Paper>
        ) : null}
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <Form method="get" className="ls-toolbar" role="search" data-testid="const-filters">
              <TextInput className="ls-grow" name="keyword" type="search" label={t("const.keyword")} placeholder={t("const.keywordPlaceholder")} defaultValue={q.keyword} maxLength={50} key={q.keyword} />
              <NativeSelect name="group" label={t("const.groupLabel")} defaultValue={q.group} key={`g-${q.group}`}>
                <option value="all">{t("const.allGroups")}</option>
                {CONSTANT_DEFAULTS.map((g) => (
                  <option key={g.code} value={g.code}>
                    {t(`const.group.${g.code}.name`)}
                  </option>
                ))}
              </NativeSelect>
              <Checkbox name="changed" value="1" label={t("const.changedOnly")} defaultChecked={q.changed} key={`c-${q.changed}`} />
              <Button type="submit">{t("const.search")}</Button>
            </Form>
          </Paper>
          {shown.length === 0 ? (
            <p className="ls-empty" data-testid="const-empty">
              {filtered ? t("const.emptyFilter") : t("const.empty")}
            </p>
          ) : null}
          {shown.map((g) => (
            <Paper key={g.Code} withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby={`cg-${g.Code}`} data-testid="const-group" data-group={g.Code}>
              <h2 className="sys-panel-title" id={`cg-${g.Code}`}>
                {t(`const.group.${g.Code}.name`)} <span className="ls-dim ls-mono">{g.Kind === "enum" ? g.Code : null}</span>
              </h2>
              <Text size="sm" c="dimmed" mb="sm">
                {t(`const.group.${g.Code}.hint`)}
              </Text>
              <table className="ls-table">
                <thead>
                  <tr>
                    <th scope="col">{g.Kind === "enum" ? t("const.col.key") : t("const.col.item")}</th>
                    {langs.map((l) => (
                      <th scope="col" key={l} lang={l}>
                        {t(`const.lang.${l}`)}
                      </th>
                    ))}
                    <th scope="col">{t("const.col.status")}</th>
                    <th scope="col">{t("const.col.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.Items.map((i) => {
                    const id = itemId(g.Code, i.Key);
                    return (
                      <tr key={i.Key} data-testid="const-row" data-id={id} aria-current={panel.edit === id ? "true" : undefined}>
                        <td className="ls-strong const-item">{g.Kind === "enum" ? <span className="ls-mono">{i.Key}</span> : t(`const.item.${g.Code}.${i.Key}`)}</td>
                        {langs.map((l) => (
                          <td key={l} lang={l} data-label={t(`const.lang.${l}`)}>
                            {i.Format === "text" ? <span className="const-clamp">{i.Labels[l]}</span> : i.Labels[l]}
                          </td>
                        ))}
                        <td data-label={t("const.col.status")}>
                          {i.Changed ? (
                            <span className="sys-warn" title={i.ChangedAt ? t("const.changedBy", { name: i.ChangedBy ?? "", at: formatDate(i.ChangedAt) }) : undefined}>
                              {t("const.changed")}
                            </span>
                          ) : (
                            <span className="ls-dim">{t("const.default")}</span>
                          )}
                        </td>
                        <td>
                          <span className="ls-actions">
                            <Link to={constHref(q, { edit: id })} preventScrollReset className="row-act" data-testid="const-edit">
                              {t("const.edit")}
                            </Link>
                            {i.Changed ? (
                              <DeleteLink href={constHref(q, { confirm: id })} onOpen={() => setResetting({ id, item: i })}>
                                {t("const.reset")}
                              </DeleteLink>
                            ) : null}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </Paper>
          ))}
        </Stack>
      </div>
      {resetting ? <DeleteDialog id={resetting.id} back={back} texts={resetTexts(resetting.id)} extra={resetExtra(resetting.id, resetting.item)} onClose={() => setResetting(null)} /> : null}
    </Stack>
  );
}
