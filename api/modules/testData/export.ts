import { PassThrough } from "node:stream";
import { QUANTITY_KEYS, unitOf, type TestRecord } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { excelJs } from "../../lazy-libs.ts";
import type { Lang } from "../../http/messages.ts";
import { Raw, type AuthUser } from "../../http/router.ts";
import { csvText } from "../../../common/csv.ts";
import { recordIndexOf } from "./record-index.ts";
import { recordQuery, recordsByIds, type RecordAudience } from "./records.ts";

/** At most this many records per export; the table's filters narrow it. */
export const EXPORT_MAX_ROWS = 200_000;
const CHUNK = 2_000;

const HEAD: Record<"zh" | "en", Record<string, string>> = {
  zh: { code: "编号", grade: "牌号", heatNo: "炉号", condition: "状态", testedAt: "检测日期", source: "来源", order: "委托单", owner: "所属人" },
  en: { code: "Code", grade: "Grade", heatNo: "Heat no.", condition: "Condition", testedAt: "Tested", source: "Source", order: "Order", owner: "Owner" },
};
const SOURCE: Record<"zh" | "en", Record<string, string>> = {
  zh: { lab: "实验室", instrument: "仪器文件", upload: "离线上传", mobile: "移动端" },
  en: { lab: "Laboratory", instrument: "Instrument file", upload: "Offline upload", mobile: "Phone" },
};

/** The columns asked for (`cols`, comma-separated quantity keys), in the catalogue's order; all when none. */
export function columnsOf(query: URLSearchParams): string[] {
  const asked = new Set((query.get("cols") ?? "").split(",").map((s) => s.trim()).filter(Boolean));
  const cols = QUANTITY_KEYS.filter((k) => asked.has(k));
  return cols.length ? cols : [...QUANTITY_KEYS];
}

/**
 * TrialDetection/ExportTestRecords (`format` csv or xlsx): the table's records as filtered and sorted there (all
 * pages), with the columns the reader chose, streamed in chunks so 200,000 rows never sit in memory at once.
 * CSV as every export writes it (common/csv.ts: a BOM, and an apostrophe before text that starts like a formula).
 */
export async function exportRecords(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang, audience: RecordAudience): Promise<Raw> {
  const q = await recordQuery(db, user, new URLSearchParams([...query].filter(([k]) => k !== "page" && k !== "pageSize")), audience);
  const format = query.get("format") === "xlsx" ? "xlsx" : "csv";
  const l = lang === "zh" ? "zh" : "en";
  const cols = columnsOf(query);
  const head = [...Object.values(HEAD[l]), ...cols.map((k) => (unitOf(k) ? `${k} (${unitOf(k)})` : k))];
  const cells = (r: TestRecord): (string | number)[] => [
    r.Code,
    r.Grade,
    r.HeatNo,
    r.Condition,
    r.TestedAt.slice(0, 10),
    SOURCE[l][r.Source],
    r.OrderCode ?? "",
    r.OwnerName,
    ...cols.map((k) => r.Values[k] ?? ""),
  ];
  const out = new PassThrough();
  const stamp = new Date().toISOString().slice(0, 10);
  const each = async (write: (r: TestRecord) => void) => {
    for (let page = 1; page <= EXPORT_MAX_ROWS / CHUNK; page++) {
      const { ids } = await recordIndexOf(db).query({ ...q, page, size: CHUNK });
      (await recordsByIds(db, ids)).forEach(write);
      if (ids.length < CHUNK) break;
    }
  };
  if (format === "xlsx") {
    const ExcelJS = await excelJs();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = wb.addWorksheet(l === "zh" ? "检测数据" : "Test records");
    sheet.columns = head.map((header, i) => ({ header, width: i < 8 ? 16 : 11 }));
    void (async () => {
      try {
        await each((r) => sheet.addRow(cells(r)).commit());
        sheet.commit();
        await wb.commit();
      } catch (e) {
        out.destroy(e as Error);
      }
    })();
    return new Raw(out, {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="test-records-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(`检测数据-${stamp}.xlsx`)}`,
      "Cache-Control": "no-store",
    });
  }
  void (async () => {
    try {
      out.write("\uFEFF" + csvText([head]));
      await each((r) => out.write(csvText([cells(r)])));
      out.end();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return new Raw(out, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="test-records-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent(`检测数据-${stamp}.csv`)}`,
    "Cache-Control": "no-store",
  });
}
