import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PARSE_MAX_BYTES, type InstrumentFile, type InstrumentFileDetail, type InstrumentParse } from "../../../common/instrument-data.ts";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso, keyedFieldError, requireId } from "../../http/fields.ts";
import type { Lang, Texts } from "../../http/messages.ts";
import { parse, Raw, type AuthUser, type Ctx } from "../../http/router.ts";
import { readerOf, readerSees } from "../detection/access.ts";
import { contentDisposition } from "../attachments/names.ts";
import { instrumentLabel } from "../equipment/use.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { sheetRows } from "../testData/upload-read.ts";
import { parseInstrumentRows, type ParseFailure } from "./parsers.ts";
import { receiveFile, removeStaleParts } from "./receive.ts";
import { instrumentTexts, parseTexts, tooLargeFor } from "./texts.ts";

/**
 * Instrument files (docs/instrument-data.md): what myInstrumentData's people and the instruments' own tokens
 * send. A file is received as a stream and checked against the SHA-256 its sender gave; it is kept under the
 * data folder by a name of ours, listed with the sample it belongs to, and read by a parser when one knows its
 * format. The calls for people are FileTransferAdmin's (spec section 6); an instrument sends with its token.
 */
export const filesDirOf = (dataDir: string) => path.join(dataDir, "instrument-files");
export const filesDir = (app: App) => filesDirOf(app.config.dataDir);
const filePath = (app: App, storedName: string) => path.join(filesDir(app), storedName);
const STORED = /^[0-9a-f-]{36}$/;

/**
 * An instrument file for the document viewer (`src=instrument`): FileTransferAdmin reads every one; the readers
 * of an order (detection/access.ts) the files assigned to its samples. Else null, the viewer's one 404.
 */
export async function readableInstrumentFile(app: App, user: AuthUser, id: string): Promise<{ file: string; name: string } | null> {
  const [r] = await app.db.query<{ file_name: string; stored_name: string; client_enterprise_id: string | null; sample_id: string | null }>(
    `select f.file_name, f.stored_name, s.client_enterprise_id, f.sample_id from instrument_files f left join detection_samples s on s.id = f.sample_id where f.id = $1`,
    [id],
  );
  if (!r || !STORED.test(r.stored_name)) return null;
  if (!user.roles.includes("FileTransferAdmin")) {
    const reader = r.sample_id ? await readerOf(app.db, user).catch(() => null) : null;
    if (!reader || !readerSees(reader, r)) return null;
  }
  return { file: filePath(app, r.stored_name), name: r.file_name };
}

/** Who sends a file: a person, or an instrument with its token. */
export type Sender = { kind: "person"; actor: Actor } | { kind: "token"; tokenId: string; equipmentId: string; label: string };

const MAX_SAMPLE_CODE = 40;

interface Row {
  id: string;
  file_name: string;
  stored_name: string;
  size: string | number;
  sha256: string;
  equipment_id: string | null;
  equipment_name: string | null;
  equipment_model: string | null;
  equipment_serial: string | null;
  token_id: string | null;
  uploaded_by_name: string;
  sample_code: string;
  sample_id: string | null;
  order_id: string | null;
  parser: InstrumentParse["Kind"] | null;
  parse_state: InstrumentFile["ParseState"];
  parse_error: string | null;
  values: Record<string, number> | null;
  parsed?: InstrumentParse | null;
  created_at: Date;
}

const COLUMNS = `f.id, f.file_name, f.stored_name, f.size, f.sha256, f.equipment_id, e.name as equipment_name, e.model as equipment_model,
  e.serial as equipment_serial, f.token_id, coalesce(nullif(u.real_name, ''), u.name, f.uploaded_by_name) as uploaded_by_name, f.sample_code, f.sample_id, s.order_id, f.parser, f.parse_state, f.parse_error, f.parsed -> 'Values' as values, f.created_at`;
const FROM = `instrument_files f left join equipment e on e.id = f.equipment_id left join detection_samples s on s.id = f.sample_id
  left join users u on u.id = f.uploaded_by`;

const parseErrorText = (key: string | null, lang: Lang): string | null => (key ? ((parseTexts as Record<string, Texts>)[key] ?? parseTexts.noTable)[lang] : null);

