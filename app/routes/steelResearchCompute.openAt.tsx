import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { isTaskId, taskHref } from "~/lib/compute-task";
import { getTask } from "~/lib/compute-task.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * GET /steelResearchCompute/openAt?id=<task>&image=<key>&x=&y=: a point of a task's plot (a click on a phase
 * diagram, or the plain form under it) → the graphical form the plot links to, its fields set from the point
 * ({x} and {y} in the app's field templates). A point off the plot goes back to the task with a message.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const id = q.get("id");
  const t = await getT(args.request, "computeTask");
  if (!isTaskId(id)) throw new Response(t("errors.notFound", { ns: "common" }), { status: 404 });
  const task = await forPage(args, () => getTask(args, token, id));
  const axes = task.result?.images.find((i) => i.key === q.get("image"))?.axes;
  if (!axes?.open) throw new Response(t("errors.notFound", { ns: "common" }), { status: 404 });
  const [xs, ys] = [(q.get("x") ?? "").trim(), (q.get("y") ?? "").trim()];
  const x = Number(xs);
  const y = Number(ys);
  const inside = (v: number, r: { min: number; max: number }) => v >= Math.min(r.min, r.max) && v <= Math.max(r.min, r.max);
  if (!NUMBER.test(xs) || !NUMBER.test(ys) || !inside(x, axes.x) || !inside(y, axes.y)) {
    const text = t("result.pointOutside", { x: axes.x.label, y: axes.y.label, xmin: axes.x.min, xmax: axes.x.max, ymin: axes.y.min, ymax: axes.y.max });
    throw redirect(taskHref(id), { headers: { "Set-Cookie": await flashToast(args.request, { kind: "warning", text }) } });
  }
  const form = new URLSearchParams({ app: axes.open.appId });
  for (const [name, template] of Object.entries(axes.open.fields)) form.set(name, template.replaceAll("{x}", String(x)).replaceAll("{y}", String(y)));
  throw redirect(`/steelResearchCompute/cloudCompute?${form}`);
}
