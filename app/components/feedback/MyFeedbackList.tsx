import { Badge } from "~/components/mantine/Badge";
import { Paper } from "~/components/mantine/Paper";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FeedbackList } from "~/lib/feedback.server";
import { withParam } from "~/lib/feedback";
import { Pager } from "./Pager";

/** The user's own feedback, newest first, each with its reply state; a row opens it read-only (`?id=`). */
export function MyFeedbackList({ list, currentId }: { list: FeedbackList; currentId: string | null }) {
  const { t } = useTranslation("feedback");
  const location = useLocation();
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="my-feedback">
      <Title order={2} size="h4" mb="sm">
        {t("mine.title")}
      </Title>
      {list.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("mine.empty")}
        </Text>
      ) : (
        <ul className="fb-mine">
          {list.rows.map((r) => (
            <li key={r.Id}>
              <Link
                to={location.pathname + withParam(location.search, "id", r.Id)}
                aria-current={r.Id === currentId ? "page" : undefined}
                data-testid="my-feedback-row"
              >
                <span className="fb-mine-title">{r.Title}</span>
                <Badge size="sm" variant="light" color={r.Replied ? "green" : "gray"} data-testid="my-feedback-state">
                  {r.Replied ? t("mine.replied") : t("mine.unreplied")}
                </Badge>
                <span className="fb-mine-meta">
                  {t(`type.${r.Type}`, { defaultValue: r.Type })} · {t(`bizType.${r.BizType}`, { defaultValue: r.BizType })} · {r.CreatedAt}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.total > list.size ? (
        <div style={{ marginTop: 12 }}>
          <Pager total={list.total} page={list.page} size={list.size} />
        </div>
      ) : null}
    </Paper>
  );
}
