import { EXTERNAL_DATA_RESOURCES } from "../../../common/data-resources.ts";
import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser } from "../../http/router.ts";
import { signLoginStr } from "../login/login-str.ts";
import { dataResourceTexts } from "./texts.ts";

/** The audience of the login strings we make for Matdao (login-str.ts). */
export const MATDAO_AUDIENCE = "matdao";

/**
 * MatdaoSSO/GetRequestMatdaoUrl (`code`, default Matdao_Steel): the address of a Matdao database with a login
 * string for the caller, signed with the secret we share with Matdao (MATDAO_LOGIN_SECRET, the same one its
 * logins to us are checked with, api/modules/login/login-str.ts) with Matdao as its audience, valid five
 * minutes. Our own logins refuse a string with an audience, so it opens nothing here. Only the single-sign-on
 * partners of EXTERNAL_DATA_RESOURCES get one; no other site ever sees anything of ours.
 */
export function requestMatdaoUrl(app: App, user: AuthUser, code: string | null): string {
  const entry = EXTERNAL_DATA_RESOURCES.find((e) => e.code === (code || "Matdao_Steel"));
  if (!entry?.sso) throw new ApiError(Status.badRequest, dataResourceTexts.entryUnknown);
  const secret = app.config.MATDAO_LOGIN_SECRET;
  if (!secret) throw new ApiError(Status.badRequest, dataResourceTexts.ssoNotConfigured);
  const url = new URL(entry.url);
  // Addressed to Matdao: our own MatdaoLogin refuses it, so the string Matdao receives cannot log in here.
  url.searchParams.set("loginStr", signLoginStr(user.name, secret, Date.now(), MATDAO_AUDIENCE));
  return url.toString();
}
