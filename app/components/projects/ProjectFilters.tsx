import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { TextInput } from "~/components/TextInput";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROJ_LIST } from "~/lib/projects";

/**
 * The project lists' filter form (a GET form, so the address is the state): the level (the caller's own list
 * only), keyword, status, and the sort on phones, where the column heads are hidden.
 */
export function ProjectFilters({ q, keywordPlaceholder }: { q: { level?: string; keyword: string; status: string; sort: string }; keywordPlaceholder: string }) {
  const { t } = useTranslation("project");
  return (
    <Form method="get" className="ls-toolbar" role="search" data-testid="projects-filters">
      {q.level !== undefined ? (
        <NativeSelect name="level" label={t("list.levelLabel")} defaultValue={q.level} key={`l-${q.level}`}>
          {PROJ_LIST.filters.level.map((l) => (
            <option key={l} value={l}>
              {t(`list.level.${l}`)}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      <TextInput className="ls-grow" name="keyword" type="search" label={t("list.keyword")} placeholder={keywordPlaceholder} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
      <NativeSelect name="status" label={t("list.statusLabel")} defaultValue={q.status} key={`s-${q.status}`}>
        {PROJ_LIST.filters.status.map((s) => (
          <option key={s} value={s}>
            {t(`list.status.${s}`)}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect className="ls-phone-only" name="sort" label={t("list.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
        {PROJ_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
          <option key={k} value={k}>
            {t(`list.sort.${k}`)}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit">{t("list.search")}</Button>
    </Form>
  );
}
