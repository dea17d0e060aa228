import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderTable } from "~/components/detection/OrderTable";
import { Pager } from "~/components/infoCenter/Pager";
import { ORDER_LIST, type OrderQuery, type TaskOrderRow } from "~/lib/detection";

/**
 * A list of task orders (the lab's, on /testDetection/steelNky; a reader's, on my test data): the filters as a
 * GET form (keyword, state, overdue; the sort on phones), the count, the table and the pages. `href` is the
 * page's own address with the list's params changed; `empty` what to say when nothing was ever there.
 */
export function OrderList({
  q,
  list,
  href,
  empty,
  hidden = {},
}: {
  q: OrderQuery;
  list: { total: number; size: number; rows: TaskOrderRow[] };
  href: (q: OrderQuery, change: Record<string, string | number | null>) => string;
  empty: string;
  /** Fields the filter form keeps (the page's view). */
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation("detection");
  const filtered = q.keyword !== "" || q.state !== "all" || q.due !== "all";
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Stack gap="sm">
        <Form method="get" className="ls-toolbar" role="search" data-testid="orders-filters">
          {Object.entries(hidden).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <TextInput className="ls-grow" name="keyword" type="search" label={t("orders.keyword")} placeholder={t("orders.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
          <NativeSelect name="state" label={t("orders.stateLabel")} defaultValue={q.state} key={`s-${q.state}`}>
            {ORDER_LIST.filters.state.map((s) => (
              <option key={s} value={s}>
                {s === "all" ? t("samples.allStates") : t(`state.${s}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect name="due" label={t("orders.dueLabel")} defaultValue={q.due} key={`d-${q.due}`}>
            {ORDER_LIST.filters.due.map((d) => (
              <option key={d} value={d}>
                {t(`orders.due.${d}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="ls-phone-only" name="sort" label={t("samples.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
            {ORDER_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
              <option key={k} value={k}>
                {t(`orders.sort.${k}`)}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit">{t("samples.search")}</Button>
        </Form>
        <Text className="ls-count" data-testid="orders-count">
          {t("orders.found", { count: list.total })}
        </Text>
        {list.rows.length ? (
          <OrderTable rows={list.rows} sort={q.sort} sortHref={(sort) => href(q, { sort, page: 1 })} openHref={(id) => href(q, { id })} />
        ) : (
          <p className="ls-empty" data-testid="orders-empty">
            {filtered ? t("orders.emptyFilter") : empty}
          </p>
        )}
        <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => href(q, { page })} />
      </Stack>
    </Paper>
  );
}
