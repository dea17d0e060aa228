import type { FieldErrors } from "./forms.ts";

/** Shapes shared by the login pages' server code and their components (browser-safe: types and tiny helpers). */
export const MODES = ["password", "mobile", "qr", "forgot"] as const;
export type LoginMode = (typeof MODES)[number];
export const parseMode = (v: string | null | undefined): LoginMode =>
  (MODES as readonly string[]).includes(v ?? "") ? (v as LoginMode) : "password";

export type Variant = "desktop" | "mobile";

export interface QrView {
  svg: string;
  expiresAt: string;
}

export interface SmsView {
  phone: string;
  verifySign: string;
  sentAt: number;
  secondsLeft: number;
}

export interface LoginPageData {
  title: string;
  variant: Variant;
  mode: LoginMode;
  target: { redirect: string | null; src: string | null };
  /** Notices shown above the form, as keys of the login namespace. */
  notices: Array<"srcRefused" | "needLogin">;
  /** An error from the server in the user's language (SSO token refused, ...). */
  error: string | null;
  password: { captchaId: string | null; savedUser: string | null } | null;
  sms: SmsView | null;
  qr: QrView | null;
  /** The site has a WeChat app: the QR view offers WeChat's own QR login (/wxlogin?start=1). */
  wechat: boolean;
}

export interface LoginActionData {
  intent: string;
  errors: FieldErrors;
  /** Submitted values to put back into the form: never a password. */
  values: Record<string, string>;
  /** The server's refusal in the user's language (wrong password, code expired, too many tries...). */
  formError: string | null;
  /** The SMS state right after sending, for the page rendered by this same request. */
  sms?: SmsView;
  qrState?: "pending" | "expired";
  qr?: QrView;
}