function fileOf(r: Row, lang: Lang): InstrumentFile {
  return {
    Id: r.id,
    FileName: r.file_name,
    Size: Number(r.size),
    Sha256: r.sha256,
    EquipmentId: r.equipment_id,
    EquipmentLabel: r.equipment_name === null ? null : instrumentLabel({ name: r.equipment_name, model: r.equipment_model ?? "", serial: r.equipment_serial ?? "" }),
    ViaToken: r.token_id !== null,
    UploadedBy: r.uploaded_by_name,
    SampleCode: r.sample_code,
    SampleId: r.sample_id,
    OrderId: r.order_id,
    Parser: r.parser,
    ParseState: r.parse_state,
    Values: r.values ?? null,
    ParseError: parseErrorText(r.parse_error, lang),
    CreatedAt: iso(r.created_at)!,
  };
}

const refuse = (field: string, key: keyof typeof instrumentTexts) => keyedFieldError(field, key, instrumentTexts);

async function sampleByCode(db: Db, code: string): Promise<{ id: string } | null> {
  const [s] = await db.query<{ id: string }>(`select id from detection_samples where upper(code) = upper($1)`, [code]);
  return s ?? null;
}

/** What a parser makes of a stored file: a text file up to PARSE_MAX_BYTES is tried; others are kept unread. */
export async function parseStored(
  file: string,
  size: number,
): Promise<{ parser: InstrumentParse["Kind"] | null; state: InstrumentFile["ParseState"]; error: string | null; parsed: InstrumentParse | null }> {
  if (size > PARSE_MAX_BYTES) return { parser: null, state: "none", error: "tooBig", parsed: null };
  const head = Buffer.alloc(Math.min(size, 64 * 1024));
  const fd = await fs.promises.open(file, "r");
  const { bytesRead } = await fd.read(head, 0, head.length, 0).finally(() => fd.close());
  const start = head.subarray(0, bytesRead);
  // Text (UTF-8, or GB18030 as a Chinese Windows writes it): no control character but tab, line breaks and form feed.
  const text = bytesRead > 0 && !/[\x00-\x08\x0e-\x1f]/.test(start.toString("latin1"));
  if (!text) return { parser: null, state: "none", error: "notText", parsed: null };
  const rows = (async function* () {
    for await (const r of sheetRows(file, "csv")) yield r.cells.map((c) => (c === null ? null : String(c)));
  })();
  const out = await parseInstrumentRows(rows);
  if ("failed" in out) return { parser: null, state: "failed", error: out.failed satisfies ParseFailure, parsed: null };
  return { parser: out.Kind, state: "parsed", error: null, parsed: out };
}

/** What a stored file says and whose it is: its parse, and its sample (the ID given, else the one the file names). */
export async function readStored(db: Db, file: string, size: number, sampleCode: string) {
  const parse = await parseStored(file, size);
  const code = sampleCode || [...(parse.parsed?.SampleCode ?? "")].slice(0, MAX_SAMPLE_CODE).join("");
  const sample = code ? await sampleByCode(db, code) : null;
  return { parse, sampleCode: code, sampleId: sample?.id ?? null };
}

/** The row of a file stored under `storedName`, with what readStored found; its id. */
export async function insertFileRow(
  tx: Db,
  read: Awaited<ReturnType<typeof readStored>>,
  f: { fileName: string; storedName: string; size: number; sha256: string; equipmentId: string | null; tokenId: string | null; uploadedBy: string | null; uploadedByName: string },
): Promise<string> {
  const p = read.parse;
  const [row] = await tx.query<{ id: string }>(
    `insert into instrument_files (file_name, stored_name, size, sha256, equipment_id, token_id, uploaded_by, uploaded_by_name, sample_code, sample_id, parser, parse_state, parse_error, parsed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb) returning id`,
    [
      f.fileName,
      f.storedName,
      f.size,
      f.sha256,
      f.equipmentId,
      f.tokenId,
      f.uploadedBy,
      f.uploadedByName,
      read.sampleCode,
      read.sampleId,
      p.parser,
      p.state,
      p.error,
      p.parsed ? JSON.stringify(p.parsed) : null,
    ],
  );
  return row.id;
}

/**
 * TrialDetection/UploadInstrumentFile (a person) and TrialDetection/UploadEquipmentData (an instrument's token):
 * the multipart body's `file`, with `SampleId` (the sample it belongs to; a parser may find it in the file),
 * `Sha256` (or the X-Checksum-SHA256 header: the file's SHA-256 as the sender computed it) and, from a person,
 * `EquipmentId`. Nothing is kept unless the whole file arrived and its checksum matches.
 */
