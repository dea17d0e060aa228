import crypto from "node:crypto";
import { createRequire } from "node:module";
import { z } from "zod";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, Raw, type Ctx } from "../../http/router.ts";
import { loginTexts } from "./messages.ts";

// svg-captcha's module value is the render function itself, which its typings do not declare.
const renderCaptcha = createRequire(import.meta.url)("svg-captcha") as (
  text: string,
  options?: { width?: number; height?: number; noise?: number; fontSize?: number; color?: boolean; background?: string },
) => string;

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
// No 0/O, 1/I/L, 2/Z, 5/S, 8/B: characters people misread in a noisy image. Upper case only, as the
// comparison ignores case anyway.
const ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
const LENGTH = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from clients; checking the shape first keeps a junk id from becoming a database error. */
export const isUuid = (s: string) => UUID.test(s);

function randomText(): string {
  let s = "";
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

export async function createCaptcha(app: App): Promise<string> {
  const text = app.config.CAPTCHA_FIXED || randomText();
  // Anyone may ask for captchas, so old rows are pruned as new ones come in rather than left to pile up.
  await app.db.query(`delete from captchas where expires_at < now() - interval '1 hour'`);
  const [row] = await app.db.query<{ id: string }>(
    `insert into captchas(text, expires_at) values ($1, now() + ($2 || ' milliseconds')::interval) returning id`,
    [text, String(CAPTCHA_TTL_MS)],
  );
  return row.id;
}

/**
 * Uses up a captcha and says whether the answer was right. The row is marked used in the same statement
 * that reads it, right answer or not, so one captcha can never back two guesses.
 */
export async function consumeCaptcha(db: Db, id: string, answer: string): Promise<"ok" | "wrong" | "invalid"> {
  if (!isUuid(id)) return "invalid";
  const rows = await db.query<{ text: string }>(
    `update captchas set used_at = now() where id = $1 and used_at is null and expires_at > now() returning text`,
    [id],
  );
  if (!rows[0]) return "invalid";
  const a = Buffer.from(answer.trim().toUpperCase());
  const b = Buffer.from(rows[0].text.toUpperCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? "ok" : "wrong";
}

const imgQuery = z.object({ code: z.string().max(64) });

export async function captchaImage(ctx: Ctx): Promise<Raw> {
  const { code } = parse(imgQuery, Object.fromEntries(ctx.query));
  const rows = isUuid(code)
    ? await ctx.app.db.query<{ text: string }>(`select text from captchas where id = $1 and used_at is null and expires_at > now()`, [code])
    : [];
  if (!rows[0]) throw new ApiError(Status.badRequest, loginTexts.captchaInvalid);
  const svg = renderCaptcha(rows[0].text, { width: 120, height: 40, fontSize: 44, noise: 3 });
  return new Raw(svg, {
    "content-type": "image/svg+xml; charset=utf-8",
    // An SVG is a document: forbid anything active in it should it ever be opened directly.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
}
