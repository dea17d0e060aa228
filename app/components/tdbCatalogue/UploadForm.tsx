import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Title } from "~/components/mantine/Title";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatSize } from "~/lib/attachments";
import { TDB_MAX_BYTES } from "~/lib/tdb";

/**
 * Upload a TDB file: a plain multipart form, so it works without JavaScript. The API parses the file before it
 * accepts it; a refusal comes back here with the line and what is wrong, and the typed fields kept.
 */
export function UploadForm({ error, values }: { error: string | null; values: { name: string; citation: string } }) {
  const { t } = useTranslation("tdb");
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "upload";
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="tdb-upload-title">
      <Title order={2} size="h4" mb="xs" id="tdb-upload-title">
        {t("upload.title")}
      </Title>
      <p className="tdb-hint" style={{ marginTop: 0 }}>
        {t("upload.intro", { size: formatSize(TDB_MAX_BYTES) })}
      </p>
      <Form method="post" encType="multipart/form-data" data-testid="tdb-upload-form">
        <input type="hidden" name="intent" value="upload" />
        <div className="tdb-toolbar">
          <div className="tdb-field">
            <label htmlFor="tdb-file">{t("upload.file")}</label>
            <input id="tdb-file" type="file" name="file" accept=".tdb,.TDB" required data-testid="tdb-file" />
          </div>
          <div className="tdb-field">
            <label htmlFor="tdb-name">{t("upload.name")}</label>
            <input id="tdb-name" type="text" name="name" maxLength={100} defaultValue={values.name} placeholder={t("upload.namePlaceholder")} />
          </div>
        </div>
        <div className="tdb-field" style={{ marginTop: 10 }}>
          <label htmlFor="tdb-citation">{t("upload.citation")}</label>
          <textarea id="tdb-citation" name="citation" maxLength={1000} defaultValue={values.citation} placeholder={t("upload.citationPlaceholder")} />
        </div>
        {error ? (
          <div className="tdb-error" role="alert" data-testid="tdb-upload-error" style={{ marginTop: 10 }}>
            {error}
          </div>
        ) : null}
        <div className="tdb-actions" style={{ marginTop: 10 }}>
          <Button type="submit" loading={busy} data-testid="tdb-upload-submit">
            {t("upload.submit")}
          </Button>
          <span className="tdb-hint">{t("upload.private")}</span>
        </div>
      </Form>
    </Paper>
  );
}
