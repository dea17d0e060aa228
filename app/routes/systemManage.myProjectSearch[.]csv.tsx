import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { projectsCsv } from "~/lib/projects-csv.server";
import { PROJ_SEARCH_PATH, projSearchQuery } from "~/lib/projects";
import { searchProjects } from "~/lib/projects.server";

/** GET /systemManage/myProjectSearch.csv with the search's filters and sort: every project in the caller's scope that matches. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_SEARCH_PATH);
  const q = projSearchQuery(new URL(args.request.url).searchParams);
  return projectsCsv(args, (page, size) => searchProjects(args, token, { ...q, page }, size));
}
