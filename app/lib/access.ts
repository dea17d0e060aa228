import type { MenuItem } from "./user.ts";

/**
 * Pages any logged-in user may open whatever their resource list says: the landing page, their profile,
 * and the session pages. Everything else must be in the resource list or the compute menu (section 5).
 */
export const PUBLIC_WHITELIST = [
  "/",
  "/computedynamicroute/index",
  "/myinfo/index",
  "/myinfo/bindwxresult",
  "/loginsuccess",
  "/loginout",
  "/404",
  "/401",
  "/dashboard",
  // Any signed-in user may send feedback and read their own (section 2's floating panel).
  "/feedback",
  // The task page: any signed-in user; the API answers only the task's owner (and task admins).
  "/steelresearchcompute/computetasksource",
  // The compute forms: any signed-in user may submit to any app (the API checks the app and the per-user limits).
  "/steelresearchcompute/cloudcompute",
  "/steelresearchcompute/instructionmodecompute",
  // The spec's resource-allocation step: a redirect to the graphical form's resources section.
  "/steelresearchcompute/resourceallocation",
];

export const normalisePath = (p: string) => {
  const s = p.split(/[?#]/)[0].replace(/\/+$/, "").toLowerCase();
  return s === "" ? "/" : s;
};

/** Every Url in the resource tree, shown or hidden, lowercased. */
export function resourcePaths(resList: MenuItem[]): Set<string> {
  const out = new Set<string>();
  const walk = (items: MenuItem[]) => {
    for (const m of items) {
      if (m.Url && m.Url.startsWith("/")) out.add(normalisePath(m.Url));
      walk(m.ChildMenuList ?? []);
      walk(m.HideChildMenuList ?? []);
    }
  };
  walk(resList);
  return out;
}

/** The dynamic compute routes of the categories the API lists: /steelResearchCompute/<category>. */
export const computePaths = (categories: string[]) => categories.map((c) => normalisePath(`/steelResearchCompute/${c}`));

export function isPathAllowed(path: string, resList: MenuItem[], categories: string[] = []): boolean {
  const p = normalisePath(path);
  if (PUBLIC_WHITELIST.includes(p)) return true;
  if (resourcePaths(resList).has(p)) return true;
  return computePaths(categories).includes(p);
}
