import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { DeleteDialog, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { InstrumentFileView } from "~/components/instrumentData/InstrumentFileView";
import instrumentStyles from "~/components/instrumentData/instrument.css";
import { tensileChartSvg } from "~/components/instrumentData/tensile-chart.server";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { formatSize } from "~/lib/attachments";
import { requireAccess } from "~/lib/auth.server";
import { sampleQueryHref } from "~/lib/detection";
import { getT } from "~/lib/i18n.server";
import {
  INSTRUMENT_FILE_PATH,
  INSTRUMENT_FILES_PATH,
  INSTRUMENT_LIST,
  INSTRUMENT_PAGE_SIZE,
  instrumentFileHref,
  instrumentListHref,
  instrumentQuery,
  parseSummary,
} from "~/lib/instrument-data";
import { assignInstrumentFile, deleteInstrumentFile, getInstrumentChoices, getInstrumentFile, listInstrumentFiles } from "~/lib/instrument-data.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { listHref } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { backTo, redirectWithToast, toastFailure } from "~/lib/page-actions.server";

/**
 * /dataUpdate/myInstrumentData (FileTransferAdmin; docs/instrument-data.md): files from the lab's instruments.
 * Send one (any type, streamed to the API, checked against the SHA-256 the instrument gave), for a sample and an
 * instrument; the list by file name or sample ID, unassigned, parsed or not; `?id=` opens a file: its origin and
 * checksum, the sample it belongs to, and what its parser read (a spectrometer's composition, a tensile test's
 * properties and curve). The list pattern of docs/pages.md; every step works without JavaScript.
 */
export const handle = { i18n: ["instrument", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: instrumentStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, INSTRUMENT_FILES_PATH);
  const t = await getT(args.request, "instrument");
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  const q = instrumentQuery(search);
  if (id) {
    const file = await forPage(args, () => getInstrumentFile(args, token, id));
    const chartSvg =
      file.Parsed?.Kind === "tensile" ? tensileChartSvg(file.Parsed, { curve: t("tensile.curve"), offset: t("tensile.offset"), strain: t("tensile.strain"), stress: t("tensile.stress") }) : null;
    return data({ title: `${file.FileName} · ${t("title")}`, q, file, chartSvg, confirm: search.get("confirm") === id, list: null, instruments: [] });
  }
  const [list, choices] = await Promise.all([forPage(args, () => listInstrumentFiles(args, token, q, INSTRUMENT_PAGE_SIZE)), forPage(args, () => getInstrumentChoices(args, token))]);
  return data({ title: t("title"), q, file: null, chartSvg: null, confirm: false, list, instruments: choices.Instruments });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, INSTRUMENT_FILES_PATH);
  const t = await getT(request, "instrument");
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  if (!id) return data({ error: t("upload.badRequest") }, { status: 400 });
  const intent = form.get("intent");
  try {
    if (intent === "assign") {
      const f = await assignInstrumentFile(args, token, { Id: id, SampleId: String(form.get("sampleId") ?? "").trim() });
      return redirectWithToast(request, instrumentFileHref(id), { kind: "success", text: f.SampleCode ? t("file.assigned", { code: f.SampleCode }) : t("file.unassignedDone") });
    }
    if (intent === "delete") {
      await deleteInstrumentFile(args, token, id);
      return redirectWithToast(request, backTo(form.get("back"), INSTRUMENT_FILES_PATH, ["confirm", "id"]), { kind: "success", text: t("file.deleted") });
    }
  } catch (e) {
    return toastFailure(args, e, instrumentFileHref(id));
  }
  return data({ error: t("upload.badRequest") }, { status: 400 });
}

