import type { LoaderFunctionArgs } from "@remix-run/node";
import { RECORDS_PATH } from "~/lib/test-data";
import { recordExportResponse } from "~/lib/test-data.server";

/** GET /testDetection/myTestData/myTestDataTable.xlsx: the records table as filtered there (all pages, the chosen columns). */
export const loader = (args: LoaderFunctionArgs) => recordExportResponse(args, RECORDS_PATH, "xlsx", false);
