import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/infoCenter/Pager";
import { isFiltered, recordsHref, type RecordQuery, type TestRecord } from "~/lib/test-data";
import { RecordFilters } from "./RecordFilters";
import { RecordTable } from "./RecordTable";

/**
 * The records table with its filters, count, export links and pages: "my test data" and the administrators'
 * search across people show the same list (docs/test-data.md).
 */
export function RecordList({
  path,
  q,
  list,
  methods,
  projects,
  exportHref,
  orderHref,
  similar,
  admin,
}: {
  path: string;
  q: RecordQuery;
  list: { total: number; size: number; rows: TestRecord[] };
  methods: Array<{ Code: string; Name: string }>;
  projects: Array<{ Id: string; Name: string }>;
  exportHref: (format: "csv" | "xlsx") => string;
  orderHref?: (orderId: string) => string;
  similar: boolean;
  admin?: boolean;
}) {
  const { t } = useTranslation("testData");
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Stack gap="sm">
        <RecordFilters q={q} methods={methods} projects={projects} owner={admin} />
        <div className="td-count-line">
          <Text className="ls-count" data-testid="records-count">
            {t("records.found", { count: list.total })}
          </Text>
          {list.total ? (
            <span className="td-exports">
              {t("records.export")}{" "}
              <a href={exportHref("csv")} download data-testid="records-csv">
                CSV
              </a>{" "}
              ·{" "}
              <a href={exportHref("xlsx")} download data-testid="records-xlsx">
                Excel
              </a>
            </span>
          ) : null}
        </div>
        {list.rows.length ? (
          <RecordTable rows={list.rows} cols={q.cols} sort={q.sort} sortHref={(sort) => recordsHref(path, q, { sort, page: 1 })} orderHref={orderHref} similar={similar} showOwner={admin} />
        ) : (
          <p className="ls-empty" data-testid="records-empty">
            {isFiltered(q) ? t("records.emptyFilter") : admin ? t("records.emptyAdmin") : t("records.empty")}
          </p>
        )}
        <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => recordsHref(path, q, { page })} />
      </Stack>
    </Paper>
  );
}
