import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { SortHeader } from "~/components/list/SortHeader";
import materialStyles from "~/components/materials/materials.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { isLabUser } from "~/lib/detection-actions.server";
import { getT } from "~/lib/i18n.server";
import { MATERIAL_PAGE_SIZE, MATERIALS_PATH, editMaterialHref, materialHref, materialQuery, materialsHref } from "~/lib/materials";
import { listMaterials } from "~/lib/materials.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /testDetection/operationMaterial (the institute's staff; docs/materials.md): the materials by code, grade,
 * heat number or supplier, with their form and size, how many process steps and how many samples of their heat;
 * a material opens its details; the lab's roles add one. The list pattern of docs/pages.md.
 */
export const handle = { i18n: ["material", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: materialStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, MATERIALS_PATH);
  const t = await getT(args.request, "material");
  const q = materialQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => listMaterials(args, token, q, MATERIAL_PAGE_SIZE));
  return data({ title: t("list.title"), q, list, canEdit: isLabUser(user) });
}

export default function MaterialsPage() {
  const { q, list, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("material");
  const col = (k: string) => t(`list.col.${k}`);
  const sortHref = (sort: string) => materialsHref(q, { sort, page: 1 });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="materials-page">
      <div className="sys-head">
        <PageHeader title={t("list.title")} intro={t("list.intro")} />
        {canEdit ? (
          <div className="sys-head-actions">
            <Button component={Link} to={editMaterialHref()} data-testid="material-new">
              {t("list.new")}
            </Button>
          </div>
        ) : null}
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="material-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("list.keyword")} placeholder={t("list.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <Button type="submit">{t("list.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="material-count">
            {t("list.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="material-table">
                <thead>
                  <tr>
                    <SortHeader sortKey="code" current={q.sort} hrefFor={sortHref}>
                      {col("code")}
                    </SortHeader>
                    <SortHeader sortKey="grade" current={q.sort} hrefFor={sortHref}>
                      {col("grade")}
                    </SortHeader>
                    <th scope="col">{col("form")}</th>
                    <th scope="col">{col("history")}</th>
                    <SortHeader sortKey="updatedAt" current={q.sort} hrefFor={sortHref}>
                      {col("updated")}
                    </SortHeader>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((m) => (
                    <tr key={m.Id} data-testid="material-row">
                      <td className="ls-strong">
                        <div>
                          <Link to={materialHref(m.Id)} className="dt-code-link">
                            {m.Code}
                          </Link>
                          <div className="dt-dim dt-small">{m.Supplier}</div>
                        </div>
                      </td>
                      <td data-label={col("grade")}>
                        <div>
                          {m.Grade || "—"}
                          {m.HeatNo ? <div className="dt-dim dt-small">{t("list.heat", { heat: m.HeatNo })}</div> : null}
                        </div>
                      </td>
                      <td data-label={col("form")}>
                        <div>
                          {[m.Form, m.Condition].filter(Boolean).join(" · ") || "—"}
                          <div className="dt-dim dt-small">{m.Dimensions}</div>
                        </div>
                      </td>
                      <td data-label={col("history")} className="dt-small">
                        {t("list.history", { steps: m.StepCount, samples: m.SampleCount })}
                      </td>
                      <td data-label={col("updated")} className="ls-dim dt-small">
                        {formatDate(m.UpdatedAt, "{y}-{m}-{d}")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="material-empty">
              {q.keyword ? t("list.emptyFilter") : t("list.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => materialsHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
