import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { FunctionTable, ParameterTable, PhaseTable } from "./ContentTables";
import { Pager } from "./Pager";
import { formatSize } from "~/lib/attachments";
import { catalogueHref, databaseHref, downloadHref, TABS, type DatabaseQuery } from "~/lib/tdb";
import type { DatabaseDetail } from "~/lib/tdb.server";

/**
 * One thermodynamic database: its elements and species, phases with sublattices and constituents, functions
 * (name, temperature ranges, expression) and parameters (type, phase, constituents, order, expression),
 * searchable and paged by plain links; the raw file downloadable.
 */
export function DatabaseView({ query, detail }: { query: DatabaseQuery; detail: DatabaseDetail }) {
  const { t } = useTranslation("tdb");
  const db = detail.database;
  const counts = { phases: detail.phases.length, functions: db.functionCount, parameters: db.parameterCount };
  const list = query.tab === "functions" ? detail.functions : query.tab === "parameters" ? detail.parameters : null;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="tdb-database" data-id={db.id}>
      <div>
        <Link to={catalogueHref()} className="tdb-hint">
          ← {t("title")}
        </Link>
      </div>
      <PageHeader title={db.name} intro={db.kind === "shipped" ? t("card.shipped") : db.published ? t("card.published") : t("card.private")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <dl className="tdb-facts">
            <div>
              <dt>{t("detail.file")}</dt>
              <dd>
                {db.fileName} · {formatSize(db.size)}
              </dd>
            </div>
            {db.owner ? (
              <div>
                <dt>{t("detail.owner")}</dt>
                <dd>{db.owner}</dd>
              </div>
            ) : null}
            {db.citation ? (
              <div>
                <dt>{t("card.citation")}</dt>
                <dd data-testid="tdb-citation">{db.citation}</dd>
              </div>
            ) : null}
            {db.source ? (
              <div>
                <dt>{t("card.source")}</dt>
                <dd>{db.source}</dd>
              </div>
            ) : null}
          </dl>
          <div>
            <div className="tdb-label">{t("card.elements")}</div>
            <div className="tdb-chips" data-testid="tdb-elements">
              {detail.elements.map((e) => (
                <span key={e} className="tdb-chip">
                  {e}
                </span>
              ))}
            </div>
          </div>
          {detail.species.length ? (
            <div>
              <div className="tdb-label">{t("detail.species")}</div>
              <div className="tdb-chips">
                {detail.species.map((s) => (
                  <span key={s} className="tdb-chip tdb-phase">
                    {s}
                  </span>
                ))}
              </div>
            </div>
          ) : null}
          {detail.header ? (
            <details>
              <summary className="tdb-label">{t("detail.header")}</summary>
              <pre className="tdb-header" data-testid="tdb-header">
                {detail.header}
              </pre>
            </details>
          ) : null}
          {detail.warningCount ? (
            <details data-testid="tdb-warnings">
              <summary className="tdb-label">{t("detail.warnings", { n: detail.warningCount })}</summary>
              <ul className="tdb-warnings">
                {detail.warnings.map((w, i) => (
                  <li key={i}>
                    <span className="tdb-range">{t("detail.line", { n: w.line })}</span> {w.text}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div className="tdb-actions">
            <Button component="a" href={downloadHref(db.id)} download={db.fileName} size="xs" variant="default" data-testid="tdb-download">
              {t("card.download")}
            </Button>
          </div>
        </Stack>
      </Paper>

      <nav className="tdb-tabs" aria-label={t("detail.tabs")}>
        {TABS.map((tab) => (
          <Link key={tab} to={databaseHref(db.id, { tab })} aria-current={query.tab === tab ? "page" : undefined} data-testid={`tab-${tab}`}>
            {t(`detail.${tab}`)} ({counts[tab]})
          </Link>
        ))}
      </nav>

      {query.tab === "phases" ? (
        <PhaseTable phases={detail.phases} />
      ) : (
        <Stack gap="sm">
          <Form method="get" className="tdb-toolbar" data-testid="tdb-content-search">
            <input type="hidden" name="id" value={db.id} />
            <input type="hidden" name="tab" value={query.tab} />
            <div className="tdb-field">
              <label htmlFor="tdb-q">{t(`detail.search.${query.tab}`)}</label>
              <input id="tdb-q" type="search" name="q" defaultValue={query.keyword} placeholder={t(`detail.search.${query.tab}Placeholder`)} />
            </div>
            <div className="tdb-actions">
              <Button type="submit">{t("search.submit")}</Button>
              {query.keyword ? (
                <Button component={Link} to={databaseHref(db.id, { tab: query.tab })} variant="default">
                  {t("search.clear")}
                </Button>
              ) : null}
            </div>
          </Form>
          <div className="tdb-hint" data-testid="tdb-count">
            {t("detail.shown", { from: list && list.total ? (list.page - 1) * list.size + 1 : 0, to: list ? (list.page - 1) * list.size + list.rows.length : 0, total: list?.total ?? 0 })}
          </div>
          {query.tab === "functions" ? <FunctionTable rows={detail.functions.rows} /> : <ParameterTable rows={detail.parameters.rows} />}
          {list ? <Pager page={list.page} total={list.total} size={list.size} href={(page) => databaseHref(db.id, { tab: query.tab, keyword: query.keyword, page })} /> : null}
        </Stack>
      )}
    </Stack>
  );
}
