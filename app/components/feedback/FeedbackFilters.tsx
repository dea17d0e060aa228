import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BIZ_TYPES, FEEDBACK_TYPES, type FeedbackFilters as Filters } from "~/lib/feedback";

/** The admin list's filters: a GET form, so the address holds them and paging keeps them (no JavaScript). */
export function FeedbackFilters({ filters }: { filters: Filters }) {
  const { t } = useTranslation("feedback");
  const { pathname } = useLocation();
  const all = { value: "", label: t("admin.all") };
  return (
    <Form method="get" className="fb-filters" role="search" aria-label={t("admin.filters")} data-testid="feedback-filters">
      <TextInput name="keyword" type="search" label={t("admin.keyword")} placeholder={t("admin.keywordPlaceholder")} defaultValue={filters.keyword} maxLength={100} />
      <NativeSelect
        name="type"
        label={t("form.type")}
        defaultValue={filters.type}
        data={[all, ...FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))]}
        data-testid="filter-type"
      />
      <NativeSelect
        name="bizType"
        label={t("form.bizType")}
        defaultValue={filters.bizType}
        data={[all, ...BIZ_TYPES.map((v) => ({ value: v, label: t(`bizType.${v}`) }))]}
        data-testid="filter-bizType"
      />
      <NativeSelect
        name="replied"
        label={t("admin.replyState")}
        defaultValue={filters.replied === "all" ? "" : filters.replied}
        data={[all, { value: "replied", label: t("mine.replied") }, { value: "unreplied", label: t("mine.unreplied") }]}
        data-testid="filter-replied"
      />
      <div className="fb-filters-actions">
        <Button type="submit" data-testid="filter-submit">
          {t("admin.search")}
        </Button>
        <Button component={Link} to={pathname} variant="default" data-testid="filter-reset">
          {t("admin.reset")}
        </Button>
      </div>
    </Form>
  );
}
