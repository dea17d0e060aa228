import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { projectsCsv } from "~/lib/projects-csv.server";
import { PROJ_LIST_PATH, projQuery } from "~/lib/projects";
import { listProjects } from "~/lib/projects.server";

/** GET /myProject/myProjectList.csv with the list's level, filters and sort: every matching project of mine. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_LIST_PATH);
  const { q } = projQuery(new URL(args.request.url).searchParams);
  return projectsCsv(args, (page, size) => listProjects(args, token, { ...q, page }, size));
}
