import { fileTypeFromBuffer } from "file-type";
import { PassThrough } from "node:stream";
import { z } from "zod";
import { ELEMENTS, PROPERTIES, unitOf } from "../../../common/test-records.ts";
import { TEMPLATE_QUANTITIES, UPLOAD_FIELDS, UPLOAD_LIMITS, type UploadCellError } from "../../../common/test-upload.ts";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { excelJs } from "../../lazy-libs.ts";
import { pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso, keyedFieldError, requireId } from "../../http/fields.ts";
import { tooLargeText, type Lang } from "../../http/messages.ts";
import { parse, Raw, type AuthUser } from "../../http/router.ts";
import type { UploadForm } from "../../http/upload-form.ts";
import { FILE_KINDS } from "../attachments/kinds.ts";
import { newStoredName, sanitiseName } from "../attachments/names.ts";
import { deleteAttachment, filePath, saveAttachment } from "../attachments/store.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { fill } from "../system/texts.ts";
import { uploadTexts } from "./texts.ts";
import { checkSheet, errorText, type CheckHooks, type CheckResult, type GoodRow, type StoredError } from "./upload-check.ts";
import { mergedRanges, sheetRows, xlsToXlsx, type UploadFormat } from "./upload-read.ts";

/**
 * The offline upload of test records (docs/test-data.md; DataUpload and SystemAdmin): a file is checked and kept
 * with its refusals (TrialDetection/CheckTestDataUpload); then imported whole when every row is good, or only
 * its good rows when the uploader chooses, the bad ones given back as a file (ImportTestDataUpload,
 * GetTestDataUploadBadRows); an imported upload can be undone (UndoTestDataUpload). The import reads the kept
 * file again in its transaction, so what lands is what the data allows at that moment: all of it or nothing.
 */
export interface UploadView {
  Id: string;
  FileName: string;
  Format: UploadFormat;
  State: "checked" | "imported" | "undone";
  Columns: string[];
  Total: number;
  Bad: number;
  Imported: number;
  Mode: "all" | "good" | null;
  Errors: UploadCellError[];
  /** How many refusals there are beyond those listed (at most 500 are kept). */
  MoreErrors: number;
  Preview: Array<{ Row: number; Cells: string[]; Bad: boolean }>;
  UploadedBy: string;
  UploadedAt: string;
  ImportedAt: string | null;
  UndoneAt: string | null;
  FileUrl: string;
  Version: number;
}

interface Row {
  id: string;
  file_name: string;
  stored_name: string;
  format: UploadFormat;
  state: UploadView["State"];
  columns: string[];
  total: number;
  bad: number;
  errors: StoredError[];
  preview: UploadView["Preview"];
  imported: number;
  mode: UploadView["Mode"];
  uploaded_by: string | null;
  uploaded_by_name: string;
  uploaded_at: Date;
  imported_at: Date | null;
  undone_at: Date | null;
  version: number;
}
const COLUMNS = `u.id, u.file_name, a.stored_name, u.format, u.state, u.columns, u.total, u.bad, u.errors, u.preview, u.imported, u.mode, u.uploaded_by,
  u.uploaded_by_name, u.uploaded_at, u.imported_at, u.undone_at, u.version`;
const FROM = `test_uploads u join attachments a on a.id = u.attachment_id`;

const viewOf = (r: Row, lang: Lang): UploadView => ({
  Id: r.id,
  FileName: r.file_name,
  Format: r.format,
  State: r.state,
  Columns: r.columns,
  Total: r.total,
  Bad: r.bad,
  Imported: r.imported,
  Mode: r.mode,
  Errors: r.errors.map((e) => errorText(e, lang)),
  MoreErrors: Math.max(0, r.bad > 0 ? countErrors(r) - r.errors.length : 0),
  Preview: r.preview,
  UploadedBy: r.uploaded_by_name,
  UploadedAt: iso(r.uploaded_at)!,
  ImportedAt: iso(r.imported_at),
  UndoneAt: iso(r.undone_at),
  FileUrl: `/attachment/${r.stored_name}`,
  Version: r.version,
});
/** The refusals found (the kept list stops at 500; a bad row has at least one). */
const countErrors = (r: Row) => Math.max(r.errors.length, r.bad);

