import { z } from "zod";
import type { Config } from "../../config.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso } from "../../http/fields.ts";
import { texts } from "../../http/messages.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { auditFailure } from "./audit.ts";
import { completeLogin, type LoginResult } from "./login-result.ts";
import { enforceLoginRate } from "./rate-limit.ts";

/**
 * WeChat website login (open.weixin.qq.com, "网站应用微信登录"): the web sends the browser to WeChat's QR page,
 * WeChat sends it back with a one-time `code`, and here the code becomes the person's openid through
 * /sns/oauth2/access_token (and their nickname through /sns/userinfo). A person binds that openid to their
 * account once (/myInfo/bindWxResult); a WeChat QR login then finds the account by it.
 */

export const wxTexts = {
  notConfigured: texts("本站未配置微信登录", "WeChat login is not set up on this site", "El inicio de sesión con WeChat no está configurado en este sitio", "このサイトでは WeChat ログインが設定されていません"),
  exchangeFailed: texts("微信授权失败，请重新扫码", "WeChat did not confirm the scan; scan again", "WeChat no confirmó el escaneo; vuelva a escanear", "WeChat で認証できませんでした。もう一度スキャンしてください"),
  unreachable: texts("暂时无法连接微信，请稍后重试", "WeChat cannot be reached just now; try again shortly", "No se puede contactar con WeChat ahora; inténtelo en breve", "現在 WeChat に接続できません。しばらくしてからお試しください"),
  notBound: texts(
    "该微信账号尚未绑定平台账号，请先使用账号密码或手机号登录后在个人中心绑定",
    "This WeChat account is not bound to a platform account; log in another way and bind it under My account",
    "Esta cuenta de WeChat no está vinculada a ninguna cuenta; inicie sesión de otro modo y vincúlela en Mi cuenta",
    "この WeChat アカウントはプラットフォームのアカウントに連携されていません。別の方法でログインし、個人センターで連携してください",
  ),
  boundToOther: texts("该微信账号已绑定其他平台账号", "This WeChat account is already bound to another platform account", "Esta cuenta de WeChat ya está vinculada a otra cuenta", "この WeChat アカウントは既に別のアカウントに連携されています"),
  notBoundSelf: texts("当前账号未绑定微信", "Your account has no WeChat bound", "Su cuenta no tiene WeChat vinculado", "このアカウントには WeChat が連携されていません"),
};

interface WxIdentity {
  openid: string;
  unionid: string | null;
  nickname: string;
}

const tokenAnswer = z.object({ access_token: z.string().optional(), openid: z.string().min(1).max(128).optional(), unionid: z.string().max(128).optional(), errcode: z.number().optional(), errmsg: z.string().optional() });
const userAnswer = z.object({ nickname: z.string().optional(), errcode: z.number().optional() });

async function getJson(url: URL): Promise<unknown> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return await res.json();
  } catch {
    throw new ApiError(Status.serverError, wxTexts.unreachable);
  }
}

/**
 * Exchanges a code for the openid (GET /sns/oauth2/access_token). WeChat answers errors as `{errcode,
 * errmsg}` with HTTP 200; an invalid, used or expired code (40029, 40163) is the user's to retry. The
 * nickname (GET /sns/userinfo) is a nicety: without it the binding still holds.
 */
export async function exchangeCode(config: Config, code: string): Promise<WxIdentity> {
  if (!config.WECHAT_APPID || !config.WECHAT_SECRET) throw new ApiError(Status.badRequest, wxTexts.notConfigured);
  const u = new URL("/sns/oauth2/access_token", config.WECHAT_API_BASE);
  u.searchParams.set("appid", config.WECHAT_APPID);
  u.searchParams.set("secret", config.WECHAT_SECRET);
  u.searchParams.set("code", code);
  u.searchParams.set("grant_type", "authorization_code");
  const answer = tokenAnswer.safeParse(await getJson(u));
  if (!answer.success || !answer.data.openid || !answer.data.access_token) {
    const why = answer.success ? `${answer.data.errcode ?? "?"} ${answer.data.errmsg ?? ""}`.trim() : "malformed answer";
    console.warn(`wechat: code exchange refused (${why})`);
    throw new ApiError(Status.badRequest, wxTexts.exchangeFailed);
  }
  let nickname = "";
  const info = new URL("/sns/userinfo", config.WECHAT_API_BASE);
  info.searchParams.set("access_token", answer.data.access_token);
  info.searchParams.set("openid", answer.data.openid);
  try {
    const user = userAnswer.safeParse(await getJson(info));
    if (user.success && !user.data.errcode) nickname = (user.data.nickname ?? "").slice(0, 100);
  } catch {
    // The binding does not need the nickname.
  }
  return { openid: answer.data.openid, unionid: answer.data.unionid ?? null, nickname };
}

