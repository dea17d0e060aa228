import { Button } from "~/components/mantine/Button";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "~/components/list/SortHeader";
import { BudgetBar } from "~/components/projects/BudgetBar";
import { projEditHref, projInfoHref, type ProjectRow } from "~/lib/projects";

/**
 * Projects as a table (cards on phones): name and code, leader (with the caller's part, if any), dates,
 * members, the budget as a bar, status, and open / edit; `actions` adds a row's own (the list's delete). Shared
 * by /myProject/myProjectList and the administrators' /systemManage/myProjectSearch.
 */
export function ProjectTable({
  rows,
  sort,
  sortHref,
  current = null,
  actions,
}: {
  rows: ProjectRow[];
  sort: string;
  sortHref: (sort: string) => string;
  current?: string | null;
  actions?: (p: ProjectRow) => ReactNode;
}) {
  const { t } = useTranslation("project");
  const col = (k: string) => t(`list.col.${k}`);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="projects-table">
        <thead>
          <tr>
            <SortHeader sortKey="name" current={sort} hrefFor={sortHref}>
              {col("name")}
            </SortHeader>
            <th scope="col">{col("leader")}</th>
            <SortHeader sortKey="startDate" current={sort} hrefFor={sortHref}>
              {col("period")}
            </SortHeader>
            <th scope="col">{col("members")}</th>
            <th scope="col">{col("budget")}</th>
            <th scope="col">{col("status")}</th>
            <th scope="col">{col("actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.Id} data-testid="project-row" data-name={p.Name} aria-current={current === p.Id ? "true" : undefined}>
              <td className="ls-strong">
                <Link to={projInfoHref(p.Id)} data-testid="project-open">
                  {p.Name}
                </Link>
                <div className="pj-code">{p.Code}</div>
              </td>
              <td data-label={col("leader")} className="pj-leader">
                {p.LeaderName}
                {p.MyRole ? (
                  <div>
                    <span className="pj-role" data-role={p.MyRole}>
                      {t(`role.mine.${p.MyRole}`)}
                    </span>
                  </div>
                ) : null}
              </td>
              <td data-label={col("period")} className="ls-dim ls-mono">
                {p.StartDate} – {p.EndDate}
              </td>
              <td data-label={col("members")} className="ls-num">
                {p.Members}
              </td>
              <td data-label={col("budget")}>
                <BudgetBar project={p} />
              </td>
              <td data-label={col("status")}>
                <span className={p.Status === "active" ? "ls-badge-on" : "ls-badge-off"}>{t(`status.${p.Status}`)}</span>
              </td>
              <td>
                <span className="ls-actions">
                  <Button component={Link} to={projInfoHref(p.Id)} size="compact-sm" variant="light">
                    {t("list.open")}
                  </Button>
                  {p.CanEdit ? (
                    <Button component={Link} to={projEditHref(p.Id)} size="compact-sm" variant="default" data-testid="project-edit">
                      {t("list.edit")}
                    </Button>
                  ) : null}
                  {actions?.(p)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
