/** The task lists (/myAllTask/index, /TaskManagement/ComputeTask): their query, shared by server and page. */
import { listHref } from "./notices";

export const TASK_LIST_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];
export const TASK_PAGE_SIZE = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTaskListId = (v: unknown): v is string => typeof v === "string" && UUID.test(v);
const DAY = /^\d{4}-\d\d-\d\d$/;
const NAME = /^[A-Za-z0-9_-]{1,100}$/;

export interface TaskListQuery {
  page: number;
  category: string;
  app: string;
  status: string;
  from: string;
  to: string;
  /** Admin list only: account or real name contains. */
  user: string;
  /** The administrators' search only: a department (and its descendants). */
  department: string;
}

/** The filters from the address; anything malformed is dropped rather than refused. */
export function taskListQuery(q: URLSearchParams): TaskListQuery {
  const page = Number(q.get("page"));
  const day = (k: string) => (DAY.test(q.get(k) ?? "") ? q.get(k)! : "");
  const name = (k: string) => (NAME.test(q.get(k) ?? "") ? q.get(k)! : "");
  const status = q.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    category: name("category"),
    app: name("app"),
    status: (TASK_LIST_STATUSES as readonly string[]).includes(status) ? status : "",
    from: day("from"),
    to: day("to"),
    user: (q.get("user") ?? "").trim().slice(0, 100),
    department: isTaskListId(q.get("department")) ? q.get("department")!.toLowerCase() : "",
  };
}

export const taskListHref = (path: string, q: TaskListQuery, change: Partial<TaskListQuery> = {}) => listHref(path, { ...q, ...change }, { page: 1 });

export const taskPageHref = (id: string) => `/steelResearchCompute/computeTaskSource?id=${encodeURIComponent(id)}`;
export const taskCloneHref = (appId: string, id: string) => `/steelResearchCompute/cloudCompute?app=${encodeURIComponent(appId)}&from=${encodeURIComponent(id)}`;
export const canCancel = (status: string) => status === "queued" || status === "running";
export const canDelete = (status: string) => status === "succeeded" || status === "failed" || status === "cancelled";
