import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { Checkbox } from "~/components/Checkbox";
import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Textarea } from "~/components/Textarea";
import { TextInput } from "~/components/TextInput";
import { CLIENT_FILE_TYPES, CLIENT_KINDS, CLIENT_PLATFORMS, CLIENT_RELEASE_MAX_MIB, clientReleaseHref, type ClientRelease } from "~/lib/app-store";
import { CLIENT_DOWNLOAD_ROUTE, formatSize } from "~/lib/attachments";
import { errorText, type FormFailure } from "~/lib/page-form";
import type { ReactNode } from "react";

/** A release's kinds of update as short labels (the spec's VersionContentArray). */
export function KindList({ kinds }: { kinds: readonly number[] }) {
  const { t } = useTranslation("appStore");
  return (
    <ul className="as-kinds">
      {kinds.map((k) => (
        <li key={k} data-kind={k}>
          {t(`desk.kind.${k}`)}
        </li>
      ))}
    </ul>
  );
}

/** The full SHA-256, breakable on phones, selectable to compare with the downloaded file's. */
const Sha = ({ value }: { value: string }) => (
  <code className="as-sha" data-testid="release-sha">
    {value}
  </code>
);

/** The current client of each platform (what the client download link serves there), with its checksum. */
export function CurrentClients({ releases }: { releases: ClientRelease[] }) {
  const { t } = useTranslation("appStore");
  const current = releases.filter((r) => r.Current);
  if (!current.length) {
    return (
      <p className="as-note" data-testid="no-current-client">
        {t("desk.noCurrent")}{" "}
        <a href={CLIENT_DOWNLOAD_ROUTE} className="dt-code-link">
          {t("desk.cliClient")}
        </a>
      </p>
    );
  }
  return (
    <div className="as-current" data-testid="current-clients">
      {current.map((r) => (
        <div key={r.Id} className="as-current-item" data-platform={r.Platform}>
          <div>
            <strong>{t(`desk.platform.${r.Platform}`)}</strong> <span className="ls-mono">{r.Version}</span>
            <div className="ls-dim dt-small">
              {r.FileName} · {formatSize(r.Bytes)} · {formatDate(r.UploadedAt, "{y}-{m}-{d}")}
            </div>
          </div>
          <Button component="a" href={clientReleaseHref(r.Id)} size="sm" data-testid="current-download">
            {t("desk.download")}
          </Button>
          <div className="as-current-sha">
            <span className="ls-dim dt-small">SHA-256</span> <Sha value={r.Sha256} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Every live release as the list pattern's table (cards on phones); `actions` adds an administrator's withdraw. */
export function ReleaseTable({ releases, actions }: { releases: ClientRelease[]; actions?: (r: ClientRelease) => ReactNode }) {
  const { t } = useTranslation("appStore");
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="releases-table">
        <thead>
          <tr>
            <th scope="col">{t("desk.col.version")}</th>
            <th scope="col">{t("desk.col.platform")}</th>
            <th scope="col">{t("desk.col.kinds")}</th>
            <th scope="col">{t("desk.col.file")}</th>
            <th scope="col">{t("desk.col.published")}</th>
            <th scope="col">{t("desk.col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.Id} data-testid="release-row" data-version={r.Version} data-platform={r.Platform}>
              <td className="ls-strong ls-mono">
                {r.Version}
                {r.Current ? <span className="as-current-badge">{t("desk.current")}</span> : null}
              </td>
              <td data-label={t("desk.col.platform")}>{t(`desk.platform.${r.Platform}`)}</td>
              <td data-label={t("desk.col.kinds")}>
                <KindList kinds={r.Kinds} />
              </td>
              <td data-label={t("desk.col.file")} className="as-release-file">
                {/* One block: on phones each cell is a label-and-value grid, which would split loose children. */}
                <div>
                  {r.FileName} <span className="ls-dim">({formatSize(r.Bytes)})</span>
                  <div>
                    <Sha value={r.Sha256} />
                  </div>
                  {r.Notes ? <p className="as-release-notes">{r.Notes}</p> : null}
                </div>
              </td>
              <td data-label={t("desk.col.published")} className="ls-dim">
                <div>
                  {formatDate(r.UploadedAt, "{y}-{m}-{d} {h}:{i}")}
                  <div>{r.UploadedBy}</div>
                </div>
              </td>
              <td data-label={t("desk.col.actions")}>
                <div className="ls-actions">
                  <a href={clientReleaseHref(r.Id)} className="dt-code-link" data-testid="release-download">
                    {t("desk.download")}
                  </a>
                  {actions?.(r)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An administrator's publish form: one multipart form that works without JavaScript. A refused field keeps the
 * values and shows its error under it (the file must be chosen again: browsers never refill a file input).
 */
export function ReleaseForm({ failure }: { failure: FormFailure | null }) {
  const { t } = useTranslation("appStore");
  const busy = useNavigation().formData?.get("intent") === "upload";
  const v = failure?.values ?? {};
  const err = (f: string) => errorText(t, failure?.errors[f], "desk.errors");
  const kinds = failure ? (v.Kinds ?? "").split(",") : ["88"];
  return (
    <Form method="post" encType="multipart/form-data" className="as-release-form" data-testid="release-form">
      <input type="hidden" name="intent" value="upload" />
      {failure?.formError ? (
        <Alert color="red" role="alert">
          {failure.formError}
        </Alert>
      ) : null}
      <div className="as-release-fields">
        <TextInput
          name="Version"
          label={t("desk.field.version")}
          description={t("desk.field.versionHint")}
          defaultValue={v.Version ?? ""}
          error={err("Version")}
          required
          maxLength={40}
          data-testid="release-version"
        />
        <NativeSelect
          name="Platform"
          label={t("desk.field.platform")}
          defaultValue={v.Platform ?? "windows"}
          error={err("Platform")}
          data={CLIENT_PLATFORMS.map((p) => ({ value: p, label: t(`desk.platform.${p}`) }))}
          data-testid="release-platform"
        />
      </div>
      <fieldset className="as-kind-boxes" aria-invalid={err("Kinds") ? true : undefined}>
        <legend>{t("desk.field.kinds")}</legend>
        {CLIENT_KINDS.map((k) => (
          <Checkbox key={k} name="Kinds" value={String(k)} defaultChecked={kinds.includes(String(k))} label={`${k} · ${t(`desk.kind.${k}`)}`} data-testid={`release-kind-${k}`} />
        ))}
        {err("Kinds") ? (
          <p className="as-field-error" role="alert">
            {err("Kinds")}
          </p>
        ) : null}
      </fieldset>
      <Textarea name="Notes" label={t("desk.field.notes")} defaultValue={v.Notes ?? ""} error={err("Notes")} maxLength={2000} rows={3} data-testid="release-notes" />
      <label className="as-file">
        <span>{t("desk.field.file", { mb: CLIENT_RELEASE_MAX_MIB })}</span>
        <input type="file" name="file" required accept={CLIENT_FILE_TYPES.join(",")} data-testid="release-file" aria-invalid={err("file") ? true : undefined} />
        {err("file") ? (
          <span className="as-field-error" role="alert">
            {err("file")}
          </span>
        ) : null}
      </label>
      <div>
        <Button type="submit" loading={busy} data-testid="release-submit">
          {t("desk.publish")}
        </Button>
      </div>
    </Form>
  );
}
