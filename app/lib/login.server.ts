import { data, redirect } from "@remix-run/node";
import QRCode from "qrcode";
import { z } from "zod";
import { desDecrypt, desEncrypt } from "../../common/des.ts";
import { commitLogin, localLogout, readAuth, TOKEN_LIFETIME_MS } from "./auth.server.ts";
import { wxConfigured } from "./wechat.server.ts";
import { cookieOpts, flashToast, qrCookie, rememberCookie, smsCookie } from "./cookies.server.ts";
import { env } from "./env.server.ts";
import {
  checkMobileLogin,
  checkPasswordLogin,
  checkReset,
  checkSmsPhone,
  formValues,
  smsSecondsLeft,
  type FieldErrors,
} from "./forms.ts";
import { getT } from "./i18n.server.ts";
import { parseMode, type LoginActionData, type LoginMode, type LoginPageData, type QrView, type Variant } from "./login.ts";
import { allowedExternal, safePath, targetQuery } from "./redirects.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/**
 * The login dialog of section 2 as server code shared by /login (desktop card) and /loginMobile (phones):
 * one loader and one action, so every mode works as plain links and form posts without JavaScript.
 */

type SmsPurpose = "login" | "reset";
interface SmsState {
  phone: string;
  sign: string;
  sentAt: number;
  purpose: SmsPurpose;
}
const purposeOf = (mode: LoginMode): SmsPurpose | null => (mode === "mobile" ? "login" : mode === "forgot" ? "reset" : null);

async function readSms(request: Request): Promise<SmsState | null> {
  const v = (await smsCookie.parse(request.headers.get("Cookie"))) as SmsState | null;
  return v && typeof v.sign === "string" && typeof v.phone === "string" ? v : null;
}

interface Remembered {
  u: string;
  p: string;
}
async function readRemembered(request: Request): Promise<{ username: string; pwd: string } | null> {
  const v = (await rememberCookie.parse(request.headers.get("Cookie"))) as Remembered | null;
  if (!v?.u || !v.p) return null;
  const username = desDecrypt(v.u, env.DES_KEY, env.DES_IV);
  return username ? { username, pwd: v.p } : null;
}

interface QrTicket {
  ticket: string;
  secret: string;
  url: string;
  expiresAt: string;
}
const qrTicketSchema = z.object({ ticket: z.string(), secret: z.string(), url: z.string(), expiresAt: z.string() });
const loginResultSchema = z.object({
  token: z.string(),
  userId: z.string(),
  first: z.boolean().optional(),
  needUnit: z.boolean().optional(),
});
type LoginResult = z.infer<typeof loginResultSchema>;
const qrLoginSchema = z.object({
  state: z.enum(["pending", "approved", "expired"]),
  token: z.string().optional(),
  userId: z.string().optional(),
  first: z.boolean().optional(),
  needUnit: z.boolean().optional(),
});

