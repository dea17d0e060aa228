import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONSTANT_DEFAULTS, constantsIn, type ConstantTexts } from "../../common/constants.ts";

/**
 * The platform's constants in the page's language (the root loader's `constants`, from
 * /systemManage/constantManage): `c.GenderArr["9"]`, `c.SiteContact.phone`. Pages show enumeration labels and
 * fixed texts only through this, so an administrator's edit reaches every page.
 */
export function useConstants(): ConstantTexts {
  const root = useRouteLoaderData("root") as { constants?: ConstantTexts } | undefined;
  const { i18n } = useTranslation();
  return root?.constants ?? constantsIn(CONSTANT_DEFAULTS, i18n.language);
}