export async function receiveInstrumentFile(app: App, ctx: Ctx, sender: Sender): Promise<InstrumentFileDetail> {
  const max = app.config.INSTRUMENT_FILE_MAX_BYTES;
  const got = await receiveFile(ctx.req, filesDir(app), max);
  if ("failed" in got) {
    if (got.failed === "tooLarge") throw new ApiError(Status.tooLarge, tooLargeFor(max));
    throw refuse("file", got.failed);
  }
  const discard = () => fs.promises.rm(got.partPath, { force: true });
  try {
    const sent = (got.fields.Sha256 ?? String(ctx.req.headers["x-checksum-sha256"] ?? "")).trim().toLowerCase();
    if (sent && !/^[0-9a-f]{64}$/.test(sent)) throw refuse("Sha256", "checksumFormat");
    if (sent && sent !== got.sha256) {
      const t = instrumentTexts.checksumMismatch;
      const fill = (s: string) => s.replace("{got}", got.sha256).replace("{sent}", sent);
      throw new ApiError(Status.badRequest, { zh: fill(t.zh), en: fill(t.en), es: fill(t.es), ja: fill(t.ja) }, { fields: [{ field: "Sha256", key: "checksumMismatch", message: fill(t.zh) }] });
    }
    const sampleCode = (got.fields.SampleId ?? "").trim();
    if ([...sampleCode].length > MAX_SAMPLE_CODE) throw refuse("SampleId", "sampleTooLong");
    let equipmentId = sender.kind === "token" ? sender.equipmentId : null;
    if (sender.kind === "person" && got.fields.EquipmentId) {
      const id = requireId(got.fields.EquipmentId, "EquipmentId");
      const [e] = await app.db.query<{ status: string }>(`select status from equipment where id = $1`, [id]);
      if (!e) throw refuse("EquipmentId", "equipmentUnknown");
      if (e.status === "retired") throw refuse("EquipmentId", "equipmentRetired");
      equipmentId = id;
    }
    const storedName = randomUUID();
    const target = filePath(app, storedName);
    await fs.promises.rename(got.partPath, target);
    try {
      const read = await readStored(app.db, target, got.size, sampleCode);
      const id = await app.db.transaction(async (tx) => {
        const id = await insertFileRow(tx, read, {
          fileName: got.fileName,
          storedName,
          size: got.size,
          sha256: got.sha256,
          equipmentId,
          tokenId: sender.kind === "token" ? sender.tokenId : null,
          uploadedBy: sender.kind === "person" ? sender.actor.id : null,
          uploadedByName: sender.kind === "person" ? sender.actor.name : sender.label,
        });
        if (sender.kind === "token") await tx.query(`update equipment_tokens set last_used_at = now() where id = $1`, [sender.tokenId]);
        else
          await logOperation(tx, sender.actor, {
            action: "instrumentFile.upload",
            targetType: "instrumentFile",
            targetId: id,
            targetName: got.fileName,
            before: null,
            after: { Size: got.size, Sha256: got.sha256, SampleId: read.sampleCode, EquipmentId: equipmentId },
          });
        return id;
      });
      return getFile(app.db, id, ctx.lang);
    } catch (e) {
      await fs.promises.rm(target, { force: true });
      throw e;
    }
  } finally {
    await discard();
  }
}

async function getFile(db: Db, id: string, lang: Lang): Promise<InstrumentFileDetail> {
  const [r] = await db.query<Row>(`select ${COLUMNS}, f.parsed from ${FROM} where f.id = $1`, [id]);
  if (!r) throw new ApiError(Status.notFound, instrumentTexts.notFound);
  return { ...fileOf(r, lang), Parsed: r.parsed ?? null };
}

/** TrialDetection/GetInstrumentFile (`id`): one file with what its parser read. */
export const instrumentFile = (db: Db, query: URLSearchParams, lang: Lang) => getFile(db, requireId(query.get("id"), "id"), lang);

const filters = z.object({
  state: optional(z.enum(["unassigned", "parsed", "failed"])),
  equipment: optional(z.uuid()),
});

/** TrialDetection/GetInstrumentFiles: newest first; keyword in the file's name or sample ID; unassigned, parsed or failed; one instrument's. */
export async function listInstrumentFiles(db: Db, query: URLSearchParams, lang: Lang): Promise<Page<InstrumentFile>> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const w = new Where();
  if (paging.keyword) {
    const k = w.param(containsPattern(paging.keyword));
    w.and(`(f.file_name ilike ${k} escape '\\' or f.sample_code ilike ${k} escape '\\')`);
  }
  if (f.state === "unassigned") w.and(`f.sample_id is null`);
  if (f.state === "parsed" || f.state === "failed") w.and(`f.parse_state = ${w.param(f.state)}`);
  if (f.equipment) w.and(`f.equipment_id = ${w.param(f.equipment)}`);
  const { total, rows } = await pagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: "f.created_at desc, f.id" }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => fileOf(r, lang)) };
}