const notFound = () => new ApiError(Status.notFound, uploadTexts.uploadNotFound);

/** An upload its uploader (or a SystemAdmin) may see. */
async function uploadRow(db: Db, user: AuthUser, id: string, lock = false): Promise<Row> {
  const [r] = await db.query<Row>(`select ${COLUMNS} from ${FROM} where u.id = $1 ${lock ? "for update of u" : ""}`, [id]);
  if (!r || (r.uploaded_by !== user.id && !user.roles.includes("SystemAdmin"))) throw notFound();
  return r;
}

/** The file's format by its name, and whether its bytes are that. */
async function formatOf(name: string, data: Buffer): Promise<UploadFormat> {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (ext !== "xlsx" && ext !== "xls" && ext !== "csv") throw keyedFieldError("file", "badType", uploadTexts);
  const sniffed = await fileTypeFromBuffer(data);
  // A workbook written by a streaming writer puts its parts in another order, and sniffs as a plain zip; reading
  // it then tells a workbook from any other zip (unreadable).
  const fits = ext === "csv" ? !sniffed && !data.includes(0) : ext === "xlsx" ? sniffed?.ext === "xlsx" || sniffed?.ext === "zip" : sniffed?.ext === "cfb";
  if (!fits) throw new ApiError(Status.badRequest, fill(uploadTexts.notWhatItClaims, { ext: `.${ext}` }), { fields: [{ field: "file", message: "" }] });
  return ext;
}

/** Reads the kept file through the check: .xls converted first, .xlsx refused with merged cells. */
async function checkFile(db: Db, file: string, format: UploadFormat, hooks: CheckHooks = {}): Promise<CheckResult> {
  const converted = format === "xls" ? await xlsToXlsx(file).catch(() => null) : null;
  if (format === "xls" && !converted) throw new ApiError(Status.badRequest, uploadTexts.unreadable);
  const path = converted?.file ?? file;
  try {
    if (format !== "csv") {
      const merged = await mergedRanges(path).catch(() => {
        throw new ApiError(Status.badRequest, uploadTexts.unreadable);
      });
      if (merged.length) throw new ApiError(Status.badRequest, fill(uploadTexts.merged, { ranges: merged.slice(0, 5).join(", ") + (merged.length > 5 ? "…" : "") }));
    }
    // A failure of the import's own inserts is the platform's, not the file's: it goes on as it is (a 500 with
    // its cause in the API's log), never disguised as an unreadable file.
    let hookFailure: unknown = null;
    const onGood = hooks.onGood;
    const guarded: CheckHooks = onGood ? { ...hooks, onGood: (rows) => onGood(rows).catch((e: unknown) => Promise.reject((hookFailure = e))) } : hooks;
    return await checkSheet(db, sheetRows(path, format === "csv" ? "csv" : "xlsx"), guarded).catch((e) => {
      if (e instanceof ApiError || (hookFailure !== null && e === hookFailure)) throw e;
      // exceljs and csv-parse refuse a damaged file with their own errors: the user needs only that it is unreadable.
      throw new ApiError(Status.badRequest, uploadTexts.unreadable);
    });
  } finally {
    await converted?.done();
  }
}

