import { Anchor } from "~/components/mantine/Anchor";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { ENT_INFO_PATH, ENT_PATH } from "~/lib/enterprises";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { pageFrom } from "~/lib/notices";
import { PEOPLE_PATH } from "~/lib/people";
import { enterpriseInfo, enterpriseUsage } from "~/lib/system.server";

/**
 * /systemManage/enterpriseInfo?id= (SystemAdmin; hidden, reached from the enterprise list): one outside
 * organisation — its details, its people with the compute tasks and core-hours each has used (the heaviest
 * first), and the totals.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

const PAGE_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, ENT_INFO_PATH);
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  const t = await getT(args.request, "system");
  if (!id) throw new Response(t("ent.notFound"), { status: 404 });
  const page = pageFrom(search.get("page"));
  const [ent, usage] = await forPage(args, () => Promise.all([enterpriseInfo(args, token, id), enterpriseUsage(args, token, id, page, PAGE_SIZE)]));
  return data({ title: ent.Name, ent, usage, page });
}

const hours = (h: number) => (h >= 100 ? h.toFixed(0) : h.toFixed(2));

export default function EnterpriseInfo() {
  const { ent, usage, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("system");
  const col = (k: string) => t(`ent.info.col.${k}`);
  const field = (label: string, value: string | null) => (
    <div>
      <dt>{label}</dt>
      <dd>{value || "—"}</dd>
    </div>
  );
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="ent-info-page">
      <Anchor component={Link} to={ENT_PATH} size="sm">
        ← {t("ent.info.back")}
      </Anchor>
      <PageHeader title={ent.Name} intro={t("ent.info.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <dl className="sys-facts" data-testid="ent-info-facts">
          {field(t("ent.fields.CreditCode"), ent.CreditCode)}
          {field(t("ent.fields.Contact"), [ent.Contact, ent.Phone].filter(Boolean).join(" · "))}
          {field(t("ent.fields.Address"), ent.Address)}
          {field(t("ent.col.status"), t(`ent.status.${ent.Disabled ? "disabled" : "enabled"}`))}
          {field(t("ent.info.people"), String(usage.total))}
          {field(t("ent.info.tasks"), String(usage.Tasks))}
          {field(t("ent.info.coreHours"), hours(usage.CoreHours))}
        </dl>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="sys-panel-title">{t("ent.info.peopleTitle")}</h2>
          {usage.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="ent-info-people">
                <thead>
                  <tr>
                    <th scope="col">{col("name")}</th>
                    <th scope="col">{col("mobile")}</th>
                    <th scope="col">{col("tasks")}</th>
                    <th scope="col">{col("coreHours")}</th>
                    <th scope="col">{col("lastTask")}</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.rows.map((p) => (
                    <tr key={p.Id} data-testid="ent-info-person" data-user={p.UserName}>
                      <td className="ls-strong">
                        <Link to={`${PEOPLE_PATH}?keyword=${encodeURIComponent(p.UserName)}`}>{p.RealName || p.UserName}</Link>
                        <div className="ls-dim ls-mono">{p.UserName}</div>
                        {p.Disabled ? <span className="ls-badge-off">{t("person.status.disabled")}</span> : null}
                      </td>
                      <td data-label={col("mobile")} className="ls-mono">
                        {p.Mobile ?? "—"}
                      </td>
                      <td data-label={col("tasks")} className="ls-num">
                        {p.Tasks}
                      </td>
                      <td data-label={col("coreHours")} className="ls-num">
                        {hours(p.CoreHours)}
                      </td>
                      <td data-label={col("lastTask")} className="ls-dim">
                        {p.LastTaskAt ? formatDate(p.LastTaskAt, "{y}-{m}-{d}") : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <Text className="ls-empty">{t("ent.info.noPeople")}</Text>
          )}
          <Pager total={usage.total} size={usage.size} current={page} hrefFor={(p) => `${ENT_INFO_PATH}?id=${ent.Id}${p > 1 ? `&page=${p}` : ""}`} />
        </Stack>
      </Paper>
    </Stack>
  );
}
