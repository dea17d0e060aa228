/**
 * Messages the API puts in `msg`, in the caller's language (Accept-Language, as the web forwards it).
 * zh texts are the specification's, verbatim, where it has one.
 */
export type Lang = "zh" | "en" | "es" | "ja";

export const messages = {
  missingXteam: { zh: "缺少请求头 xteam", en: "Missing xteam header", es: "Falta la cabecera xteam", ja: "xteam ヘッダーがありません" },
  notFound: { zh: "接口不存在", en: "No such API call", es: "No existe esa llamada de la API", ja: "その API はありません" },
  methodNotAllowed: { zh: "请求方法不允许", en: "Method not allowed", es: "Método no permitido", ja: "このメソッドは使えません" },
  bodyTooLarge: { zh: "请求内容过大", en: "Request body too large", es: "El cuerpo de la petición es demasiado grande", ja: "リクエストが大きすぎます" },
  badBody: { zh: "请求内容格式错误", en: "Malformed request body", es: "Cuerpo de la petición mal formado", ja: "リクエストの形式が正しくありません" },
  badInput: { zh: "参数错误", en: "Invalid parameters", es: "Parámetros no válidos", ja: "パラメータが正しくありません" },
  serverError: { zh: "服务器内部错误", en: "Internal server error", es: "Error interno del servidor", ja: "サーバー内部エラー" },
  tokenMissing: { zh: "未登录，请先登录", en: "Not logged in", es: "No ha iniciado sesión", ja: "ログインしていません" },
  tokenUnknown: { zh: "登录凭证无效，请重新登录", en: "Invalid session, please log in again", es: "Sesión no válida, inicie sesión de nuevo", ja: "セッションが無効です。再度ログインしてください" },
  tokenExpired: { zh: "登录已过期，请重新登录", en: "Session expired, please log in again", es: "La sesión ha caducado, inicie sesión de nuevo", ja: "セッションの有効期限が切れました。再度ログインしてください" },
  tokenRevoked: { zh: "登录已失效，请重新登录", en: "You were logged out, please log in again", es: "Se cerró la sesión, inicie sesión de nuevo", ja: "ログアウトされました。再度ログインしてください" },
  forbidden: { zh: "当前用户没有此操作权限", en: "You are not allowed to do this", es: "No tiene permiso para hacer esto", ja: "この操作の権限がありません" },
  noRole: { zh: "当前用户不存在角色，请重试", en: "The current user has no role, please try again", es: "El usuario actual no tiene ningún rol, inténtelo de nuevo", ja: "現在のユーザーにはロールがありません。再試行してください" },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function pickLang(acceptLanguage: string | undefined | null): Lang {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().toLowerCase();
    const base = tag.split("-")[0];
    if (base === "zh" || base === "en" || base === "es" || base === "ja") return base;
  }
  return "zh";
}

/** A message in four languages, for modules that define their own texts next to their code. */
export type Texts = Record<Lang, string>;

/** One text in the four languages, in their usual order: texts("总能量", "Total energy", "Energía total", "全エネルギー"). */
export const texts = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

/** An upload over its limit, saying the limit (e.g. "文件大小不能超过 5 MB"). */
export function tooLargeText(limit: number): Texts {
  const mb = `${Math.round((limit / (1024 * 1024)) * 10) / 10} MB`;
  return texts(`文件大小不能超过 ${mb}`, `The file cannot be larger than ${mb}`, `El archivo no puede superar ${mb}`, `ファイルサイズは ${mb} 以下にしてください`);
}
