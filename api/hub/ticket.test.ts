import { describe, expect, it } from "vitest";
import { issueTicket, ticketFrom, TICKET_SECONDS, verifyTicket } from "./ticket.ts";

const SECRET = "a".repeat(64);
const USER = "6f1c1d2e-0000-4000-8000-000000000001";
const NOW = Date.UTC(2026, 0, 1, 8, 0, 0);

describe("hub tickets", () => {
  it("are good for their user for 60 seconds", () => {
    const { ticket, expiresIn } = issueTicket(SECRET, USER, NOW);
    expect(expiresIn).toBe(60);
    expect(TICKET_SECONDS).toBe(60);
    expect(verifyTicket(SECRET, USER, ticket, NOW)).toBe("ok");
    expect(verifyTicket(SECRET, USER, ticket, NOW + 59_000)).toBe("ok");
    expect(verifyTicket(SECRET, USER, ticket, NOW + 60_000)).toBe("expired");
  });

  it("are refused for another user, with another secret, when altered or missing", () => {
    const { ticket } = issueTicket(SECRET, USER, NOW);
    expect(verifyTicket(SECRET, USER.replace(/1$/, "2"), ticket, NOW)).toBe("forged");
    expect(verifyTicket("b".repeat(64), USER, ticket, NOW)).toBe("forged");
    // A later expiry with the old signature: the expiry is signed too.
    const [expiry, sig] = ticket.split(".");
    expect(verifyTicket(SECRET, USER, `${Number(expiry) + 3600}.${sig}`, NOW)).toBe("forged");
    expect(verifyTicket(SECRET, USER, `${expiry}.${sig.slice(0, -1)}`, NOW)).toBe("malformed");
    expect(verifyTicket(SECRET, USER, "", NOW)).toBe("missing");
    expect(verifyTicket(SECRET, USER, undefined, NOW)).toBe("missing");
  });

  it("are read from a Bearer header or the access_token query", () => {
    expect(ticketFrom({ authorization: "Bearer abc.def" }, new URLSearchParams())).toBe("abc.def");
    expect(ticketFrom({}, new URLSearchParams("access_token=abc.def"))).toBe("abc.def");
    expect(ticketFrom({ authorization: "Basic xyz" }, new URLSearchParams())).toBeUndefined();
  });
});
