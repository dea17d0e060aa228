import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { ServerChart } from "~/components/charts/ServerChart";
import { DeleteLink } from "~/components/DeleteConfirm";
import { orderHref, sampleQueryHref } from "~/lib/detection";
import { instrumentViewHref } from "~/lib/documents";
import { formatSize } from "~/lib/attachments";
import { instrumentDownloadHref, type InstrumentFileDetail } from "~/lib/instrument-data";

/**
 * One instrument file (docs/instrument-data.md): where it came from and its SHA-256, the sample it belongs to
 * (assigned here by the sample's ID), and what its parser read: a spectrometer's elements with their spread
 * over the sparks, or a tensile test's properties and its curve drawn on the server.
 */
export function InstrumentFileView({ file, chartSvg, back, deleteHref, onDelete }: { file: InstrumentFileDetail; chartSvg: string | null; back: string; deleteHref: string; onDelete: () => void }) {
  const { t } = useTranslation("instrument");
  const nav = useNavigation();
  const assigning = nav.state === "submitting" && nav.formData?.get("intent") === "assign";
  const p = file.Parsed;
  return (
    <Stack gap="md" data-testid="instrument-file">
      <p className="dt-small">
        <Link to={back} className="dt-code-link">
          ← {t("file.back")}
        </Link>
      </p>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <dl className="if-facts">
          <dt>{t("file.name")}</dt>
          <dd className="ls-strong">{file.FileName}</dd>
          <dt>{t("file.size")}</dt>
          <dd>{formatSize(file.Size)}</dd>
          <dt>SHA-256</dt>
          <dd className="if-hash" data-testid="instrument-sha">
            {file.Sha256}
          </dd>
          <dt>{t("file.instrument")}</dt>
          <dd>{file.EquipmentLabel ?? "—"}</dd>
          <dt>{t("file.sent")}</dt>
          <dd>
            {file.ViaToken ? t("file.byInstrument", { name: file.UploadedBy }) : file.UploadedBy} · {formatDate(file.CreatedAt, "{y}-{m}-{d} {h}:{i}")}
          </dd>
        </dl>
        <div className="if-actions">
          <Button component={Link} to={instrumentViewHref(file.Id)} variant="light" data-testid="instrument-view">
            {t("file.view")}
          </Button>
          <Button component="a" href={instrumentDownloadHref(file.Id)} variant="default" data-testid="instrument-download">
            {t("file.download")}
          </Button>
          <DeleteLink href={deleteHref} onOpen={onDelete}>
            {t("file.delete")}
          </DeleteLink>
        </div>
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="if-h2">{t("file.sample")}</h2>
          {file.SampleId ? (
            <p data-testid="instrument-sample">
              <Link to={sampleQueryHref(file.SampleCode)} className="dt-code-link ls-strong">
                {file.SampleCode}
              </Link>
              {file.OrderId ? (
                <>
                  {" · "}
                  <Link to={orderHref(file.OrderId)} className="dt-code-link">
                    {t("file.order")}
                  </Link>
                </>
              ) : null}
            </p>
          ) : (
            <p className="dt-dim" data-testid="instrument-unassigned">
              {file.SampleCode ? t("file.noSuchSample", { code: file.SampleCode }) : t("file.unassigned")}
            </p>
          )}
          <Form method="post" className="ls-toolbar" data-testid="instrument-assign">
            <input type="hidden" name="intent" value="assign" />
            <input type="hidden" name="id" value={file.Id} />
            <TextInput className="ls-grow" name="sampleId" label={t("file.sampleId")} placeholder="S202611-0042" defaultValue={file.SampleCode} maxLength={40} key={file.SampleCode} />
            <Button type="submit" variant="light" loading={assigning}>
              {t("file.assign")}
            </Button>
          </Form>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="if-h2">{p ? t(`parser.${p.Kind}`) : t("file.parsed")}</h2>
          {file.ParseError ? (
            <Alert color={file.ParseState === "failed" ? "orange" : "gray"} data-testid="instrument-parse-error">
              {file.ParseError}
            </Alert>
          ) : null}
          {p?.Kind === "spectrometer" ? (
            <div className="ls-scroll">
              <table className="ls-table if-elements" data-testid="instrument-elements">
                <caption className="dt-dim dt-small">{t("spectro.caption", { count: p.Sparks })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("spectro.element")}</th>
                    <th scope="col">{t("spectro.mean")}</th>
                    <th scope="col">{t("spectro.sd")}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.Elements.map((e) => (
                    <tr key={e.Symbol}>
                      <th scope="row">{e.Symbol}</th>
                      <td data-label={t("spectro.mean")}>{e.Mean}</td>
                      <td data-label={t("spectro.sd")}>{e.Sd ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {p?.Kind === "tensile" ? (
            <>
              <dl className="if-facts if-props" data-testid="instrument-tensile">
                {(["Rm", "Rp0.2", "A"] as const).map((k) => (
                  <div key={k} className="if-prop">
                    <dt>{t(`tensile.${k === "Rp0.2" ? "Rp02" : k}`)}</dt>
                    <dd>{p.Values[k] !== undefined ? `${p.Values[k]} ${k === "A" ? "%" : "MPa"}` : "—"}</dd>
                  </div>
                ))}
                <div className="if-prop">
                  <dt>{t("tensile.Ag")}</dt>
                  <dd>{p.Ag} %</dd>
                </div>
                <div className="if-prop">
                  <dt>{t("tensile.modulus")}</dt>
                  <dd>{p.ModulusGPa} GPa</dd>
                </div>
              </dl>
              {chartSvg ? (
                <figure className="if-figure">
                  <ServerChart svg={chartSvg} className="if-chart" />
                  <figcaption className="dt-dim dt-small">
                    <span className="if-key" data-line="curve" /> {t("tensile.curve")} <span className="if-key" data-line="offset" /> {t("tensile.offset")} · {t("tensile.points", { count: p.Points })}
                  </figcaption>
                </figure>
              ) : null}
              <p className="dt-dim dt-small">{t("tensile.note")}</p>
            </>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
