import { useRouteLoaderData } from "@remix-run/react";
import type { ConstantTexts } from "../../common/constants.ts";

/**
 * Every group empty (each text ""): what a component sees when the root loader's data is absent (the root's error page, which
 * shows none of them). The root loader always answers constants (the API's, the last known or the release's
 * defaults, site-constants.server.ts), so the browser need not carry the defaults of four languages: about
 * 3 KiB of gzip JavaScript on every page.
 */
const EMPTY_GROUP: Record<string, string> = new Proxy({}, { get: (_, key) => (typeof key === "string" ? "" : undefined) });
const NO_CONSTANTS: ConstantTexts = new Proxy({}, { get: (_, key) => (typeof key === "string" ? EMPTY_GROUP : undefined) });

/**
 * The platform's constants in the page's language (the root loader's `constants`, from
 * /systemManage/constantManage): `c.GenderArr["9"]`, `c.SiteContact.phone`. Pages show enumeration labels and
 * fixed texts only through this, so an administrator's edit reaches every page.
 */
export function useConstants(): ConstantTexts {
  const root = useRouteLoaderData("root") as { constants?: ConstantTexts } | undefined;
  return root?.constants ?? NO_CONSTANTS;
}