/** TrialDetection/CheckTestDataUpload: the file kept and checked; its refusals and first rows answered. */
export async function checkUpload(app: App, user: AuthUser, form: UploadForm, lang: Lang): Promise<UploadView> {
  const f = form.file;
  if (!f || !f.data.length) throw keyedFieldError("file", "noFile", uploadTexts);
  if (f.truncated) throw new ApiError(Status.tooLarge, tooLargeText(UPLOAD_LIMITS.maxBytes), { fields: [{ field: "file", message: "" }] });
  const name = sanitiseName(f.filename) || "upload";
  const format = await formatOf(name, f.data);
  const [u] = await app.db.query<{ name: string }>(`select coalesce(nullif(real_name, ''), name) as name from users where id = $1`, [user.id]);
  const stored = newStoredName(format);
  await saveAttachment(app, { storedName: stored, name, mime: FILE_KINDS[format].mime, data: f.data, ownerId: user.id });
  let result: CheckResult;
  try {
    result = await checkFile(app.db, filePath(app, stored), format);
  } catch (e) {
    await deleteAttachment(app, stored);
    throw e;
  }
  const [{ id }] = await app.db.query<{ id: string }>(
    `insert into test_uploads (file_name, attachment_id, format, columns, total, bad, errors, preview, uploaded_by, uploaded_by_name)
     values ($1, (select id from attachments where stored_name = $2), $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [name, stored, format, JSON.stringify(result.columns), result.total, result.bad, JSON.stringify(result.errors), JSON.stringify(result.preview), user.id, u?.name ?? user.name],
  );
  return viewOf(await uploadRow(app.db, user, id), lang);
}

export async function getUpload(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<UploadView> {
  return viewOf(await uploadRow(db, user, requireId(query.get("id"), "id")), lang);
}

const importInput = z.object({ Id: z.string().uuid(), Mode: z.enum(["all", "good"]), Version: z.coerce.number().int() });

/** Inserts a batch of checked rows as the uploader's records. */
async function insertRecords(tx: Db, uploadId: string, owner: { id: string; name: string }, rows: GoodRow[]): Promise<void> {
  const cols = [...ELEMENTS.map((e) => e.toLowerCase()), ...PROPERTIES.map((p) => p.column)];
  const keys = [...ELEMENTS, ...PROPERTIES.map((p) => p.key)];
  const fixed = [rows.map((r) => r.code), rows.map((r) => r.grade), rows.map((r) => r.heatNo), rows.map((r) => r.form), rows.map((r) => r.condition), rows.map((r) => r.testedAt.toISOString())];
  const values = keys.map((k) => rows.map((r) => r.values.get(k) ?? null));
  const n = fixed.length + values.length;
  await tx.query(
    `insert into test_records (code, grade, heat_no, form, condition, tested_at, ${cols.join(", ")}, source, upload_id, owner_id, owner_name, department_id, enterprise_id)
     select t.*, 'upload', $${n + 1}::uuid, $${n + 2}::uuid, $${n + 3}, u.department_id, u.enterprise_id
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], ${cols.map((_, k) => `$${k + 7}::float8[]`).join(", ")}) as t
       left join users u on u.id = $${n + 2}::uuid`,
    [...fixed, ...values, uploadId, owner.id, owner.name],
  );
}

/**
 * TrialDetection/ImportTestDataUpload (`Id`, `Mode`, `Version`): in one transaction, the kept file is checked
 * again and its good rows inserted; `all` needs every row good (else nothing lands), `good` leaves the bad ones
 * out. Something that changed since the check (a code taken meanwhile) refuses `all` and is counted for `good`.
 */
export async function importUpload(app: App, user: AuthUser, actor: Actor, body: unknown, lang: Lang): Promise<UploadView> {
  const input = parse(importInput, body);
  await app.db.transaction(async (tx) => {
    const r = await uploadRow(tx, user, input.Id, true);
    if (r.state !== "checked") throw new ApiError(Status.conflict, uploadTexts.notChecked);
    if (r.version !== input.Version) throw keyedFieldError("Version", "stale", uploadTexts, Status.conflict);
    if (input.Mode === "all" && r.bad > 0) throw new ApiError(Status.conflict, fill(uploadTexts.hasBadRows, { bad: r.bad }));
    if (input.Mode === "good" && r.total - r.bad <= 0) throw new ApiError(Status.conflict, uploadTexts.noGoodRows);
    let imported = 0;
    const owner = { id: r.uploaded_by ?? user.id, name: r.uploaded_by_name };
    const result = await checkFile(tx, filePath(app, r.stored_name), r.format, {
      onGood: async (rows) => {
        await insertRecords(tx, r.id, owner, rows);
        imported += rows.length;
      },
    });
    if (input.Mode === "all" && result.bad > 0) throw new ApiError(Status.conflict, fill(uploadTexts.changed, { bad: result.bad }));
    if (imported === 0) throw new ApiError(Status.conflict, uploadTexts.noGoodRows);
    await tx.query(
      `update test_uploads set state = 'imported', mode = $2, imported = $3, bad = $4, errors = $5, imported_at = now(), version = version + 1 where id = $1`,
      [r.id, input.Mode, imported, result.bad, JSON.stringify(result.errors)],
    );
    await logOperation(tx, actor, { action: "testData.import", targetType: "testUpload", targetId: r.id, targetName: r.file_name, before: { State: r.state }, after: { State: "imported", Mode: input.Mode, Imported: imported, Bad: result.bad } });
  });
  return viewOf(await uploadRow(app.db, user, input.Id), lang);
}

const undoInput = z.object({ Id: z.string().uuid(), Version: z.coerce.number().int() });

/** TrialDetection/UndoTestDataUpload (`Id`, `Version`): an imported upload's records removed, in one transaction. */
export async function undoUpload(db: Db, user: AuthUser, actor: Actor, body: unknown, lang: Lang): Promise<UploadView> {
  const input = parse(undoInput, body);
  await db.transaction(async (tx) => {
    const r = await uploadRow(tx, user, input.Id, true);
    if (r.state !== "imported") throw new ApiError(Status.conflict, uploadTexts.notImported);
    if (r.version !== input.Version) throw keyedFieldError("Version", "stale", uploadTexts, Status.conflict);
    const removed = await tx.query(`delete from test_records where upload_id = $1 returning id`, [r.id]);
    await tx.query(`update test_uploads set state = 'undone', undone_at = now(), version = version + 1 where id = $1`, [r.id]);
    await logOperation(tx, actor, { action: "testData.undo", targetType: "testUpload", targetId: r.id, targetName: r.file_name, before: { State: r.state, Imported: r.imported }, after: { State: "undone", Removed: removed.length } });
  });
  return viewOf(await uploadRow(db, user, input.Id), lang);
}

/** TrialDetection/GetMyTestDataUploads: the caller's uploads, newest first. */
export async function listUploads(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<Page<UploadView>> {
  const paging = parsePaging(query, 100);
  const w = new Where().and(`u.uploaded_by = $1`);
  w.params.push(user.id);
  const { total, rows } = await pagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: "u.uploaded_at desc, u.id desc" }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => ({ ...viewOf(r, lang), Errors: [], Preview: [] })) };
}

/** TrialDetection/GetTestDataUploadBadRows (`id`): the bad rows as they were, each with its reasons, as .xlsx. */
export async function badRowsFile(app: App, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<Raw> {
  const r = await uploadRow(app.db, user, requireId(query.get("id"), "id"));
  const ExcelJS = await excelJs();
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const sheet = wb.addWorksheet(lang === "zh" ? "有误的行" : "Rows to correct");
  sheet.addRow([...r.columns, lang === "zh" ? "错误" : lang === "ja" ? "誤り" : lang === "es" ? "Errores" : "Errors", lang === "zh" ? "原行号" : "Row"]).commit();
  void (async () => {
    try {
      await checkFile(app.db, filePath(app, r.stored_name), r.format, {
        onBad: (row, cells, errors) => sheet.addRow([...cells, errors.map((e) => `${e.Column}: ${errorText(e, lang).Message}`).join("; "), row]).commit(),
      });
      sheet.commit();
      await wb.commit();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  const base = r.file_name.replace(/\.[^.]+$/, "");
  return new Raw(out, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="bad-rows.xlsx"; filename*=UTF-8''${encodeURIComponent(`${base}-${lang === "zh" ? "有误的行" : "bad-rows"}.xlsx`)}`,
    "Cache-Control": "no-store",
  });
}