async function qrView(t: QrTicket): Promise<QrView> {
  const svg = await QRCode.toString(t.url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#1b2a3a", light: "#ffffff" } });
  return { svg, expiresAt: t.expiresAt };
}

async function newQrTicket(args: CallArgs): Promise<{ view: QrView; cookie: string }> {
  const t = await api(args, "Login/CreateQrTicket", { method: "POST", form: {}, schema: qrTicketSchema });
  return { view: await qrView(t), cookie: await qrCookie.serialize(t, cookieOpts(args.request)) };
}

/** The after-login target from the query: a same-origin `redirect`, or an allow-listed external `src`. */
export interface LoginTarget {
  redirect: string | null;
  src: string | null;
  /** `src` was given but its host is not allowed: the page says so and the login continues without it. */
  srcRefused: boolean;
}
export function readTarget(url: URL): LoginTarget {
  const src = url.searchParams.get("src");
  const okSrc = allowedExternal(src, env.ALLOWED_REDIRECT_HOSTS);
  return { redirect: safePath(url.searchParams.get("redirect")), src: okSrc ? okSrc.href : null, srcRefused: !!src && !okSrc };
}

/** Where a successful login goes: /loginSuccess, which applies the target, the unit prompt and the first-login prompt. */
export function successUrl(target: Pick<LoginTarget, "redirect" | "src">, first?: boolean): string {
  return `/loginSuccess${targetQuery(target, first ? { first: "1" } : {})}`;
}

export const loggedIn = async (request: Request) => {
  const a = await readAuth(request);
  return a && Date.now() - a.tokenDate <= TOKEN_LIFETIME_MS ? a : null;
};

function upstreamMsg(e: unknown): string {
  if (e instanceof UpstreamError) return e.msg || "Error";
  throw e;
}

/** The loader of /login and /loginMobile. */
export async function loginLoader(args: CallArgs, variant: Variant) {
  const { request } = args;
  const url = new URL(request.url);
  const t = await getT(request, "login");
  const target = readTarget(url);
  const mode = parseMode(url.searchParams.get("mode"));
  const headers = new Headers();
  const notices: LoginPageData["notices"] = [];
  if (target.srcRefused) notices.push("srcRefused");
  if (url.searchParams.has("needLogin")) notices.push("needLogin");
  let error: string | null = null;

  // ssotoken: a JWT from a partner system logs the user in directly.
  const sso = url.searchParams.get("ssotoken");
  if (sso) {
    try {
      const r = await api(args, "login/VerifySsoToken", { query: { jwtStr: sso }, schema: loginResultSchema });
      return redirect(successUrl(target, r.first), { headers: { "Set-Cookie": await commitLogin(request, r) } });
    } catch (e) {
      error = upstreamMsg(e);
    }
  }

  // refresh: start from a clean slate (the old session is dropped). Otherwise a valid session skips the
  // form, unless the caller asked for the login form explicitly (needLogin) or a QR approval waits.
  if (url.searchParams.has("refresh")) {
    for (const c of (await localLogout(request)).getSetCookie()) headers.append("Set-Cookie", c);
  } else if (!error && !url.searchParams.has("needLogin") && (await loggedIn(request))) {
    return redirect(successUrl(target));
  }

  // Switching modes resets the SMS countdown (section 4): a code state for another form is dropped.
  const sms = await readSms(request);
  const purpose = purposeOf(mode);
  let smsView: LoginPageData["sms"] = null;
  if (sms && sms.purpose === purpose) {
    smsView = { phone: sms.phone, verifySign: sms.sign, sentAt: sms.sentAt, secondsLeft: smsSecondsLeft(sms.sentAt) };
  } else if (sms) {
    headers.append("Set-Cookie", await smsCookie.serialize("", { ...cookieOpts(request), maxAge: 0 }));
  }

  let password: LoginPageData["password"] = null;
  let qr: QrView | null = null;
  try {
    if (mode === "password") {
      const captchaId = await api(args, "Login/getCaptcha", { schema: z.string() });
      const saved = await readRemembered(request);
      password = { captchaId, savedUser: saved?.username ?? null };
    } else if (mode === "qr") {
      const cur = qrTicketSchema.safeParse(await qrCookie.parse(request.headers.get("Cookie")));
      // Reuse the ticket this browser holds while it has more than 10 s left; otherwise ask for a new one.
      if (cur.success && Date.parse(cur.data.expiresAt) - Date.now() > 10_000) qr = await qrView(cur.data);
      else {
        const n = await newQrTicket(args);
        qr = n.view;
        headers.append("Set-Cookie", n.cookie);
      }
    }
  } catch (e) {
    error = upstreamMsg(e);
    if (mode === "password") password = { captchaId: null, savedUser: (await readRemembered(request))?.username ?? null };
  }

  const page: LoginPageData = {
    title: t(`modes.${mode}`),
    variant,
    mode,
    target: { redirect: target.redirect, src: target.src },
    notices,
    error,
    password,
    sms: smsView,
    qr,
    wechat: wxConfigured(),
  };
  return data(page, { headers });
}

const keep = (v: Record<string, string>, names: string[]) => Object.fromEntries(names.filter((n) => v[n] !== undefined).map((n) => [n, v[n]]));

/** After any login: the session cookie, the remembered credentials, the one-shot login state cleared. */
async function finishLogin(request: Request, r: LoginResult, target: LoginTarget, extra: string[] = []) {
  const h = new Headers();
  h.append("Set-Cookie", await commitLogin(request, r));
  h.append("Set-Cookie", await smsCookie.serialize("", { ...cookieOpts(request), maxAge: 0 }));
  for (const c of extra) h.append("Set-Cookie", c);
  return redirect(successUrl(target, r.first), { headers: h });
}

/** The action of /login and /loginMobile. */
export async function loginAction(args: CallArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const fd = await request.formData();
  const v = formValues(fd);
  const mode = parseMode(v.mode ?? url.searchParams.get("mode"));
  const target = readTarget(url);
  // The hidden fields carry the target too, so a form posted from a bare URL still goes to the right place.
  target.redirect = target.redirect ?? safePath(v.redirect);
  if (!target.src && v.src) target.src = allowedExternal(v.src, env.ALLOWED_REDIRECT_HOSTS)?.href ?? null;
  const intent = v.intent || (mode === "password" ? "login" : mode === "mobile" ? "mobileLogin" : mode === "forgot" ? "reset" : "qrPoll");
  const fail = (errors: FieldErrors, values: Record<string, string>, formError: string | null = null, extra: Partial<LoginActionData> = {}, init?: ResponseInit) =>
    data<LoginActionData>({ intent, errors, values, formError, ...extra }, init);

  switch (intent) {
    case "login": {
      const values = keep(v, ["username", "remember"]);
      const saved = await readRemembered(request);
      const username = (v.username ?? "").trim();
      const useSaved = !v.password && !!saved && saved.username === username && v.remember === "1";
      const errors = checkPasswordLogin(v, useSaved);
      if (Object.keys(errors).length) return fail(errors, values);
      const pwd = useSaved ? saved!.pwd : desEncrypt(v.password!, env.DES_KEY, env.DES_IV);
      try {
        const r = await api(args, "Login/LoginMethod", {
          form: { name: username, pwd, rempwd: v.remember === "1" ? 1 : 0, clientSignCode: v.clientSignCode ?? "", clientCode: (v.clientCode ?? "").trim() },
          schema: loginResultSchema,
        });
        // Remember-password (section 4): ticked saves the encrypted pair for 7 days, unticked removes it.
        const remember =
          v.remember === "1"
            ? await rememberCookie.serialize({ u: desEncrypt(username, env.DES_KEY, env.DES_IV), p: pwd } satisfies Remembered, cookieOpts(request))
            : await rememberCookie.serialize("", { ...cookieOpts(request), maxAge: 0 });
        return finishLogin(request, r, target, [remember]);
      } catch (e) {
        // The loader runs again after this answer and shows a new captcha (section 8).
        return fail({}, values, upstreamMsg(e));
      }
    }

    case "sendCode": {
      const values = keep(v, ["phoneNum"]);
      const errors = checkSmsPhone(v);
      if (Object.keys(errors).length) return fail(errors, values);
      const phone = v.phoneNum!.trim();
      const purpose: SmsPurpose = mode === "forgot" ? "reset" : "login";
      try {
        const sign = await api(args, "Login/GetLoginMobileValidateCode", { query: { mobile: phone, purpose }, schema: z.string() });
        const state: SmsState = { phone, sign, sentAt: Date.now(), purpose };
        return fail({}, values, null, { sms: { phone, verifySign: sign, sentAt: state.sentAt, secondsLeft: 60 } }, {
          headers: { "Set-Cookie": await smsCookie.serialize(state, cookieOpts(request)) },
        });
      } catch (e) {
        return fail({}, values, upstreamMsg(e));
      }
    }

    case "mobileLogin": {
      const values = keep(v, ["phoneNum", "verifySign"]);
      const errors = checkMobileLogin(v);
      if (Object.keys(errors).length) return fail(errors, values);
      try {
        const r = await api(args, "Login/MobileLoginMethod", {
          form: { mobile: v.phoneNum!.trim(), verificationCode: v.verifyNum!.trim(), verificationString: v.verifySign! },
          schema: loginResultSchema,
        });
        return finishLogin(request, r, target);
      } catch (e) {
        return fail({}, values, upstreamMsg(e));
      }
    }

    case "reset": {
      // The code is kept so a password typo does not mean typing it again; the passwords never come back.
      const values = keep(v, ["phoneNum", "verifySign", "verifyNum"]);
      const errors = checkReset(v);
      if (Object.keys(errors).length) return fail(errors, values);
      try {
        await api(args, "Login/ResetPasswordBySms", {
          form: {
            mobile: v.phoneNum!.trim(),
            verificationCode: v.verifyNum!.trim(),
            verificationString: v.verifySign!,
            newPwd: desEncrypt(v.newPassword!, env.DES_KEY, env.DES_IV),
          },
          schema: z.literal(true),
        });
      } catch (e) {
        return fail({}, values, upstreamMsg(e));
      }
      const t = await getT(request, "login");
      const h = new Headers();
      h.append("Set-Cookie", await flashToast(request, { kind: "success", text: t("reset.done") }));
      h.append("Set-Cookie", await smsCookie.serialize("", { ...cookieOpts(request), maxAge: 0 }));
      // A remembered password is the old one now.
      h.append("Set-Cookie", await rememberCookie.serialize("", { ...cookieOpts(request), maxAge: 0 }));
      return redirect(`${url.pathname}${targetQuery(target, { mode: "password" })}`, { headers: h });
    }

    case "qrPoll": {
      const cur = qrTicketSchema.safeParse(await qrCookie.parse(request.headers.get("Cookie")));
      try {
        if (cur.success) {
          let r: z.infer<typeof qrLoginSchema> | null = null;
          try {
            r = await api(args, "Login/QrLogin", { form: { ticket: cur.data.ticket, secret: cur.data.secret }, schema: qrLoginSchema });
          } catch (e) {
            // A ticket the API no longer knows is as good as expired; a timeout or outage is reported.
            if (!(e instanceof UpstreamError) || e.status !== 400) throw e;
          }
          if (r?.state === "approved" && r.token && r.userId) {
            const clear = await qrCookie.serialize("", { ...cookieOpts(request), maxAge: 0 });
            return finishLogin(request, { token: r.token, userId: r.userId, first: r.first, needUnit: r.needUnit }, target, [clear]);
          }
          if (r?.state === "pending") return fail({}, {}, null, { qrState: "pending" });
        }
        // Expired, used or never issued: show a fresh code.
        const n = await newQrTicket(args);
        return fail({}, {}, null, { qrState: "expired", qr: n.view }, { headers: { "Set-Cookie": n.cookie } });
      } catch (e) {
        return fail({}, {}, upstreamMsg(e));
      }
    }

    default: {
      const t = await getT(request);
      throw new Response(t("errors.notFound"), { status: 400 });
    }
  }
}

/** The phone's view of a QR ticket before approving it. */
export async function qrTicketState(args: CallArgs, token: string, ticket: string) {
  const r = await api(args, "Login/GetQrTicketInfo", { query: { ticket }, token, schema: z.object({ state: z.enum(["pending", "approved", "expired"]) }) });
  return r.state;
}

export async function approveQrTicket(args: CallArgs, token: string, ticket: string): Promise<void> {
  await api(args, "Login/ApproveQrTicket", { form: { ticket }, token, schema: z.literal(true) });
}

/** /sg: the supercomputing platform's login string becomes a session; answers the redirect to /loginSuccess. */
export async function sgLogin(args: CallArgs, loginStr: string) {
  const r = await api(args, "login/SGLogin", {
    query: { loginStr },
    schema: z.object({ token: z.string(), userId: z.string(), first: z.boolean().optional() }),
  });
  return redirect(successUrl({ redirect: null, src: null }, r.first), { headers: { "Set-Cookie": await commitLogin(args.request, r) } });
}
