import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { from } from "./login-helpers.ts";

describeEachBackend(
  "login: QR tickets",
  (api) => {
    const create = () => api().call("Login/CreateQrTicket", { method: "POST" });
    const poll = (ticket: string, secret: string) => api().call("Login/QrLogin", { form: { ticket, secret }, headers: from("192.0.2.50") });

    it("runs the whole flow: pending, approved by a phone, a session exactly once, then expired", async () => {
      const t = api();
      const created = await create();
      expect(created.status).toBe(200);
      const { ticket, secret, url, expiresAt } = created.returnData;
      expect(url).toBe(`https://ferrum.example/loginMobile?qr=${ticket}`);
      expect(secret.length).toBeGreaterThanOrEqual(40);
      const ttl = new Date(expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(170_000);
      expect(ttl).toBeLessThanOrEqual(180_000);
      const [row] = await t.api.app.db.query<{ secret_hash: string }>(`select secret_hash from qr_tickets where id = $1`, [ticket]);
      expect(row.secret_hash).not.toBe(secret);

      expect((await poll(ticket, secret)).returnData).toEqual({ state: "pending" });

      const admin = await t.login("admin");
      const info = await t.call("Login/GetQrTicketInfo", { query: { ticket }, token: admin.token });
      expect(info.returnData).toEqual({ state: "pending", createdAt: expect.any(String), expiresAt });

      const phone = await t.login("guest");
      const approve = await t.call("Login/ApproveQrTicket", { form: { ticket }, token: phone.token });
      expect(approve).toMatchObject({ status: 200, returnData: true });
      // First approval wins.
      const hijack = await t.call("Login/ApproveQrTicket", { form: { ticket }, token: admin.token });
      expect(hijack).toMatchObject({ status: 400, msg: "二维码已失效，请刷新" });
      expect((await t.call("Login/GetQrTicketInfo", { query: { ticket }, token: admin.token })).returnData.state).toBe("approved");

      const done = await poll(ticket, secret);
      expect(done.status).toBe(200);
      expect(done.returnData).toMatchObject({ state: "approved", userId: phone.userId, first: false, needUnit: false });
      expect((await t.call("Login/Logout", { method: "POST", token: done.returnData.token })).returnData).toBe(true);
      expect((await poll(ticket, secret)).returnData).toEqual({ state: "expired" });
      expect((await t.call("Login/GetQrTicketInfo", { query: { ticket }, token: admin.token })).returnData.state).toBe("expired");
    });

    it("hands out one session when two polls race on an approved ticket", async () => {
      const t = api();
      const { ticket, secret } = (await create()).returnData;
      const phone = await t.login("guest");
      await t.call("Login/ApproveQrTicket", { form: { ticket }, token: phone.token });
      const answers = await Promise.all([poll(ticket, secret), poll(ticket, secret), poll(ticket, secret)]);
      expect(answers.map((a) => a.returnData.state).sort()).toEqual(["approved", "expired", "expired"]);
    });

    it("refuses a wrong secret and an unknown ticket", async () => {
      const { ticket } = (await create()).returnData;
      expect(await poll(ticket, "guessed")).toMatchObject({ status: 400, msg: "二维码无效" });
      expect(await poll("00000000-0000-4000-8000-000000000000", "x")).toMatchObject({ status: 400, msg: "二维码无效" });
      expect(await poll("not-a-uuid", "x")).toMatchObject({ status: 400, msg: "二维码无效" });
      const phone = await api().login("guest");
      const info = await api().call("Login/GetQrTicketInfo", { query: { ticket: "nope" }, token: phone.token });
      expect(info).toMatchObject({ status: 400, msg: "二维码无效" });
    });

    it("lets an expired ticket neither be approved nor log in", async () => {
      const t = api();
      const { ticket, secret } = (await create()).returnData;
      const phone = await t.login("guest");
      await t.api.app.db.query(`update qr_tickets set expires_at = now() - interval '1 second' where id = $1`, [ticket]);
      expect((await poll(ticket, secret)).returnData).toEqual({ state: "expired" });
      expect((await t.call("Login/ApproveQrTicket", { form: { ticket }, token: phone.token })).status).toBe(400);

      const second = (await create()).returnData;
      await t.call("Login/ApproveQrTicket", { form: { ticket: second.ticket }, token: phone.token });
      await t.api.app.db.query(`update qr_tickets set expires_at = now() - interval '1 second' where id = $1`, [second.ticket]);
      expect((await poll(second.ticket, second.secret)).returnData).toEqual({ state: "expired" });
    });
  },
  { WEB_PUBLIC_URL: "https://ferrum.example/" },
);
