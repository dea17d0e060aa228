import crypto from "node:crypto";
import { z } from "zod";
import { sha256 } from "../../http/auth.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { findById } from "./accounts.ts";
import { auditFailure } from "./audit.ts";
import { isUuid } from "./captcha.ts";
import { completeLogin, type LoginResult } from "./login-result.ts";
import { loginTexts } from "./messages.ts";
import { enforceLoginRate } from "./rate-limit.ts";

export const QR_TTL_MS = 3 * 60 * 1000;

export type QrState = "pending" | "approved" | "expired";

interface TicketRow {
  id: string;
  secret_hash: string;
  created_at: Date;
  expires_at: Date;
  approved_by: string | null;
  consumed_at: Date | null;
  live: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

async function loadTicket(ctx: Ctx, ticket: string): Promise<TicketRow> {
  const rows = isUuid(ticket)
    ? await ctx.app.db.query<TicketRow>(
        `select id, secret_hash, created_at, expires_at, approved_by, consumed_at, expires_at > now() as live from qr_tickets where id = $1`,
        [ticket],
      )
    : [];
  if (!rows[0]) throw new ApiError(Status.badRequest, loginTexts.qrInvalid);
  return rows[0];
}

/** A ticket that was used or ran out is simply "expired" to both sides: either way, show a new code. */
const stateOf = (t: TicketRow): QrState => (t.consumed_at || !t.live ? "expired" : t.approved_by ? "approved" : "pending");

/**
 * The desktop's half: the ticket id goes into the QR code (anyone may see it), the secret stays in the
 * desktop page and is what later turns the approval into a session, so a photographed code is useless.
 */
export async function createQrTicket(ctx: Ctx) {
  const { db, config } = ctx.app;
  const secret = crypto.randomBytes(32).toString("base64url");
  await db.query(`delete from qr_tickets where expires_at < now() - interval '1 hour'`);
  const [row] = await db.query<{ id: string; expires_at: Date }>(
    `insert into qr_tickets(secret_hash, expires_at) values ($1, now() + ($2 || ' milliseconds')::interval) returning id, expires_at`,
    [sha256(secret), String(QR_TTL_MS)],
  );
  const url = `${config.WEB_PUBLIC_URL.replace(/\/+$/, "")}/loginMobile?qr=${encodeURIComponent(row.id)}`;
  return { ticket: row.id, secret, url, expiresAt: iso(row.expires_at) };
}

const ticketOnly = z.object({ ticket: z.string().max(64) });

/** The phone's view before approving, so it can show the request's age or that it ran out. */
export async function qrTicketInfo(ctx: Ctx) {
  const { ticket } = parse(ticketOnly, Object.fromEntries(ctx.query));
  const t = await loadTicket(ctx, ticket);
  return { state: stateOf(t), createdAt: iso(t.created_at), expiresAt: iso(t.expires_at) };
}

export async function approveQrTicket(ctx: Ctx): Promise<true> {
  const { ticket } = parse(ticketOnly, ctx.body);
  await loadTicket(ctx, ticket);
  // First approval wins; a second phone cannot redirect a ticket someone already approved.
  const rows = await ctx.app.db.query(
    `update qr_tickets set approved_by = $2, approved_at = now()
      where id = $1 and approved_by is null and consumed_at is null and expires_at > now() returning id`,
    [ticket, ctx.user!.id],
  );
  if (rows.length === 0) throw new ApiError(Status.badRequest, loginTexts.qrExpired);
  return true;
}

const loginForm = z.object({ ticket: z.string().max(64), secret: z.string().max(128) });

/** The desktop polls this; an approved ticket yields a session exactly once. */
export async function qrLogin(ctx: Ctx): Promise<{ state: QrState } | ({ state: "approved" } & LoginResult)> {
  const input = parse(loginForm, ctx.body);
  const db = ctx.app.db;
  const entry = { method: "qr" as const, ip: ctx.ip, userAgent: ctx.userAgent };
  await enforceLoginRate(ctx.app, null, entry);
  const t = await loadTicket(ctx, input.ticket);
  const a = Buffer.from(sha256(input.secret));
  const b = Buffer.from(t.secret_hash);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    await auditFailure(db, entry, "bad_secret");
    throw new ApiError(Status.badRequest, loginTexts.qrInvalid);
  }
  const state = stateOf(t);
  if (state !== "approved") return { state };
  // The atomic claim: of two polls racing on one approved ticket, only one gets the session.
  const claimed = await db.query<{ approved_by: string }>(
    `update qr_tickets set consumed_at = now()
      where id = $1 and consumed_at is null and approved_by is not null and expires_at > now() returning approved_by`,
    [t.id],
  );
  if (!claimed[0]) return { state: "expired" };
  const user = await findById(db, claimed[0].approved_by);
  if (!user) return { state: "expired" };
  return { state: "approved", ...(await completeLogin(ctx, user, "qr")) };
}
