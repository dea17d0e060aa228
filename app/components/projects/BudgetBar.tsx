import { useTranslation } from "react-i18next";
import { budgetUse, coreHours, type ProjectRow } from "~/lib/projects";

/**
 * A project's core-hour budget in its period: a bar of the share used (green, orange from 80 %, red when
 * spent) and the figures in words, so it reads without colour too. A project without a budget says so.
 */
export function BudgetBar({ project: p, size = "sm" }: { project: Pick<ProjectRow, "BudgetCoreHours" | "UsedCoreHours" | "BudgetPeriod">; size?: "sm" | "lg" }) {
  const { t } = useTranslation("project");
  const use = budgetUse(p);
  if (use.share === null) {
    return (
      <div className="pj-budget" data-size={size} data-testid="project-budget">
        <span className="pj-budget-text">{t("budget.none", { used: coreHours(p.UsedCoreHours) })}</span>
      </div>
    );
  }
  const level = use.over ? "over" : use.share >= 0.8 ? "warn" : "ok";
  const text = t(`budget.${use.over ? "over" : "used"}`, { used: coreHours(p.UsedCoreHours), budget: coreHours(p.BudgetCoreHours!), left: coreHours(Math.max(0, use.left!)) });
  return (
    <div className="pj-budget" data-size={size} data-testid="project-budget">
      <div className="pj-bar" data-level={level} role="img" aria-label={text}>
        <span style={{ width: `${Math.round(use.share * 100)}%` }} />
      </div>
      <span className="pj-budget-text">
        {text}
        {p.BudgetPeriod !== "project" ? ` · ${t(`period.${p.BudgetPeriod}`)}` : null}
      </span>
    </div>
  );
}