/** TrialDetection/GetTestDataTemplate: the upload template (.xlsx): the columns, an example row, and a sheet of notes. */
export async function templateFile(lang: Lang): Promise<Raw> {
  const zh = lang === "zh";
  const wb = new (await excelJs()).Workbook();
  const sheet = wb.addWorksheet(zh ? "检测数据" : "Test records");
  const fields = UPLOAD_FIELDS.filter((f) => f.key !== "Note").map((f) => (zh ? f.names[0] : f.names[f.names.length > 3 ? 3 : 2]));
  const quantities = TEMPLATE_QUANTITIES.map((k) => (unitOf(k) ? `${k} (${unitOf(k)})` : k));
  sheet.addRow([...fields, ...quantities]);
  const example: Record<string, number> = { C: 0.42, Si: 0.25, Mn: 0.68, P: 0.012, S: 0.005, Cr: 1.02, Ni: 0.03, Mo: 0.2, V: 0.005, Cu: 0.04, Al: 0.025, N: 0.006, Rm: 1080, "Rp0.2": 930, A: 15, Z: 55, HBW: 320, KV2: 78, KV2T: 20 };
  sheet.addRow([zh ? "TD-0001" : "TD-0001", "42CrMo", "H26-0001", zh ? "棒材" : "bar", zh ? "调质（860 °C 油淬，550 °C 回火）" : "quenched and tempered", new Date(), ...TEMPLATE_QUANTITIES.map((k) => example[k])]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c, i) => (c.width = i < 6 ? 16 : 10));
  sheet.getColumn(6).numFmt = "yyyy-mm-dd";
  const notes = wb.addWorksheet(zh ? "说明" : "Notes");
  const lines = zh
    ? [
        "第 1 行为表头，从第 2 行起每行一个试样；示例行请删除。",
        "“编号”必填，在文件内和已有检测数据中不能重复；牌号须在牌号库中（可留空）。",
        "成分列写作“元素 (单位)”，单位可为 %、wt%、ppm；性能列如“Rm (MPa)”，强度也可用 N/mm2 或 ksi；同一元素只能有一列。",
        "可删除不需要的列，也可增加 W、Co、Ti、Nb、B、ReH、HRC、HV、G 等列。",
        "单元格须为数值（不要公式），不要合并单元格；数值不能为负，也不能超出物理范围（如硬度 10000 HV）。",
        `一个文件最多 ${UPLOAD_LIMITS.maxRows} 行、${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB；支持 .xlsx、.xls、.csv（UTF-8 或 GBK）。`,
      ]
    : [
        "Row 1 is the header; from row 2, one specimen a row. Delete the example row.",
        "“Code” is required and must be unique in the file and among existing test records; the grade must be in the grade catalogue (or empty).",
        "Composition columns are “Element (unit)”, the unit %, wt% or ppm; properties like “Rm (MPa)”, strengths also in N/mm2 or ksi; one column per element.",
        "Remove columns you do not need, or add W, Co, Ti, Nb, B, ReH, HRC, HV, G.",
        "Cells hold values (no formulas), no merged cells; values cannot be negative or physically impossible (hardness 10,000 HV).",
        `At most ${UPLOAD_LIMITS.maxRows} rows and ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB a file; .xlsx, .xls or .csv (UTF-8 or GBK).`,
      ];
  lines.forEach((l) => notes.addRow([l]));
  notes.getColumn(1).width = 120;
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return new Raw(buf, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="test-data-template.xlsx"; filename*=UTF-8''${encodeURIComponent(zh ? "检测数据上传模板.xlsx" : "test-data-template.xlsx")}`,
    "Cache-Control": "no-store",
  });
}