export default function MyInstrumentDataPage() {
  const { q, file, chartSvg, confirm, list, instruments } = useLoaderData<typeof loader>();
  const { t } = useTranslation("instrument");
  const [dialog, setDialog] = useState(false);
  const nav = useNavigation();
  const sending = nav.state === "submitting" && nav.formAction === INSTRUMENT_FILE_PATH;
  const col = (k: string) => t(`list.col.${k}`);
  const listBack = instrumentListHref(q);
  if (file) {
    const texts: DeleteTexts = { title: t("file.deleteTitle"), question: t("file.deleteQuestion", { file: file.FileName }), cancel: t("file.cancel"), confirm: t("file.delete") };
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="instrument-page">
        <PageHeader title={file.FileName} intro={t("file.intro")} />
        {confirm && !dialog ? <DeleteStep id={file.Id} back={listBack} texts={texts} /> : null}
        {dialog ? <DeleteDialog id={file.Id} back={listBack} texts={texts} onClose={() => setDialog(false)} /> : null}
        <InstrumentFileView file={file} chartSvg={chartSvg} back={listBack} deleteHref={listHref(INSTRUMENT_FILES_PATH, { id: file.Id, confirm: file.Id }, {})} onDelete={() => setDialog(true)} />
      </Stack>
    );
  }
  const rows = list?.rows ?? [];
  const filtered = q.keyword !== "" || q.state !== "all";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="instrument-page">
      <PageHeader title={t("title")} intro={t("intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="post" action={INSTRUMENT_FILE_PATH} encType="multipart/form-data" className="if-upload" data-testid="instrument-upload">
          <label className="if-file">
            <span>{t("upload.file")}</span>
            <input type="file" name="file" required data-testid="instrument-file-input" />
          </label>
          <TextInput name="SampleId" label={t("upload.sampleId")} description={t("upload.sampleIdHint")} placeholder="S202611-0042" maxLength={40} />
          <NativeSelect name="EquipmentId" label={t("upload.instrument")} defaultValue="">
            <option value="">{t("upload.noInstrument")}</option>
            {instruments.map((i) => (
              <option key={i.Id} value={i.Id}>
                {i.Label}
              </option>
            ))}
          </NativeSelect>
          <TextInput name="Sha256" label={t("upload.sha")} description={t("upload.shaHint")} maxLength={64} pattern="[0-9a-fA-F]{64}" spellCheck={false} autoComplete="off" />
          <Button type="submit" loading={sending} data-testid="instrument-send">
            {t("upload.send")}
          </Button>
        </Form>
        <p className="dt-dim dt-small if-limit">{t("upload.limit")}</p>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="instrument-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("list.keyword")} placeholder={t("list.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="state" label={t("list.state")} defaultValue={q.state} key={`s-${q.state}`}>
              {INSTRUMENT_LIST.filters.state.map((s) => (
                <option key={s} value={s}>
                  {t(`list.states.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("list.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="instrument-count">
            {t("list.found", { count: list?.total ?? 0 })}
          </Text>
          {rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="instrument-table">
                <thead>
                  <tr>
                    <th scope="col">{col("file")}</th>
                    <th scope="col">{col("sample")}</th>
                    <th scope="col">{col("result")}</th>
                    <th scope="col">{col("sent")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((f) => (
                    <tr key={f.Id} data-testid="ifile-row" data-state={f.ParseState}>
                      <td className="ls-strong">
                        <div>
                          <Link to={instrumentFileHref(f.Id)} className="dt-code-link if-name">
                            {f.FileName}
                          </Link>
                          <div className="dt-dim dt-small">{[formatSize(f.Size), f.EquipmentLabel].filter(Boolean).join(" · ")}</div>
                        </div>
                      </td>
                      <td data-label={col("sample")}>
                        {f.SampleId ? (
                          <Link to={sampleQueryHref(f.SampleCode)} className="dt-code-link">
                            {f.SampleCode}
                          </Link>
                        ) : (
                          <span className="if-unassigned">{f.SampleCode ? t("list.noSuchSample", { code: f.SampleCode }) : t("list.unassigned")}</span>
                        )}
                      </td>
                      <td data-label={col("result")} className="dt-small">
                        {f.ParseState === "parsed" ? (
                          <div>
                            <span className="if-parser">{t(`parser.${f.Parser}`)}</span> {parseSummary(f)}
                          </div>
                        ) : (
                          <span className="dt-dim">{f.ParseError ?? "—"}</span>
                        )}
                      </td>
                      <td data-label={col("sent")} className="dt-small">
                        <div>
                          {f.ViaToken ? t("file.byInstrument", { name: f.UploadedBy }) : f.UploadedBy}
                          <div className="dt-dim">{formatDate(f.CreatedAt, "{y}-{m}-{d} {h}:{i}")}</div>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="instrument-empty">
              {filtered ? t("list.emptyFilter") : t("list.empty")}
            </p>
          )}
          <Pager total={list?.total ?? 0} size={list?.size ?? INSTRUMENT_PAGE_SIZE} current={q.page} hrefFor={(page) => instrumentListHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
