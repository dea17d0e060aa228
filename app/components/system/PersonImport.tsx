import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PERSON_IMPORT_LIMITS } from "../../../common/forms/limits.ts";
import { PEOPLE_TEMPLATE_PATH } from "~/lib/people";
import type { ImportPreview } from "~/lib/system.server";

/**
 * The Excel import, in two steps that work without JavaScript: upload the file (checked by the API, nothing
 * imported), then read the preview — every bad cell with its row, column and reason — and confirm. A file
 * with any bad row cannot be confirmed: the admin fixes it and uploads again.
 */
export function PersonImport({ preview, error, back }: { preview: ImportPreview | null; error: string | null; back: string }) {
  const { t } = useTranslation("system");
  const nav = useNavigation();
  const busy = (intent: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent;
  const mb = PERSON_IMPORT_LIMITS.maxBytes / (1024 * 1024);
  return (
    <Stack gap="sm" data-testid="person-import">
      <h2 className="sys-panel-title">{t("person.import.title")}</h2>
      {preview ? (
        <>
          <Text size="sm" data-testid="import-summary">
            {preview.Bad
              ? t("person.import.badSummary", { file: preview.FileName, total: preview.Total, bad: preview.Bad })
              : t("person.import.goodSummary", { file: preview.FileName, total: preview.Total })}
          </Text>
          <div className="ls-scroll sys-import-table">
            <table className="ls-table" data-testid="import-rows">
              <thead>
                <tr>
                  <th scope="col">{t("person.import.row")}</th>
                  <th scope="col">{t("person.fields.UserName")}</th>
                  <th scope="col">{t("person.fields.RealName")}</th>
                  <th scope="col">{t("person.import.check")}</th>
                </tr>
              </thead>
              <tbody>
                {preview.Rows.map((r) => (
                  <tr key={r.Row} data-row={r.Row} className={r.Errors.length ? "sys-bad-row" : undefined}>
                    <td className="ls-num">{r.Row}</td>
                    <td data-label={t("person.fields.UserName")} className="ls-mono">
                      {r.Values.UserName}
                    </td>
                    <td data-label={t("person.fields.RealName")}>{r.Values.RealName}</td>
                    <td data-label={t("person.import.check")}>
                      {r.Errors.length ? (
                        <ul className="sys-errors">
                          {r.Errors.map((e, i) => (
                            <li key={i}>
                              <strong>{e.Column}</strong>：{e.Message}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="ls-badge-on">{t("person.import.ok")}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.Rows.length < preview.Total ? <Text size="xs" c="dimmed">{t("person.import.more", { shown: preview.Rows.length, total: preview.Total })}</Text> : null}
          {preview.Batch ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="batch" value={preview.Batch} />
              <input type="hidden" name="back" value={back} />
              <div className="sys-form-actions">
                <Button component={Link} to={back} variant="default">
                  {t("person.cancel")}
                </Button>
                <Button type="submit" loading={busy("confirm")} data-testid="import-confirm">
                  {t("person.import.confirm", { count: preview.Total })}
                </Button>
              </div>
            </Form>
          ) : null}
        </>
      ) : (
        <Text size="sm">{t("person.import.intro", { rows: PERSON_IMPORT_LIMITS.maxRows, mb })}</Text>
      )}
      {error ? (
        <Alert color="red" role="alert" data-testid="import-error">
          {error}
        </Alert>
      ) : null}
      {preview?.Batch ? null : (
        <Form method="post" encType="multipart/form-data" preventScrollReset data-testid="import-upload">
          <input type="hidden" name="intent" value="preview" />
          <input type="hidden" name="back" value={back} />
          <Stack gap="xs">
            <label className="sys-file">
              <span>{t(preview ? "person.import.fileAgain" : "person.import.file")}</span>
              <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required data-testid="import-file" />
            </label>
            <Anchor href={PEOPLE_TEMPLATE_PATH} size="sm" data-testid="import-template">
              {t("person.import.template")}
            </Anchor>
            <div className="sys-form-actions">
              <Button component={Link} to={back} variant="default">
                {t("person.cancel")}
              </Button>
              <Button type="submit" loading={busy("preview")} data-testid="import-check">
                {t("person.import.check")}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
