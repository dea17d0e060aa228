import type ExcelJS from "exceljs";
import { checkForm } from "../../../common/forms/check.ts";
import { PERSON_IMPORT_LIMITS } from "../../../common/forms/limits.ts";
import { ADMIN_ROLES, personSchema, type PersonInput } from "../../../common/forms/person.ts";
import { ROLES } from "../../db/seed.ts";
import type { Db } from "../../db/index.ts";
import { excelJs } from "../../lazy-libs.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { texts, tooLargeText, type Lang, type Texts } from "../../http/messages.ts";
import type { AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { adminScope, subtreeSql, type AdminScope } from "./scope.ts";
import { fill, personTexts } from "./texts.ts";

/**
 * Importing people from an Excel workbook (System/ImportPersons, System/ConfirmPersonImport): the file is read
 * and every row checked as the person form checks it, plus what only a whole file can show (a user name twice);
 * the preview names each bad cell with its row, column and reason. Nothing is imported unless every row is
 * good; then the checked rows wait as a batch (in the database, so any API instance can confirm it) until the
 * admin confirms. Imported people have no password: they log in by SMS, or an admin resets one for them.
 */

export const IMPORT_MAX_BYTES = PERSON_IMPORT_LIMITS.maxBytes;
export const IMPORT_MAX_ROWS = PERSON_IMPORT_LIMITS.maxRows;
/** How long a checked batch waits for its confirmation. */
const BATCH_TTL = "1 hour";
/** Rows the preview shows besides every bad one. */
const PREVIEW_ROWS = 100;

/** The template's columns, in order: a header is matched by any of its names, case and spaces ignored. */
export const IMPORT_COLUMNS = [
  { key: "UserName", names: ["用户名", "user name", "username"], required: true },
  { key: "RealName", names: ["姓名", "name", "real name"], required: true },
  { key: "Mobile", names: ["手机号", "mobile"] },
  { key: "Email", names: ["邮箱", "email", "e-mail"] },
  { key: "IdCard", names: ["身份证号", "id card"] },
  { key: "Gender", names: ["性别", "gender"] },
  { key: "Department", names: ["部门", "department"] },
  { key: "Enterprise", names: ["企业", "organisation", "organization", "enterprise"] },
  { key: "Roles", names: ["角色", "roles"], required: true },
] as const;
type ColumnKey = (typeof IMPORT_COLUMNS)[number]["key"];

const importTexts = {
  notExcel: texts("不是有效的 Excel 文件（.xlsx）", "This is not an Excel workbook (.xlsx)", "No es un libro de Excel (.xlsx)", "Excel ブック（.xlsx）ではありません"),
  noFile: texts("请选择要导入的 Excel 文件", "Choose the Excel file to import", "Elija el archivo de Excel que importar", "取り込む Excel ファイルを選択してください"),
  noRows: texts("文件中没有人员数据", "The file holds no people", "El archivo no contiene personas", "ファイルに人員データがありません"),
  tooManyRows: texts(`一次最多导入 ${IMPORT_MAX_ROWS} 人`, `At most ${IMPORT_MAX_ROWS} people per file`, `Como máximo ${IMPORT_MAX_ROWS} personas por archivo`, `1 回に取り込めるのは ${IMPORT_MAX_ROWS} 人までです`),
  missingColumn: texts("缺少列“{column}”（请使用导入模板）", "The column “{column}” is missing (use the template)", "Falta la columna «{column}» (use la plantilla)", "列「{column}」がありません（テンプレートを使ってください）"),
  duplicateInFile: texts("与第 {row} 行重复", "Same as row {row}", "Igual que la fila {row}", "{row} 行目と重複しています"),
  unknownDepartment: texts("部门“{value}”不存在", "No department “{value}”", "No existe el departamento «{value}»", "部署「{value}」がありません"),
  ambiguousDepartment: texts("有多个名为“{value}”的部门，请写完整路径（如 钢铁研究总院/检测中心）", "Several departments are called “{value}”: write its path (e.g. Institute/Testing centre)", "Hay varios departamentos llamados «{value}»: escriba su ruta", "「{value}」という部署が複数あります。パスで書いてください"),
  unknownEnterprise: texts("企业“{value}”不存在", "No organisation “{value}”", "No existe la organización «{value}»", "組織「{value}」がありません"),
  unknownRole: texts("角色“{value}”不存在", "No role “{value}”", "No existe el rol «{value}»", "ロール「{value}」がありません"),
  unknownGender: texts("性别应为 男、女 或 未知", "Gender must be 男 (male), 女 (female) or 未知 (unknown)", "El género debe ser 男, 女 o 未知", "性別は 男・女・未知 のいずれかです"),
  batchGone: texts("该导入已确认过或已过期，请重新上传文件", "This import was already confirmed or has expired; upload the file again", "Esta importación ya se confirmó o caducó; suba el archivo de nuevo", "この取り込みは確定済みか期限切れです。ファイルをもう一度アップロードしてください"),
  changedMeanwhile: texts("预览之后数据已变化：{detail}。请重新上传文件", "Something changed since the preview: {detail}. Upload the file again", "Algo cambió desde la vista previa: {detail}. Suba el archivo de nuevo", "プレビュー後にデータが変わりました：{detail}。もう一度アップロードしてください"),
} satisfies Record<string, Texts>;

export const personImportTooLarge = tooLargeText(IMPORT_MAX_BYTES);

export interface ImportCellError {
  Column: string;
  Message: string;
}
export interface ImportRow {
  /** The row's number in the sheet (the header is row 1). */
  Row: number;
  Values: Record<ColumnKey, string>;
  Errors: ImportCellError[];
}
export interface ImportPreview {
  FileName: string;
  Total: number;
  Bad: number;
  /** The first rows and every bad one, in sheet order. */
  Rows: ImportRow[];
  /** Set only when every row is good: what System/ConfirmPersonImport takes. */
  Batch: string | null;
}

/** A checked row ready to insert. */
interface Ready {
  row: number;
  input: PersonInput;
  departmentName: string | null;
  enterpriseName: string | null;
}

/** A cell as the text a person sees in Excel (numbers as typed, rich text joined, formulas by their result). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v == null) return "";
  if (typeof v === "object" && "result" in v) return String(v.result ?? "").trim();
  return (cell.text ?? "").trim();
}

async function readSheet(data: Buffer, lang: Lang): Promise<ImportRow[]> {
  const wb = new (await excelJs()).Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(Status.badRequest, importTexts.notExcel);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new ApiError(Status.badRequest, importTexts.noRows);
  const norm = (s: string) => s.replace(/[\s*＊]/g, "").toLowerCase();
  const header = new Map<ColumnKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = norm(cellText(cell));
    const c = IMPORT_COLUMNS.find((x) => x.names.some((n) => norm(n) === name));
    if (c && !header.has(c.key)) header.set(c.key, col);
  });
  const missing = IMPORT_COLUMNS.find((c) => "required" in c && !header.has(c.key));
  if (missing) throw new ApiError(Status.badRequest, fill(importTexts.missingColumn, { column: missing.names[lang === "zh" ? 0 : 1] }));
  const rows: ImportRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, header.has(c.key) ? cellText(row.getCell(header.get(c.key)!)) : ""])) as Record<ColumnKey, string>;
    if (Object.values(values).every((v) => v === "")) return;
    rows.push({ Row: n, Values: values, Errors: [] });
  });
  if (rows.length === 0) throw new ApiError(Status.badRequest, importTexts.noRows);
  if (rows.length > IMPORT_MAX_ROWS) throw new ApiError(Status.badRequest, importTexts.tooManyRows);
  return rows;
}

/** What the rows' names resolve against: the departments and enterprises in the admin's scope, and the roles. */
async function lookups(db: Db, scope: AdminScope) {
  const depts = await db.query<{ id: string; name: string; path: string }>(
    `with recursive t(id, name, path) as (
       select id, name, name from departments where parent_id is null
       union all select d.id, d.name, t.path || '/' || d.name from departments d join t on d.parent_id = t.id)
     select id, name, path from t ${scope.kind === "department" ? `where id in (${subtreeSql("$1")})` : scope.kind === "enterprise" ? "where false" : ""}`,
    scope.kind === "department" ? [scope.rootId] : [],
  );
  const byPath = new Map(depts.map((d) => [d.path.toLowerCase(), d]));
  const byName = new Map<string, typeof depts>();
  for (const d of depts) byName.set(d.name.toLowerCase(), [...(byName.get(d.name.toLowerCase()) ?? []), d]);
  const ents = await db.query<{ id: string; name: string }>(
    scope.kind === "all" ? `select id, name from enterprises` : `select id, name from enterprises where id = $1`,
    scope.kind === "all" ? [] : [scope.kind === "enterprise" ? scope.enterpriseId : null],
  );
  const entByName = new Map(ents.map((e) => [e.name.toLowerCase(), e]));
  const roleByName = new Map<string, string>();
  for (const r of ROLES) {
    roleByName.set(r.code.toLowerCase(), r.code);
    roleByName.set(r.name.toLowerCase(), r.code);
  }
  return { byPath, byName, entByName, roleByName };
}

const GENDER: Record<string, number> = { "": 0, 未知: 0, 0: 0, 男: 1, 1: 1, 女: 9, 9: 9, unknown: 0, male: 1, female: 9 };

/** Checks every row; the good ones come back ready to insert. Nothing is written. */
async function checkRows(db: Db, user: AuthUser, rows: ImportRow[], lang: Lang): Promise<Ready[]> {
  const scope = await adminScope(db, user);
  const { byPath, byName, entByName, roleByName } = await lookups(db, scope);
  const say = (t: Texts, vars: Record<string, string | number> = {}) => fill(t, vars)[lang];
  const label = (key: string) => IMPORT_COLUMNS.find((c) => c.key === key)?.names[lang === "zh" ? 0 : 1] ?? key;
  const firstSeen = { UserName: new Map<string, number>(), Mobile: new Map<string, number>() };
  const ready: Ready[] = [];
  for (const r of rows) {
    const v = r.Values;
    const err = (column: string, message: string) => r.Errors.push({ Column: label(column), Message: message });
    let departmentId: string | undefined;
    let departmentName: string | null = null;
    if (v.Department) {
      const hit = byPath.get(v.Department.toLowerCase().replace(/\s*\/\s*/g, "/")) ?? (byName.get(v.Department.toLowerCase())?.length === 1 ? byName.get(v.Department.toLowerCase())![0] : undefined);
      if (hit) [departmentId, departmentName] = [hit.id, hit.name];
      else if ((byName.get(v.Department.toLowerCase())?.length ?? 0) > 1) err("Department", say(importTexts.ambiguousDepartment, { value: v.Department }));
      else err("Department", say(importTexts.unknownDepartment, { value: v.Department }));
    } else if (scope.kind === "department") err("Department", personTexts.outOfScope[lang]);
    let enterpriseId: string | undefined;
    let enterpriseName: string | null = null;
    if (scope.kind === "enterprise") {
      const own = [...entByName.values()][0];
      if (own) [enterpriseId, enterpriseName] = [own.id, own.name];
    } else if (v.Enterprise && scope.kind === "department") {
      // A department admin's people belong to their departments, never to an outside organisation.
      err("Enterprise", personTexts.outOfScope[lang]);
    } else if (v.Enterprise) {
      const hit = entByName.get(v.Enterprise.toLowerCase());
      if (hit) [enterpriseId, enterpriseName] = [hit.id, hit.name];
      else err("Enterprise", say(importTexts.unknownEnterprise, { value: v.Enterprise }));
    }
    const roleNames = v.Roles.split(/[,，、;；\s]+/).filter(Boolean);
    const roles = roleNames.map((n) => roleByName.get(n.toLowerCase()));
    roleNames.forEach((n, i) => roles[i] === undefined && err("Roles", say(importTexts.unknownRole, { value: n })));
    if (scope.kind !== "all" && roles.some((c) => c && ADMIN_ROLES.includes(c as never))) err("Roles", personTexts.rolesForbidden[lang]);
    const gender = GENDER[v.Gender.toLowerCase()];
    if (gender === undefined) err("Gender", say(importTexts.unknownGender));
    const checked = checkForm(personSchema, {
      UserName: v.UserName,
      RealName: v.RealName,
      Mobile: v.Mobile,
      Email: v.Email,
      IdCard: v.IdCard,
      Gender: gender ?? 0,
      DepartmentId: departmentId,
      EnterpriseId: enterpriseId,
      Roles: roles.filter((c): c is string => Boolean(c)),
    });
    if (!checked.ok) {
      for (const [field, key] of Object.entries(checked.errors)) {
        if (field === "Roles" && roleNames.length && roles.some((c) => !c)) continue;
        err(field, (personTexts[key as keyof typeof personTexts] ?? personTexts.invalid)[lang]);
      }
    }
    for (const field of ["UserName", "Mobile"] as const) {
      const key = field === "UserName" ? v.UserName.toLowerCase() : v.Mobile;
      if (!key) continue;
      const seen = firstSeen[field].get(key);
      if (seen) err(field, say(importTexts.duplicateInFile, { row: seen }));
      else firstSeen[field].set(key, r.Row);
    }
    if (checked.ok && r.Errors.length === 0) ready.push({ row: r.Row, input: checked.data, departmentName, enterpriseName });
  }
  // Who already exists, in one query per column for the whole file.
  const taken = await existing(db, rows);
  for (const r of rows) {
    if (taken.names.has(r.Values.UserName.toLowerCase())) r.Errors.push({ Column: label("UserName"), Message: say(personTexts.userNameTaken, { value: r.Values.UserName }) });
    if (r.Values.Mobile && taken.mobiles.has(r.Values.Mobile)) r.Errors.push({ Column: label("Mobile"), Message: say(personTexts.mobileTaken, { value: r.Values.Mobile }) });
  }
  const bad = new Set(rows.filter((r) => r.Errors.length).map((r) => r.Row));
  return ready.filter((x) => !bad.has(x.row));
}

async function existing(db: Db, rows: ImportRow[]): Promise<{ names: Set<string>; mobiles: Set<string> }> {
  const names = await db.query<{ n: string }>(`select lower(name) as n from users where lower(name) = any($1::text[])`, [rows.map((r) => r.Values.UserName.toLowerCase())]);
  const mobiles = await db.query<{ m: string }>(`select mobile as m from users where mobile = any($1::text[])`, [rows.map((r) => r.Values.Mobile).filter(Boolean)]);
  return { names: new Set(names.map((x) => x.n)), mobiles: new Set(mobiles.map((x) => x.m)) };
}

/**
 * System/ImportPersons (multipart `file`): reads and checks the workbook, answers the preview; when every row
 * is good it also keeps the batch for the confirmation. Nothing is imported here.
 */
export async function previewImport(db: Db, user: AuthUser, file: { filename: string; data: Buffer; truncated: boolean } | null, lang: Lang): Promise<ImportPreview> {
  if (!file || file.data.length === 0) throw new ApiError(Status.badRequest, importTexts.noFile);
  if (file.truncated) throw new ApiError(Status.tooLarge, personImportTooLarge);
  const rows = await readSheet(file.data, lang);
  const ready = await checkRows(db, user, rows, lang);
  const bad = rows.filter((r) => r.Errors.length);
  let batch: string | null = null;
  if (bad.length === 0) {
    await db.query(`delete from person_import_batches where created_at < now() - $1::interval`, [BATCH_TTL]);
    const [b] = await db.query<{ id: string }>(`insert into person_import_batches(user_id, file_name, rows) values ($1, $2, $3::jsonb) returning id`, [
      user.id,
      file.filename.slice(0, 200),
      JSON.stringify(ready),
    ]);
    batch = b.id;
  }
  const shown = rows.filter((r, i) => i < PREVIEW_ROWS || r.Errors.length);
  return { FileName: file.filename, Total: rows.length, Bad: bad.length, Rows: shown, Batch: batch };
}

/**
 * System/ConfirmPersonImport {Batch}: inserts a checked batch of the caller's in one transaction, with an
 * operation-log row per person. Rechecks uniqueness (someone may have added a person since the preview):
 * any clash imports nothing and says which.
 */
export async function confirmImport(db: Db, user: AuthUser, actor: Actor, batchId: string, lang: Lang): Promise<{ Imported: number }> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.query<{ rows: Ready[] }>(
      `delete from person_import_batches where id = $1 and user_id = $2 and created_at > now() - $3::interval returning rows`,
      [batchId, user.id, BATCH_TTL],
    );
    if (!batch) throw new ApiError(Status.conflict, importTexts.batchGone);
    const ready = batch.rows;
    const taken = await existing(
      tx,
      ready.map((r) => ({ Row: r.row, Values: { UserName: r.input.UserName, Mobile: r.input.Mobile ?? "" } as Record<ColumnKey, string>, Errors: [] })),
    );
    const clash = ready.find((r) => taken.names.has(r.input.UserName.toLowerCase()) || (r.input.Mobile && taken.mobiles.has(r.input.Mobile)));
    if (clash) throw new ApiError(Status.conflict, fill(importTexts.changedMeanwhile, { detail: fill(personTexts.userNameTaken, { value: clash.input.UserName })[lang] }));
    // Many rows per statement: 5,000 people in a few round trips, not 15,000.
    for (let i = 0; i < ready.length; i += 500) {
      const chunk = ready.slice(i, i + 500);
      const ids = await tx.query<{ id: string; name: string }>(
        `insert into users(name, real_name, mobile, email, id_card, gender, department_id, enterprise_id, password_hash, update_pwd)
         select x.name, x.real_name, x.mobile, x.email, x.id_card, x.gender, x.department_id, x.enterprise_id, '!', false
           from jsonb_to_recordset($1::jsonb) as x(name text, real_name text, mobile text, email text, id_card text, gender smallint, department_id uuid, enterprise_id uuid)
         returning id, name`,
        [
          JSON.stringify(
            chunk.map((r) => ({
              name: r.input.UserName,
              real_name: r.input.RealName,
              mobile: r.input.Mobile ?? null,
              email: r.input.Email ?? null,
              id_card: r.input.IdCard ?? null,
              gender: r.input.Gender,
              department_id: r.input.DepartmentId ?? null,
              enterprise_id: r.input.EnterpriseId ?? null,
            })),
          ),
        ],
      );
      const idOf = new Map(ids.map((x) => [x.name, x.id]));
      const grants = chunk.flatMap((r) => r.input.Roles.map((role) => ({ user_id: idOf.get(r.input.UserName), role_code: role })));
      await tx.query(`insert into user_roles(user_id, role_code) select x.user_id, x.role_code from jsonb_to_recordset($1::jsonb) as x(user_id uuid, role_code text)`, [JSON.stringify(grants)]);
      await tx.query(
        `insert into operation_log(user_id, user_name, ip, action, target_type, target_id, target_name, after)
         select $1, $2, $3, 'person.import', 'person', x.id, x.target_name, x.after
           from jsonb_to_recordset($4::jsonb) as x(id text, target_name text, after jsonb)`,
        [
          actor.id,
          actor.name,
          actor.ip,
          JSON.stringify(
            chunk.map((r) => ({
              id: idOf.get(r.input.UserName),
              target_name: `${r.input.RealName} (${r.input.UserName})`,
              after: { UserName: r.input.UserName, RealName: r.input.RealName, Mobile: r.input.Mobile ?? null, Department: r.departmentName, Enterprise: r.enterpriseName, Roles: r.input.Roles },
            })),
          ),
        ],
      );
    }
    return { Imported: ready.length };
  });
}

