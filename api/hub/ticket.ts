import crypto from "node:crypto";
import type { Db } from "../db/index.ts";

/**
 * Hub tickets: `<expiry>.<signature>`, the signature an HMAC-SHA256 over the user id and the expiry (Unix
 * seconds) with the secret kept in `hub_settings` (migration 006), which every API instance on the database
 * shares. A ticket is worth one user id for TICKET_SECONDS; the hub checks it against the AuthorizationUser
 * the client names, so it cannot be replayed for anyone else. Nothing is stored per ticket.
 */
export const TICKET_SECONDS = 60;

export async function loadHubSecret(db: Db): Promise<string> {
  const [row] = await db.query<{ value: string }>(`select value from hub_settings where name = 'ticket_secret'`);
  if (!row) throw new Error("hub_settings has no ticket_secret: migration 006_hub.sql did not run");
  return row.value;
}

const sign = (secret: string, userId: string, expiry: number) =>
  crypto.createHmac("sha256", secret).update(`hub-ticket\n${userId}\n${expiry}`).digest("base64url");

export function issueTicket(secret: string, userId: string, nowMs = Date.now()): { ticket: string; expiresIn: number } {
  const expiry = Math.floor(nowMs / 1000) + TICKET_SECONDS;
  return { ticket: `${expiry}.${sign(secret, userId, expiry)}`, expiresIn: TICKET_SECONDS };
}

export type TicketCheck = "ok" | "missing" | "malformed" | "expired" | "forged";

export function verifyTicket(secret: string, userId: string, ticket: string | undefined | null, nowMs = Date.now()): TicketCheck {
  if (!ticket) return "missing";
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!m) return "malformed";
  const expiry = Number(m[1]);
  const expected = Buffer.from(sign(secret, userId, expiry));
  // Check the signature first: an expired forgery is still a forgery.
  if (!crypto.timingSafeEqual(expected, Buffer.from(m[2]))) return "forged";
  return expiry * 1000 > nowMs ? "ok" : "expired";
}

/** The ticket from `Authorization: Bearer …` (the official client in Node, and negotiate) or `access_token` (browsers' WebSocket). */
export function ticketFrom(headers: { authorization?: string }, query: URLSearchParams): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
  return bearer ?? query.get("access_token") ?? undefined;
}
