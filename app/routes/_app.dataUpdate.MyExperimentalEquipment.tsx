import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import equipmentStyles from "~/components/equipment/equipment.css";
import { Pager } from "~/components/infoCenter/Pager";
import { SortHeader } from "~/components/list/SortHeader";
import { CalibrationDue } from "~/components/equipment/CalibrationDue";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getMethods } from "~/lib/detection.server";
import { CALIBRATION_WARNING_DAYS, EQUIPMENT_LIST, EQUIPMENT_LIST_PATH, EQUIPMENT_PAGE_SIZE, editEquipmentHref, equipmentHref, equipmentQuery } from "~/lib/equipment";
import { listEquipment } from "~/lib/equipment.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /dataUpdate/MyExperimentalEquipment (SystemAdmin, InsideAdmin, DataUpload, EquimentAdmin; docs/equipment.md):
 * the instruments in the reader's reach, by keyword, status and calibration, each with its calibration due
 * and whether it is overdue or due within 30 days; above the list, how many need calibrating. The list pattern
 * of docs/pages.md; an instrument opens in its registration form.
 */
export const handle = { i18n: ["equipment", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: equipmentStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, EQUIPMENT_LIST_PATH);
  const t = await getT(args.request, "equipment");
  const q = equipmentQuery(new URL(args.request.url).searchParams);
  // The list answers too how many of the reader's instruments need calibrating, whatever the filters.
  const [list, methods] = await Promise.all([forPage(args, () => listEquipment(args, token, q, EQUIPMENT_PAGE_SIZE)), forPage(args, () => getMethods(args, token))]);
  return data({ title: t("list.title"), q, list, overdue: list.Overdue, dueSoon: list.DueSoon, methods: Object.fromEntries(methods.map((m) => [m.Code, m.Name])) });
}

export default function MyEquipmentPage() {
  const { q, list, overdue, dueSoon, methods } = useLoaderData<typeof loader>();
  const { t } = useTranslation("equipment");
  const col = (k: string) => t(`list.col.${k}`);
  const sortHref = (sort: string) => equipmentHref(q, { sort, page: 1 });
  const filtered = q.keyword !== "" || q.status !== "all" || q.calibration !== "all";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="equipment-page">
      <div className="sys-head">
        <PageHeader title={t("list.title")} intro={t("list.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={editEquipmentHref()} data-testid="equipment-new">
            {t("list.new")}
          </Button>
        </div>
      </div>
      {overdue || dueSoon ? (
        <Alert color={overdue ? "red" : "orange"} className="eq-due-alert" data-testid="equipment-due">
          {overdue ? (
            <Link to={equipmentHref(q, { calibration: "overdue", page: 1 })} className="dt-code-link">
              {t("list.overdue", { count: overdue })}
            </Link>
          ) : null}
          {overdue && dueSoon ? " · " : null}
          {dueSoon ? (
            <Link to={equipmentHref(q, { calibration: "dueSoon", page: 1 })} className="dt-code-link">
              {t("list.dueSoon", { count: dueSoon, days: CALIBRATION_WARNING_DAYS })}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="equipment-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("list.keyword")} placeholder={t("list.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="status" label={t("list.status")} defaultValue={q.status} key={`s-${q.status}`}>
              {EQUIPMENT_LIST.filters.status.map((s) => (
                <option key={s} value={s}>
                  {s === "all" ? t("list.all") : t(`status.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="calibration" label={t("list.calibration")} defaultValue={q.calibration} key={`c-${q.calibration}`}>
              {EQUIPMENT_LIST.filters.calibration.map((c) => (
                <option key={c} value={c}>
                  {c === "all" ? t("list.all") : t(`calibration.${c}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("list.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="equipment-count">
            {t("list.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="equipment-table">
                <thead>
                  <tr>
                    <SortHeader sortKey="name" current={q.sort} hrefFor={sortHref}>
                      {col("name")}
                    </SortHeader>
                    <th scope="col">{col("where")}</th>
                    <th scope="col">{col("methods")}</th>
                    <SortHeader sortKey="due" current={q.sort} hrefFor={sortHref}>
                      {col("due")}
                    </SortHeader>
                    <th scope="col">{col("status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((e) => (
                    <tr key={e.Id} data-testid="equipment-row" data-calibration={e.Calibration}>
                      <td className="ls-strong">
                        <Link to={editEquipmentHref(e.Id)} className="dt-code-link">
                          {e.Name}
                        </Link>
                        <div className="dt-dim dt-small">{[e.Maker, e.Model, e.Serial && `#${e.Serial}`].filter(Boolean).join(" · ")}</div>
                      </td>
                      <td data-label={col("where")}>
                        {e.Location || "—"}
                        <div className="dt-dim dt-small">{[e.DepartmentName, e.KeeperName && t("list.keeper", { name: e.KeeperName })].filter(Boolean).join(" · ")}</div>
                      </td>
                      <td data-label={col("methods")} className="dt-small">
                        {e.Methods.map((m) => methods[m] ?? m).join("、") || "—"}
                      </td>
                      <td data-label={col("due")}>
                        <CalibrationDue due={e.CalibrationDue} state={e.Calibration} />
                      </td>
                      <td data-label={col("status")}>{t(`status.${e.Status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="equipment-empty">
              {filtered ? t("list.emptyFilter") : t("list.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => equipmentHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