const codeBody = z.object({ code: z.string().trim().min(1).max(256) });

/** Login/WxLogin {code}: a bound person's WeChat QR login; an unbound openid is refused and audited. */
export async function wxLogin(ctx: Ctx): Promise<LoginResult> {
  const { code } = parse(codeBody, ctx.body);
  const audit = { method: "wechat" as const, ip: ctx.ip, userAgent: ctx.userAgent };
  // The address's failure limit, as for the QR login: made-up codes cost a call to WeChat each.
  await enforceLoginRate(ctx.app, null, audit);
  let who: WxIdentity;
  try {
    who = await exchangeCode(ctx.app.config, code);
  } catch (e) {
    if (e instanceof ApiError && e.status === Status.badRequest && e.text === wxTexts.exchangeFailed) await auditFailure(ctx.app.db, audit, "wx_failed");
    throw e;
  }
  const [user] = await ctx.app.db.query<{ id: string; name: string; password_hash: string; disabled: boolean }>(
    `select id, name, password_hash, disabled from users where wx_openid = $1`,
    [who.openid],
  );
  if (!user) {
    await auditFailure(ctx.app.db, { ...audit, userName: who.nickname || null }, "wx_not_bound");
    throw new ApiError(Status.notFound, wxTexts.notBound);
  }
  return completeLogin(ctx, user, "wechat");
}

export interface WxBinding {
  Bound: boolean;
  Nickname: string;
  BoundAt: string | null;
}

export async function wxBindingOf(ctx: Ctx, userId: string): Promise<WxBinding> {
  const [u] = await ctx.app.db.query<{ wx_openid: string | null; wx_nickname: string; wx_bound_at: Date | null }>(
    `select wx_openid, wx_nickname, wx_bound_at from users where id = $1`,
    [userId],
  );
  return { Bound: Boolean(u?.wx_openid), Nickname: u?.wx_nickname ?? "", BoundAt: iso(u?.wx_bound_at) };
}

/** Login/BindWx {code}: binds the caller's account to the WeChat account that scanned (replacing their own earlier one). */
export async function bindWx(ctx: Ctx): Promise<WxBinding> {
  const { code } = parse(codeBody, ctx.body);
  const who = await exchangeCode(ctx.app.config, code);
  const me = ctx.user!.id;
  await ctx.app.db.transaction(async (tx) => {
    const [other] = await tx.query<{ id: string }>(`select id from users where wx_openid = $1 and id <> $2`, [who.openid, me]);
    if (other) throw new ApiError(Status.conflict, wxTexts.boundToOther);
    await tx.query(`update users set wx_openid = $2, wx_unionid = $3, wx_nickname = $4, wx_bound_at = now() where id = $1`, [me, who.openid, who.unionid, who.nickname]);
  }).catch((e) => {
    // Two accounts binding one WeChat at once: the unique index decides, with the same message.
    if ((e as { code?: string }).code === "23505") throw new ApiError(Status.conflict, wxTexts.boundToOther);
    throw e;
  });
  return wxBindingOf(ctx, me);
}

/** Login/UnbindWx: the caller's own binding removed. */
export async function unbindWx(ctx: Ctx): Promise<WxBinding> {
  const rows = await ctx.app.db.query(`update users set wx_openid = null, wx_unionid = null, wx_nickname = '', wx_bound_at = null where id = $1 and wx_openid is not null returning id`, [ctx.user!.id]);
  if (!rows.length) throw new ApiError(Status.badRequest, wxTexts.notBoundSelf);
  return wxBindingOf(ctx, ctx.user!.id);
}
