import { Badge } from "~/components/mantine/Badge";
import type { ThemeColor } from "~/components/mantine/box";
import { useTranslation } from "react-i18next";
import type { NoticeState } from "~/lib/notices";

const COLOR: Record<NoticeState, ThemeColor> = { draft: "gray", published: "green", withdrawn: "orange" };

export function StateBadge({ state }: { state: NoticeState }) {
  const { t } = useTranslation("noticeAdmin");
  return (
    <Badge color={COLOR[state]} variant="light" radius="sm" data-testid="notice-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}
