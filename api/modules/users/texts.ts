import { validationZh, type ValidationKey } from "../../../common/validators.ts";
import type { Texts } from "../../http/messages.ts";

/** The section 5 validation messages in the API's four languages; zh is the specification's, verbatim. */
export const validationTexts: Record<ValidationKey, Texts> = {
  usernameRequired: { zh: validationZh.usernameRequired, en: "Please enter the user name", es: "Introduzca el nombre de usuario", ja: "ユーザー名を入力してください" },
  passwordRequired: { zh: validationZh.passwordRequired, en: "Please enter the password", es: "Introduzca la contraseña", ja: "パスワードを入力してください" },
  captchaRequired: { zh: validationZh.captchaRequired, en: "Please enter the captcha", es: "Introduzca el código captcha", ja: "認証コードを入力してください" },
  phoneRequired: { zh: validationZh.phoneRequired, en: "Please enter the mobile number", es: "Introduzca el número de móvil", ja: "携帯電話番号を入力してください" },
  verifyRequired: { zh: validationZh.verifyRequired, en: "Please enter the verification code", es: "Introduzca el código de verificación", ja: "認証コードを入力してください" },
  phoneInvalidShort: { zh: validationZh.phoneInvalidShort, en: "Please enter a valid mobile number", es: "Introduzca un número de móvil válido", ja: "正しい携帯電話番号を入力してください" },
  mobileInvalid: { zh: validationZh.mobileInvalid, en: "Please enter a valid mobile number", es: "Introduzca un número de móvil válido", ja: "正しい携帯電話番号を入力してください" },
  emailInvalid: { zh: validationZh.emailInvalid, en: "Please enter a valid email address", es: "Introduzca una dirección de correo válida", ja: "正しいメールアドレスを入力してください" },
  idCardInvalid: { zh: validationZh.idCardInvalid, en: "Please enter a valid ID card number", es: "Introduzca un número de documento de identidad válido", ja: "正しい身分証番号を入力してください" },
  passwordRule: {
    zh: validationZh.passwordRule,
    en: "The password must contain upper and lower case letters and digits, no Chinese characters, and be 8-20 characters long!",
    es: "La contraseña debe contener mayúsculas, minúsculas y dígitos, sin caracteres chinos, y tener entre 8 y 20 caracteres.",
    ja: "パスワードは大文字・小文字・数字を含む8〜20文字で、漢字は使用できません！",
  },
  unitNameRequired: { zh: validationZh.unitNameRequired, en: "The unit name is required", es: "El nombre de la unidad es obligatorio", ja: "所属名を入力してください" },
  unitNameTooLong: { zh: validationZh.unitNameTooLong, en: "The unit name cannot exceed 20 characters", es: "El nombre de la unidad no puede superar los 20 caracteres", ja: "所属名は20文字以内で入力してください" },
  titleRequired: { zh: validationZh.titleRequired, en: "Please enter a title", es: "Introduzca un título", ja: "タイトルを入力してください" },
  linkInvalid: { zh: validationZh.linkInvalid, en: "Please enter a valid link", es: "Introduzca un enlace válido", ja: "正しいリンクを入力してください" },
};

/** The users module's own failures. */
export const userTexts = {
  realNameRequired: { zh: "请输入真实姓名", en: "Please enter your real name", es: "Introduzca su nombre real", ja: "氏名を入力してください" },
  realNameTooLong: { zh: "真实姓名长度不能超过50", en: "The real name cannot exceed 50 characters", es: "El nombre real no puede superar los 50 caracteres", ja: "氏名は50文字以内で入力してください" },
  emailTooLong: { zh: "邮箱长度不能超过100", en: "The email cannot exceed 100 characters", es: "El correo no puede superar los 100 caracteres", ja: "メールアドレスは100文字以内で入力してください" },
  genderInvalid: { zh: "请选择正确的性别", en: "Please choose a valid gender", es: "Elija un género válido", ja: "正しい性別を選択してください" },
  mobileTaken: {
    zh: "该手机号已被其他账号使用",
    en: "This mobile number is already used by another account",
    es: "Este número de móvil ya lo usa otra cuenta",
    ja: "この携帯電話番号は別のアカウントで使用されています",
  },
  badCipher: { zh: "密码格式不正确，请刷新页面后重试", en: "The password could not be read, please reload the page and try again", es: "No se pudo leer la contraseña; recargue la página e inténtelo de nuevo", ja: "パスワードを読み取れません。ページを再読み込みしてもう一度お試しください" },
  wrongOldPassword: { zh: "原密码错误", en: "The current password is wrong", es: "La contraseña actual no es correcta", ja: "現在のパスワードが正しくありません" },
  samePassword: { zh: "新密码不能与原密码相同", en: "The new password must differ from the current one", es: "La nueva contraseña debe ser distinta de la actual", ja: "新しいパスワードは現在のパスワードと異なる必要があります" },
  tooManyAttempts: { zh: "原密码错误次数过多，请15分钟后再试", en: "Too many wrong passwords, please try again in 15 minutes", es: "Demasiadas contraseñas incorrectas; inténtelo de nuevo en 15 minutos", ja: "パスワードの誤りが多すぎます。15分後にもう一度お試しください" },
  notOwnId: { zh: "只能查询当前登录用户的信息", en: "You can only read your own user information", es: "Solo puede consultar su propia información de usuario", ja: "自分のユーザー情報のみ参照できます" },
  hasUnit: { zh: "当前用户已有单位", en: "You already belong to a unit", es: "Ya pertenece a una unidad", ja: "すでに所属が登録されています" },
  noUnitNeeded: { zh: "当前用户无需新增单位", en: "Your account does not need a unit", es: "Su cuenta no necesita una unidad", ja: "このアカウントには所属の登録は不要です" },
} satisfies Record<string, Texts>;
