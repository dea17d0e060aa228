import { Button } from "~/components/mantine/Button";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { formatSize } from "~/lib/attachments";
import { catalogueHref, databaseHref, downloadHref } from "~/lib/tdb";
import type { CatalogueEntry } from "~/lib/tdb.server";

/** One database in the catalogue: what it covers (elements, phases), where it comes from, and what the user may do. */
export function DatabaseCard({ db, selected }: { db: CatalogueEntry; selected: string[] }) {
  const { t } = useTranslation("tdb");
  const confirmDelete = (e: React.FormEvent) => {
    if (!window.confirm(t("card.confirmDelete", { name: db.name }))) e.preventDefault();
  };
  return (
    <article className="tdb-card" data-testid={`tdb-${db.id}`} data-kind={db.kind}>
      <h3>
        <Link to={databaseHref(db.id)}>{db.name}</Link>
      </h3>
      <div className="tdb-meta">
        <span className={`tdb-badge tdb-badge-${db.kind === "shipped" ? "shipped" : db.published ? "published" : "private"}`} data-testid="tdb-state">
          {db.kind === "shipped" ? t("card.shipped") : db.published ? t("card.published") : t("card.private")}
        </span>
        <span>{db.fileName}</span>
        <span>{formatSize(db.size)}</span>
        {db.owner ? <span>{t("card.uploadedBy", { name: db.owner })}</span> : null}
        {db.createdAt ? <span>{formatDate(db.createdAt)}</span> : null}
      </div>
      <div>
        <div className="tdb-label">{t("card.elements")}</div>
        <div className="tdb-chips" data-testid="tdb-elements">
          {db.elements.map((e) => (
            <Link
              key={e}
              className="tdb-chip"
              to={catalogueHref({ elements: e })}
              aria-current={selected.includes(e.toUpperCase()) ? "true" : undefined}
              title={t("card.findElement", { el: e })}
            >
              {e}
            </Link>
          ))}
        </div>
      </div>
      <div>
        <div className="tdb-label">{t("card.phases", { n: db.phases.length })}</div>
        <div className="tdb-chips">
          {db.phases.map((p) => (
            <span key={p} className="tdb-chip tdb-phase">
              {p}
            </span>
          ))}
        </div>
      </div>
      <div className="tdb-meta">
        <span>{t("card.functions", { n: db.functionCount })}</span>
        <span>{t("card.parameters", { n: db.parameterCount })}</span>
      </div>
      {db.citation ? (
        <div>
          <div className="tdb-label">{t("card.citation")}</div>
          <p className="tdb-cite" data-testid="tdb-citation">
            {db.citation}
          </p>
        </div>
      ) : null}
      {db.source ? (
        <div>
          <div className="tdb-label">{t("card.source")}</div>
          <p className="tdb-cite">{db.source}</p>
        </div>
      ) : null}
      <div className="tdb-actions">
        <Button component={Link} to={databaseHref(db.id)} size="xs" data-testid="tdb-open">
          {t("card.open")}
        </Button>
        <Button component="a" href={downloadHref(db.id)} size="xs" variant="default" download={db.fileName} data-testid="tdb-download">
          {t("card.download")}
        </Button>
        {db.canPublish ? (
          <Form method="post">
            <input type="hidden" name="id" value={db.id} />
            <input type="hidden" name="intent" value={db.published ? "unpublish" : "publish"} />
            <Button type="submit" size="xs" variant="light" data-testid="tdb-publish">
              {db.published ? t("card.unpublish") : t("card.publish")}
            </Button>
          </Form>
        ) : null}
        {db.canDelete ? (
          <Form method="post" onSubmit={confirmDelete}>
            <input type="hidden" name="id" value={db.id} />
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" size="xs" color="red" variant="light" data-testid="tdb-delete">
              {t("card.delete")}
            </Button>
          </Form>
        ) : null}
      </div>
    </article>
  );
}
