import { PassThrough } from "node:stream";
import type { Db } from "../../db/index.ts";
import { excelJs } from "../../lazy-libs.ts";
import { parsePaging, parseSort } from "../../db/paged.ts";
import type { Lang } from "../../http/messages.ts";
import { Raw, type AuthUser } from "../../http/router.ts";
import { ROLES } from "../../db/seed.ts";
import { PERSON_COLUMNS, PERSON_FROM, PERSON_SORT, personFilter, personOf, type Row } from "./persons.ts";

/** At most this many people per export (a whole institute); the list's filters narrow it. */
export const EXPORT_MAX_ROWS = 100_000;
const CHUNK = 2_000;

const HEAD: Record<"zh" | "other", string[]> = {
  zh: ["用户名", "姓名", "手机号", "邮箱", "性别", "部门", "企业", "角色", "状态", "最近登录", "创建时间"],
  other: ["User name", "Name", "Mobile", "E-mail", "Gender", "Department", "Organisation", "Roles", "Status", "Last login", "Created"],
};
const GENDER = { zh: { 0: "未知", 1: "男", 9: "女" }, other: { 0: "Unknown", 1: "Male", 9: "Female" } } as const;

/**
 * System/ExportPersons: the list's filtered people (same parameters as GetPersonList, same scope) as an .xlsx
 * workbook, streamed row by row so a hundred thousand people never sit in memory at once. The header row uses
 * the same names as the import template, so an export can be edited and imported elsewhere.
 */
export async function exportPersons(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<Raw> {
  const paging = parsePaging(query, 100);
  const sort = parseSort(query, PERSON_SORT, "realName", "u.id");
  const w = await personFilter(db, user, query, paging.keyword);
  const l = lang === "zh" ? "zh" : "other";
  const roleName = new Map(ROLES.map((r) => [r.code, lang === "zh" ? r.name : r.code]));
  const out = new PassThrough();
  const ExcelJS = await excelJs();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = wb.addWorksheet(lang === "zh" ? "人员" : "People");
  sheet.columns = HEAD[l].map((header, i) => ({ header, width: [16, 14, 14, 24, 8, 20, 20, 24, 8, 18, 18][i], style: i === 2 ? { numFmt: "@" } : {} }));
  // Written after the answer starts: the caller reads the stream while the rows are fetched.
  void (async () => {
    try {
      for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += CHUNK) {
        const rows = await db.query<Row>(`select ${PERSON_COLUMNS} from ${PERSON_FROM} ${w.sql} order by ${sort.sql} limit ${CHUNK} offset ${offset}`, w.params);
        for (const r of rows) {
          const p = personOf(r);
          sheet
            .addRow([
              p.UserName,
              p.RealName,
              p.Mobile ?? "",
              p.Email ?? "",
              GENDER[l][p.Gender as 0 | 1 | 9] ?? "",
              p.DepartmentName ?? "",
              p.EnterpriseName ?? "",
              p.Roles.map((c) => roleName.get(c) ?? c).join(","),
              p.Disabled ? (lang === "zh" ? "已停用" : "Disabled") : lang === "zh" ? "正常" : "Active",
              p.LastLoginAt ? p.LastLoginAt.slice(0, 16).replace("T", " ") : "",
              p.CreatedAt.slice(0, 16).replace("T", " "),
            ])
            .commit();
        }
        if (rows.length < CHUNK) break;
      }
      sheet.commit();
      await wb.commit();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  const stamp = new Date().toISOString().slice(0, 10);
  return new Raw(out, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="people-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(`人员-${stamp}.xlsx`)}`,
    "Cache-Control": "no-store",
  });
}
