import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";

/**
 * /steelResearchCompute/resourceAllocation?app=<appId>: the spec's resource-allocation step (a hidden menu
 * entry). Cores, walltime and the core-hour estimate live on the submit form itself, so this leads to the
 * graphical form's resources section (which sends instruction-only apps on to their form); without an app, to
 * the compute landing page.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  const app = new URL(args.request.url).searchParams.get("app");
  if (!app) throw redirect("/computeDynamicRoute/index");
  throw redirect(`/steelResearchCompute/cloudCompute?app=${encodeURIComponent(app)}#resources`);
}

/** Never drawn: the loader always redirects (a component keeps this a page route for client-side links). */
export default function ResourceAllocation() {
  return null;
}
