import { Badge } from "~/components/mantine/Badge";
import { Text } from "~/components/mantine/Text";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withParam } from "~/lib/feedback";
import type { FeedbackRow } from "~/lib/feedback.server";

/** Everyone's feedback for the admin: a table on wide screens, labelled cards on phones (CSS only). */
export function FeedbackTable({ rows }: { rows: FeedbackRow[] }) {
  const { t } = useTranslation("feedback");
  const location = useLocation();
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="feedback-empty">
        {t("list.empty")}
      </Text>
    );
  }
  return (
    <table className="fb-table" data-testid="feedback-table">
      <thead>
        <tr>
          <th scope="col">{t("list.colTitle")}</th>
          <th scope="col">{t("list.colBizType")}</th>
          <th scope="col">{t("list.colType")}</th>
          <th scope="col">{t("list.colUser")}</th>
          <th scope="col">{t("list.colTime")}</th>
          <th scope="col">{t("list.colState")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.Id} data-testid="feedback-row">
            <td data-label={t("list.colTitle")}>
              <Link to={location.pathname + withParam(location.search, "id", r.Id)} data-testid="feedback-open">
                {r.Title}
              </Link>
            </td>
            <td data-label={t("list.colBizType")}>{t(`bizType.${r.BizType}`, { defaultValue: r.BizType })}</td>
            <td data-label={t("list.colType")}>{t(`type.${r.Type}`, { defaultValue: r.Type })}</td>
            <td data-label={t("list.colUser")}>{r.UserName || "—"}</td>
            <td data-label={t("list.colTime")}>{r.CreatedAt}</td>
            <td data-label={t("list.colState")}>
              <Badge size="sm" variant="light" color={r.Replied ? "green" : "gray"}>
                {r.Replied ? t("mine.replied") : t("mine.unreplied")}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
