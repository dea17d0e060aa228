import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { MY_UPLOADS_PATH, RECORDS_PATH, UPLOAD_PATH, badRowsHref, type RecordSource } from "~/lib/test-data";
import type { UploadView } from "~/lib/test-data.server";

/**
 * A checked upload (docs/test-data.md): its counts, every refused cell (row, column, what it held, why), the
 * first rows as read, and what can be done: import all (only when nothing is wrong), import the good rows and
 * download the bad ones to correct, or upload a corrected file. After the import, where the records are.
 */
export function UploadPreview({ upload: u }: { upload: UploadView }) {
  const { t } = useTranslation("testData");
  const good = u.Total - u.Bad;
  const source: RecordSource = "upload";
  return (
    <Stack gap="md" data-testid="upload-preview">
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="xs">
          <h2 className="td-upload-title">{u.FileName}</h2>
          <p className="dt-dim dt-small">
            {t("upload.by", { who: u.UploadedBy, at: formatDate(u.UploadedAt, "{y}-{m}-{d} {h}:{i}") })} ·{" "}
            <a href={u.FileUrl} className="dt-code-link">
              {t("upload.original")}
            </a>
          </p>
          <p className="td-upload-counts" data-testid="upload-counts">
            <span>{t("upload.total", { count: u.Total })}</span>
            <span className="td-good">{t("upload.good", { count: good })}</span>
            {u.Bad ? <span className="td-bad">{t("upload.bad", { count: u.Bad })}</span> : null}
          </p>
          {u.State === "checked" ? (
            <div className="td-upload-actions">
              {u.Bad === 0 ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="import" />
                  <input type="hidden" name="mode" value="all" />
                  <input type="hidden" name="id" value={u.Id} />
                  <input type="hidden" name="version" value={u.Version} />
                  <Button type="submit" data-testid="import-all">
                    {t("upload.importAll", { count: u.Total })}
                  </Button>
                </Form>
              ) : (
                <>
                  <p className="td-upload-note">{t("upload.hasBad")}</p>
                  {good > 0 ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="import" />
                      <input type="hidden" name="mode" value="good" />
                      <input type="hidden" name="id" value={u.Id} />
                      <input type="hidden" name="version" value={u.Version} />
                      <Button type="submit" variant="light" data-testid="import-good">
                        {t("upload.importGood", { count: good })}
                      </Button>
                    </Form>
                  ) : null}
                  <a href={badRowsHref(u.Id)} className="dt-code-link" data-testid="bad-rows" download>
                    {t("upload.badRows")}
                  </a>
                  <Link to={UPLOAD_PATH} className="dt-code-link">
                    {t("upload.again")}
                  </Link>
                </>
              )}
            </div>
          ) : (
            <p data-testid="upload-state">
              {t(`upload.state.${u.State}`)}
              {u.State === "imported" ? (
                <>
                  {" "}
                  {t("upload.importedCount", { count: u.Imported })} ·{" "}
                  <Link to={`${RECORDS_PATH}?source=${source}`} className="dt-code-link">
                    {t("upload.seeRecords")}
                  </Link>
                  {u.Bad ? (
                    <>
                      {" "}
                      ·{" "}
                      <a href={badRowsHref(u.Id)} className="dt-code-link" download>
                        {t("upload.badRows")}
                      </a>
                    </>
                  ) : null}
                </>
              ) : null}{" "}
              · <Link to={MY_UPLOADS_PATH}>{t("upload.mine")}</Link>
            </p>
          )}
        </Stack>
      </Paper>
      {u.Errors.length ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <h3 className="dt-sub">{t("upload.errors")}</h3>
          <div className="ls-scroll">
            <table className="ls-table" data-testid="upload-errors">
              <thead>
                <tr>
                  <th scope="col">{t("upload.row")}</th>
                  <th scope="col">{t("upload.column")}</th>
                  <th scope="col">{t("upload.value")}</th>
                  <th scope="col">{t("upload.reason")}</th>
                </tr>
              </thead>
              <tbody>
                {u.Errors.map((e, i) => (
                  <tr key={i} data-testid="upload-error">
                    <td data-label={t("upload.row")} className="td-num">
                      {e.Row}
                    </td>
                    <td data-label={t("upload.column")}>{e.Column}</td>
                    <td data-label={t("upload.value")} className="ls-mono">
                      {e.Value || "—"}
                    </td>
                    <td data-label={t("upload.reason")} className="td-bad">
                      {e.Message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {u.MoreErrors ? <p className="dt-dim dt-small">{t("upload.moreErrors", { count: u.MoreErrors })}</p> : null}
        </Paper>
      ) : null}
      {u.Preview.length ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <h3 className="dt-sub">{t("upload.preview", { count: u.Preview.length })}</h3>
          <div className="ls-scroll">
            <table className="ls-table td-preview" data-testid="upload-rows">
              <thead>
                <tr>
                  <th scope="col">{t("upload.row")}</th>
                  {u.Columns.map((c, i) => (
                    <th key={i} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {u.Preview.map((r) => (
                  <tr key={r.Row} data-bad={r.Bad ? "true" : undefined}>
                    <td className="td-num" data-label={t("upload.row")}>
                      {r.Row}
                      {r.Bad ? <span className="td-bad"> ✕</span> : null}
                    </td>
                    {u.Columns.map((c, i) => (
                      <td key={i} data-label={c}>
                        {r.Cells[i] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Paper>
      ) : null}
    </Stack>
  );
}
