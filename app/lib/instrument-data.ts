import { DEFAULT_INSTRUMENT_FILE_MAX_BYTES, type EquipmentToken, type InstrumentFile, type InstrumentFileDetail, type InstrumentParse } from "../../common/instrument-data.ts";
import { ELEMENTS } from "../../common/test-records.ts";
import { listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

export { DEFAULT_INSTRUMENT_FILE_MAX_BYTES, type EquipmentToken, type InstrumentFile, type InstrumentFileDetail, type InstrumentParse };

/** The instrument data pages (docs/instrument-data.md). */
export const INSTRUMENT_FILES_PATH = "/dataUpdate/myInstrumentData";
export const CLOUD_EQUIPMENT_PATH = "/testDetection/newCloudEquip";
/** The resource route that streams a file to the API (POST) and back (GET `?id=`). */
export const INSTRUMENT_FILE_PATH = "/dataUpdate/instrumentFile";
export const INSTRUMENT_PAGE_SIZE = 20;
/** The API call an instrument sends its files to, with its token; the newCloudEquip page shows it. */
export const EQUIPMENT_UPLOAD_CALL = "/api/TrialDetection/UploadEquipmentData";

/** The files' list: by keyword (file name, sample ID) and state. */
export const INSTRUMENT_LIST = {
  sorts: ["createdAt"],
  defaultSort: "-createdAt",
  filters: { state: ["all", "unassigned", "parsed", "failed"] },
} as const satisfies ListSpec<{ state: readonly string[] }>;
export type InstrumentQuery = ListQuery<typeof INSTRUMENT_LIST.filters>;
export const instrumentQuery = (search: URLSearchParams): InstrumentQuery => listQuery(search, INSTRUMENT_LIST);
export const instrumentListHref = (q: InstrumentQuery, change: Record<string, string | number | null> = {}) => listLink(INSTRUMENT_FILES_PATH, INSTRUMENT_LIST, q, change);
export const instrumentFileHref = (id: string) => `${INSTRUMENT_FILES_PATH}?id=${id}`;
export const instrumentDownloadHref = (id: string) => `${INSTRUMENT_FILE_PATH}?id=${id}`;

/** What a parse found, in one line for the list: "C 0.42 · Mn 0.7 · Cr 1.02 …" or "Rm 620 MPa · Rp0.2 450 MPa · A 24.8 %". */
export function parseSummary(f: Pick<InstrumentFile, "Parser" | "Values">, max = 5): string {
  const v = f.Values ?? {};
  if (f.Parser === "tensile")
    return ["Rm", "Rp0.2", "A"]
      .filter((k) => k in v)
      .map((k) => `${k} ${v[k]}${k === "A" ? " %" : " MPa"}`)
      .join(" · ");
  // In the analysis's usual order (C, Si, Mn, P, S, Cr…): the stored values come back in the database's order.
  const keys = ELEMENTS.filter((e) => e in v);
  return (
    keys
      .slice(0, max)
      .map((k) => `${k} ${v[k]}`)
      .join(" · ") + (keys.length > max ? " …" : "")
  );
}
