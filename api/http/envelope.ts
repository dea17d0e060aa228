import type { Lang, MessageKey, Texts } from "./messages.ts";
import { messages } from "./messages.ts";

/** Every answer of the API: `{status, msg, returnData}` (section 7). */
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  returnData: T | null;
}

/**
 * Envelope statuses. 200 is success. The session-invalid family (section 8) is split so that logs and
 * the web can tell why: 205 no token sent, 206 token unknown, 207 token expired (older than 2 hours),
 * 208 token revoked (logout, password change, account disabled). Every other failure keeps an HTTP-like code.
 */
export const Status = {
  ok: 200,
  tokenMissing: 205,
  tokenUnknown: 206,
  tokenExpired: 207,
  tokenRevoked: 208,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  serverError: 500,
} as const;

/** Thrown by handlers for an expected failure; becomes an envelope with this status and message. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public text: MessageKey | Texts | string,
    public returnData: unknown = null,
  ) {
    super(typeof text === "string" ? text : text.en);
  }
  message_in(lang: Lang): string {
    const t = this.text;
    if (typeof t === "string") return t in messages ? messages[t as MessageKey][lang] : t;
    return t[lang];
  }
}

export const ok = <T>(returnData: T, msg = ""): Envelope<T> => ({ status: Status.ok, msg, returnData });
