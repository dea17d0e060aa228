import type { MetaFunction } from "@remix-run/node";

/**
 * Section 8: the page title is the route title plus the platform name. Page loaders return a translated
 * `title`; the platform name comes from the root loader.
 */
export const pageMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { platformName?: string } | undefined;
  const name = root?.platformName ?? "Ferrum";
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} - ${name}` : name }];
};