const assignSchema = z.object({ Id: z.string(), SampleId: z.string().trim().max(MAX_SAMPLE_CODE, "sampleTooLong") });

/** TrialDetection/AssignInstrumentFile (`Id`, `SampleId`): the sample a file belongs to; empty takes it off. */
export async function assignInstrumentFile(db: Db, actor: Actor, body: unknown, lang: Lang): Promise<InstrumentFileDetail> {
  const input = (body ?? {}) as Record<string, unknown>;
  const id = requireId(input.Id, "Id");
  const r = assignSchema.safeParse(input);
  if (!r.success) throw refuse("SampleId", "sampleTooLong");
  const code = r.data.SampleId;
  const sample = code ? await sampleByCode(db, code) : null;
  if (code && !sample) throw refuse("SampleId", "sampleUnknown");
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ file_name: string; sample_code: string }>(`select file_name, sample_code from instrument_files where id = $1 for update`, [id]);
    if (!before) throw new ApiError(Status.notFound, instrumentTexts.notFound);
    await tx.query(`update instrument_files set sample_code = $2, sample_id = $3 where id = $1`, [id, code, sample?.id ?? null]);
    await logOperation(tx, actor, {
      action: "instrumentFile.assign",
      targetType: "instrumentFile",
      targetId: id,
      targetName: before.file_name,
      before: { SampleId: before.sample_code },
      after: { SampleId: code },
    });
  });
  return getFile(db, id, lang);
}

/** TrialDetection/DeleteInstrumentFile (`Id`): the row, then its file (a file left by a crash between is only disk). */
export async function deleteInstrumentFile(app: App, actor: Actor, body: unknown): Promise<null> {
  const id = requireId(((body ?? {}) as Record<string, unknown>).Id, "Id");
  const stored = await app.db.transaction(async (tx) => {
    const [r] = await tx.query<{ file_name: string; stored_name: string; sha256: string; sample_code: string }>(
      `delete from instrument_files where id = $1 returning file_name, stored_name, sha256, sample_code`,
      [id],
    );
    if (!r) throw new ApiError(Status.notFound, instrumentTexts.notFound);
    await logOperation(tx, actor, {
      action: "instrumentFile.delete",
      targetType: "instrumentFile",
      targetId: id,
      targetName: r.file_name,
      before: { Sha256: r.sha256, SampleId: r.sample_code },
      after: null,
    });
    return r.stored_name;
  });
  if (STORED.test(stored)) await fs.promises.rm(filePath(app, stored), { force: true });
  return null;
}

/** TrialDetection/DownloadInstrumentFile (`id`): the file as it arrived, with its SHA-256 to check it against. */
export async function downloadInstrumentFile(app: App, query: URLSearchParams): Promise<Raw> {
  const id = requireId(query.get("id"), "id");
  const [r] = await app.db.query<{ file_name: string; stored_name: string; size: string; sha256: string }>(`select file_name, stored_name, size, sha256 from instrument_files where id = $1`, [id]);
  if (!r) throw new ApiError(Status.notFound, instrumentTexts.notFound);
  const file = STORED.test(r.stored_name) ? filePath(app, r.stored_name) : null;
  const st = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !st) throw new ApiError(Status.notFound, instrumentTexts.fileGone);
  return new Raw(fs.createReadStream(file), {
    "content-type": "application/octet-stream",
    "content-length": String(st.size),
    "content-disposition": contentDisposition(r.file_name, false),
    "x-checksum-sha256": r.sha256,
  });
}

/** TrialDetection/GetInstrumentChoices: the instruments a file may be sent for (every one not retired). */
export async function instrumentChoices(db: Db): Promise<{ Instruments: { Id: string; Label: string }[] }> {
  const rows = await db.query<{ id: string; name: string; model: string; serial: string }>(
    `select id, name, model, serial from equipment where status <> 'retired' order by lower(name), lower(model), serial limit 1000`,
  );
  return { Instruments: rows.map((r) => ({ Id: r.id, Label: instrumentLabel(r) })) };
}

/** Parts of uploads that died with their API, swept at start and hourly. */
export const sweepParts = (app: App) => removeStaleParts(filesDir(app));
