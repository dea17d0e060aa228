import type { Texts } from "../../http/messages.ts";
import { validationZh } from "../../../common/validators.ts";

/** The login module's messages. zh is the specification's text, verbatim, where it has one. */
export const loginTexts = {
  // One message for an unknown user and a wrong password, so the answer never tells which names exist.
  badCredentials: {
    zh: "用户名或密码错误",
    en: "Wrong user name or password",
    es: "Usuario o contraseña incorrectos",
    ja: "ユーザー名またはパスワードが正しくありません",
  },
  captchaWrong: {
    zh: "验证码错误",
    en: "The captcha is wrong",
    es: "El código de verificación es incorrecto",
    ja: "認証コードが正しくありません",
  },
  captchaInvalid: {
    zh: "验证码已失效，请刷新后重试",
    en: "The captcha has expired, please get a new one",
    es: "El código de verificación ha caducado, solicite uno nuevo",
    ja: "認証コードの有効期限が切れました。更新してください",
  },
  accountDisabled: {
    zh: "账号已被禁用，请联系管理员",
    en: "This account is disabled, please contact the administrator",
    es: "Esta cuenta está deshabilitada, contacte con el administrador",
    ja: "このアカウントは無効です。管理者に連絡してください",
  },
  tooManyFailures: {
    zh: "登录失败次数过多，请15分钟后再试",
    en: "Too many failed logins, please try again in 15 minutes",
    es: "Demasiados intentos fallidos, inténtelo de nuevo dentro de 15 minutos",
    ja: "ログインの失敗が多すぎます。15分後に再試行してください",
  },
  mobileRequired: {
    zh: validationZh.phoneRequired,
    en: "Please enter the mobile number",
    es: "Introduzca el número de móvil",
    ja: "携帯電話番号を入力してください",
  },
  mobileInvalid: {
    zh: validationZh.phoneInvalidShort,
    en: "Please enter a valid mobile number",
    es: "Introduzca un número de móvil válido",
    ja: "正しい携帯電話番号を入力してください",
  },
  smsDailyCap: {
    zh: "该手机号今日获取验证码次数已达上限，请明天再试",
    en: "This number has received too many codes today, please try again tomorrow",
    es: "Este número ha recibido demasiados códigos hoy, inténtelo mañana",
    ja: "この番号の本日の認証コード取得回数が上限に達しました。明日再試行してください",
  },
  smsAddressCap: {
    zh: "当前网络今日获取验证码次数过多，请明天再试",
    en: "Too many codes were requested from your network today, please try again tomorrow",
    es: "Se han solicitado demasiados códigos desde su red hoy, inténtelo mañana",
    ja: "このネットワークからの本日の認証コード要求が多すぎます。明日再試行してください",
  },
  smsSendFailed: {
    zh: "短信发送失败，请稍后再试",
    en: "The text message could not be sent, please try again later",
    es: "No se pudo enviar el SMS, inténtelo más tarde",
    ja: "SMS を送信できませんでした。しばらくしてから再試行してください",
  },
  // Also the answer for a number that has no account, so the code form never reveals registered numbers.
  smsCodeWrong: {
    zh: "验证码错误或已失效",
    en: "The verification code is wrong or has expired",
    es: "El código de verificación es incorrecto o ha caducado",
    ja: "認証コードが正しくないか、有効期限が切れています",
  },
  passwordRule: {
    zh: validationZh.passwordRule,
    en: "The password must have upper and lower case letters and digits, no Chinese characters, and 8-20 characters!",
    es: "La contraseña debe tener mayúsculas, minúsculas y dígitos, sin caracteres chinos, y entre 8 y 20 caracteres.",
    ja: "パスワードは大文字・小文字・数字を含み、漢字を含まない8～20文字にしてください！",
  },
  pwdUnreadable: {
    zh: "密码格式错误",
    en: "The password could not be read",
    es: "No se pudo leer la contraseña",
    ja: "パスワードを読み取れません",
  },
  ssoNotConfigured: {
    zh: "未配置单点登录",
    en: "Single sign-on is not configured",
    es: "El inicio de sesión único no está configurado",
    ja: "シングルサインオンが設定されていません",
  },
  ssoInvalid: {
    zh: "单点登录凭证无效或已过期",
    en: "The single sign-on token is invalid or has expired",
    es: "El token de inicio de sesión único no es válido o ha caducado",
    ja: "シングルサインオンのトークンが無効か、有効期限が切れています",
  },
  userNotFound: {
    zh: "用户不存在",
    en: "No such user",
    es: "El usuario no existe",
    ja: "ユーザーが存在しません",
  },
  loginStrNotConfigured: {
    zh: "未配置该登录方式",
    en: "This login method is not configured",
    es: "Este método de inicio de sesión no está configurado",
    ja: "このログイン方法は設定されていません",
  },
  loginStrInvalid: {
    zh: "登录凭证无效或已过期",
    en: "The login link is invalid or has expired",
    es: "El enlace de inicio de sesión no es válido o ha caducado",
    ja: "ログインリンクが無効か、有効期限が切れています",
  },
  credentialUsed: {
    zh: "该登录凭证已使用，请重新登录",
    en: "This login link has already been used; please log in again",
    es: "Este enlace de inicio de sesión ya se ha usado; inicie sesión de nuevo",
    ja: "このログインリンクは使用済みです。もう一度ログインしてください",
  },
  notSgUser: {
    zh: "该账号不是超算平台用户，无法通过超算平台登录",
    en: "This account is not a supercomputing platform user and cannot log in from there",
    es: "Esta cuenta no es de la plataforma de supercomputación y no puede iniciar sesión desde allí",
    ja: "このアカウントはスーパーコンピューティング基盤のユーザーではないため、そこからログインできません",
  },
  qrInvalid: {
    zh: "二维码无效",
    en: "Invalid QR code",
    es: "Código QR no válido",
    ja: "QR コードが無効です",
  },
  qrExpired: {
    zh: "二维码已失效，请刷新",
    en: "The QR code has expired, please refresh it",
    es: "El código QR ha caducado, actualícelo",
    ja: "QR コードの有効期限が切れました。更新してください",
  },
} satisfies Record<string, Texts>;

/** The SMS resend cooldown, naming the seconds left (the web shows the same countdown). */
export const smsTooSoon = (seconds: number): Texts => ({
  zh: `请${seconds}秒后再获取验证码`,
  en: `Please wait ${seconds} seconds before requesting another code`,
  es: `Espere ${seconds} segundos antes de solicitar otro código`,
  ja: `${seconds}秒後に再度認証コードを取得してください`,
});
