import type { App } from "../../app.ts";
import type { Router } from "../../http/router.ts";
import { captchaImage, createCaptcha } from "./captcha.ts";
import { matdaoLogin, sgLogin } from "./login-str.ts";
import { logout } from "./logout.ts";
import { passwordLogin } from "./password-login.ts";
import { approveQrTicket, createQrTicket, qrLogin, qrTicketInfo } from "./qr.ts";
import { mobileLogin, requestSmsCode, resetPasswordBySms } from "./sms.ts";
import { verifySsoToken } from "./sso.ts";
import { bindWx, unbindWx, wxBindingOf, wxLogin } from "./wechat.ts";

export { signLoginStr } from "./login-str.ts";

/** The login and session calls of docs/api.md, "Login and session". */
export function register(router: Router, app: App): void {
  const open = { auth: "none" } as const;
  const user = { auth: "user" } as const;

  router.get("Login/getCaptcha", () => createCaptcha(app), open);
  router.get("Login/getCaptchaImg", captchaImage, open);
  router.post("Login/LoginMethod", passwordLogin, open);

  router.get("Login/GetLoginMobileValidateCode", requestSmsCode, open);
  router.post("Login/MobileLoginMethod", mobileLogin, open);
  router.post("Login/ResetPasswordBySms", resetPasswordBySms, open);

  router.get("login/VerifySsoToken", verifySsoToken, open);
  router.get("login/SGLogin", sgLogin, open);
  router.get("Login/MatdaoLogin", matdaoLogin, open);

  router.post("Login/CreateQrTicket", createQrTicket, open);
  router.post("Login/QrLogin", qrLogin, open);
  router.get("Login/GetQrTicketInfo", qrTicketInfo, user);
  router.post("Login/ApproveQrTicket", approveQrTicket, user);

  router.post("Login/Logout", logout, user);

  router.post("Login/WxLogin", wxLogin, open);
  router.get("Login/GetWxBinding", (ctx) => wxBindingOf(ctx, ctx.user!.id), user);
  router.post("Login/BindWx", bindWx, user);
  router.post("Login/UnbindWx", unbindWx, user);
}