/** The import template: the columns with a note on each, ID card and mobile columns as text (long numbers keep their digits). */
export async function importTemplate(lang: Lang): Promise<Buffer> {
  const wb = new (await excelJs()).Workbook();
  const sheet = wb.addWorksheet(lang === "zh" ? "人员" : "People");
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: `${c.names[lang === "zh" ? 0 : 1]}${"required" in c ? "*" : ""}`, key: c.key, width: c.key === "IdCard" ? 22 : 16, style: { numFmt: "@" } }));
  sheet.getRow(1).font = { bold: true };
  const help = wb.addWorksheet(lang === "zh" ? "说明" : "Help");
  help.columns = [{ width: 18 }, { width: 80 }];
  const roles = ROLES.map((r) => `${r.name} (${r.code})`).join("、");
  help.addRows([
    [lang === "zh" ? "列" : "Column", lang === "zh" ? "怎么填" : "How to fill it"],
    ["用户名* / User name*", "登录名：字母、数字和 . _ - @ / letters, digits and . _ - @"],
    ["姓名* / Name*", "最多 50 字 / at most 50 characters"],
    ["手机号 / Mobile", "11 位，1 开头 / 11 digits starting with 1"],
    ["性别 / Gender", "男、女 或 未知 / 男 (male), 女 (female), 未知 (unknown)"],
    ["部门 / Department", "部门名称，重名时写完整路径，如 钢铁研究总院/检测中心 / the name, or its path when names repeat"],
    ["企业 / Organisation", "企业名称 / the organisation's name"],
    ["角色* / Roles*", `用逗号分隔 / separated by commas: ${roles}`],
    ["", "导入的人员没有密码：可用手机短信登录，或由管理员重置密码 / imported people have no password: they log in by SMS, or an admin resets one"],
  ]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

