import type { LoaderFunctionArgs } from "@remix-run/node";
import { RECORDS_SEARCH_PATH } from "~/lib/test-data";
import { recordExportResponse } from "~/lib/test-data.server";

/** GET /systemManage/myTestDataTableSearch.csv: the records across people as filtered there, in the administrator's scope. */
export const loader = (args: LoaderFunctionArgs) => recordExportResponse(args, RECORDS_SEARCH_PATH, "csv", true);
