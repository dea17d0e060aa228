import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { expectClean, HOSTILE_HTML, insertAttachment, recordHub } from "./notices-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";
const UUID_NONE = "00000000-0000-4000-8000-000000000000";

describeEachBackend("feedback", (t) => {
  const db = () => t().api.app.db;
  const add = (token: string, json: unknown, headers?: Record<string, string>) => t().call("Feedback/AddFeedback", { token, json, headers });
  const get = (token: string, id: string) => t().call("Feedback/GetFeedback", { token, query: { id } });
  const feedbackRows = async () => (await db().query(`select * from feedback order by id`)) as unknown[];
  const count = async (token: string) => (await t().call("SysMessage/GetNoReadMessageCount", { token })).returnData as number;

  it("AddFeedback stores the caller's feedback (JSON or form) and GetFeedback answers it to the author", async () => {
    const guest = await sessionFor(t(), "guest");
    const r = await add(guest.token, { Title: "相图计算排队太久", Content: "<p>希望增加计算节点</p>", BizType: 1, Type: 2 });
    expect(r.status).toBe(200);
    const id = r.returnData as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const f = await get(guest.token, id);
    expect(f.returnData).toEqual({
      Id: id,
      Title: "相图计算排队太久",
      Content: "<p>希望增加计算节点</p>",
      BizType: 1,
      Type: 2,
      UserName: "访客",
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      Reply: null,
      ReplyAt: null,
      Attachments: [],
    });
    const form = await t().call("Feedback/AddFeedback", { token: guest.token, form: { Title: "表单提交", Content: "", BizType: "0", Type: "1" } });
    expect(form.status).toBe(200);
    expect((await get(guest.token, form.returnData)).returnData).toMatchObject({ Title: "表单提交", Content: "", BizType: 0, Type: 1 });
  });

  it("bad input is refused in the caller's language and stores nothing", async () => {
    const guest = await sessionFor(t(), "guest");
    const before = await feedbackRows();
    const cases: Array<[unknown, string, string]> = [
      [{ Title: " ", BizType: 0, Type: 0 }, "Title", "请输入标题"],
      [{ BizType: 0, Type: 0 }, "Title", "请输入标题"],
      [{ Title: "题".repeat(101), BizType: 0, Type: 0 }, "Title", "标题长度不能超过100"],
      [{ Title: "正常", BizType: 3, Type: 0 }, "BizType", "请选择正确的业务类型"],
      [{ Title: "正常", BizType: "x", Type: 0 }, "BizType", "请选择正确的业务类型"],
      [{ Title: "正常", Type: 0 }, "BizType", "请选择正确的业务类型"],
      [{ Title: "正常", BizType: 1, Type: -1 }, "Type", "请选择正确的反馈类型"],
      [{ Title: "正常", BizType: 1, Type: 1.5 }, "Type", "请选择正确的反馈类型"],
      [{ Title: "正常", BizType: 1, Type: 1, Content: "x".repeat(200_001) }, "Content", "内容长度不能超过200000"],
      [{ Title: "正常", BizType: 1, Type: 1, Attachments: ["nope.png"] }, "Attachments", "附件不存在或无权使用"],
      [{ Title: ["数组"], BizType: 1, Type: 1 }, "Title", "参数错误"],
    ];
    for (const [json, field, msg] of cases) {
      const r = await add(guest.token, json);
      expect([r.status, r.msg], JSON.stringify(json).slice(0, 80)).toEqual([400, msg]);
      expect(r.returnData.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const langs: Array<[string, string, string]> = [
      ["en", "Please enter a title", "Please choose a valid feedback type"],
      ["es", "Introduzca un título", "Elija un tipo de comentario válido"],
      ["ja", "タイトルを入力してください", "正しいフィードバックの種類を選択してください"],
    ];
    for (const [lang, title, type] of langs) {
      expect((await add(guest.token, { Title: "", BizType: 0, Type: 0 }, { "accept-language": lang })).msg).toBe(title);
      expect((await add(guest.token, { Title: "x", BizType: 0, Type: 9 }, { "accept-language": lang })).msg).toBe(type);
    }
    expect((await add("", { Title: "x", BizType: 0, Type: 0 })).status).toBe(205);
    expect(await feedbackRows()).toEqual(before);
  });

  it("content is sanitised on the way in and on the way out", async () => {
    const guest = await sessionFor(t(), "guest");
    const admin = await sessionFor(t(), "admin");
    const id = (await add(guest.token, { Title: "富文本反馈", Content: HOSTILE_HTML, BizType: 2, Type: 1 })).returnData;
    const [row] = await db().query<{ content: string }>(`select content from feedback where id = $1`, [id]);
    expectClean(row.content, expect);
    await db().query(`update feedback set content = $2, reply = $2, reply_at = now() where id = $1`, [id, HOSTILE_HTML]);
    const f = (await get(admin.token, id)).returnData;
    expectClean(f.Content, expect);
    expectClean(f.Reply, expect);
  });

  it("GetFeedback: the author and SystemAdmin only; others get the forbidden message; unknown is 404", async () => {
    const guest = await sessionFor(t(), "guest");
    const id = (await add(guest.token, { Title: "只给自己看", BizType: 0, Type: 0 })).returnData;
    expect((await get((await sessionFor(t(), "admin")).token, id)).status).toBe(200);
    for (const name of ["outside", "xadmin", "inside"]) {
      const r = await get((await sessionFor(t(), name)).token, id);
      expect([r.status, r.msg, r.returnData], name).toEqual([403, FORBIDDEN, null]);
    }
    const missing = await get(guest.token, UUID_NONE);
    expect([missing.status, missing.msg]).toEqual([404, "反馈不存在"]);
    expect((await get(guest.token, "1 or 1=1")).status).toBe(400);
    expect((await t().call("Feedback/GetFeedback", { query: { id } })).status).toBe(205);
  });

  it("attachments: one's own only (any for SystemAdmin), answered in order with name, size and type", async () => {
    const guest = await sessionFor(t(), "guest");
    const outside = await sessionFor(t(), "outside");
    const admin = await sessionFor(t(), "admin");
    const shot = await insertAttachment(t(), guest.userId, "screen.png", "image/png", 4096);
    const log = await insertAttachment(t(), guest.userId, "log.txt", "text/plain", 10);
    const before = await feedbackRows();
    const stolen = await add(outside.token, { Title: "用别人的附件", BizType: 0, Type: 1, Attachments: [shot] });
    expect([stolen.status, stolen.msg]).toEqual([400, "附件不存在或无权使用"]);
    expect(await feedbackRows()).toEqual(before);

    const r = await add(guest.token, { Title: "带截图", BizType: 0, Type: 1, Attachments: [log, shot] });
    expect(r.status).toBe(200);
    expect((await get(guest.token, r.returnData)).returnData.Attachments).toEqual([
      { path: log, name: "log.txt", size: 10, type: "text/plain" },
      { path: shot, name: "screen.png", size: 4096, type: "image/png" },
    ]);
    const single = await t().call("Feedback/AddFeedback", { token: guest.token, form: { Title: "表单单个附件", BizType: "0", Type: "1", Attachments: shot } });
    expect((await get(guest.token, single.returnData)).returnData.Attachments.map((a: { path: string }) => a.path)).toEqual([shot]);
    expect((await add(admin.token, { Title: "管理员转交", BizType: 0, Type: 1, Attachments: [shot] })).status).toBe(200);
  });

  it("lists: one's own feedback for users; everyone's with filters for SystemAdmin only", async () => {
    const uploader = await sessionFor(t(), "uploader");
    const transfer = await sessionFor(t(), "transfer");
    const admin = await sessionFor(t(), "admin");
    const mine: string[] = [];
    for (const [i, title] of ["Steel_A 需求", "steel%B 缺陷", "STEELC 建议"].entries()) {
      mine.push((await add(uploader.token, { Title: title, BizType: i, Type: i })).returnData);
    }
    await add(transfer.token, { Title: "Steel 别人的", BizType: 0, Type: 0 });

    const my = await t().call("Feedback/GetMyFeedbackList", { token: uploader.token, query: { size: "2" } });
    expect(my.returnData).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(my.returnData.rows[0]).toEqual({ Id: mine[2], Title: "STEELC 建议", BizType: 2, Type: 2, CreatedAt: expect.any(String), Replied: false });
    const page2 = await t().call("Feedback/GetMyFeedbackList", { token: uploader.token, query: { size: "2", page: "2" } });
    expect(page2.returnData.rows.map((r: { Id: string }) => r.Id)).toEqual([mine[0]]);
    expect((await t().call("Feedback/GetMyFeedbackList", { token: uploader.token, query: { size: "51" } })).status).toBe(400);

    const all = (query: Record<string, string>, token = admin.token) => t().call("Feedback/GetFeedbackList", { token, query });
    for (const name of ["guest", "xadmin", "inside", "outside"]) {
      const r = await all({}, (await sessionFor(t(), name)).token);
      expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
    }
    const titles = async (query: Record<string, string>) => (await all(query)).returnData.rows.map((r: { Title: string }) => r.Title).sort();
    expect(await titles({ keyword: "steel" })).toEqual(["STEELC 建议", "Steel 别人的", "Steel_A 需求", "steel%B 缺陷"]);
    expect(await titles({ keyword: "l_" })).toEqual(["Steel_A 需求"]);
    expect(await titles({ keyword: "l%" })).toEqual(["steel%B 缺陷"]);
    expect(await titles({ keyword: "steel", type: "1" })).toEqual(["steel%B 缺陷"]);
    expect(await titles({ keyword: "steel", bizType: "0" })).toEqual(["Steel 别人的", "Steel_A 需求"]);
    expect((await all({ keyword: "Steel 别人" })).returnData.rows[0]).toMatchObject({ UserName: "文件传输管理员", Replied: false });
    for (const query of [{ type: "3" }, { bizType: "-1" }, { replied: "maybe" }, { size: "100" }] as Array<Record<string, string>>) {
      expect((await all(query)).status, JSON.stringify(query)).toBe(400);
    }
    await t().call("Feedback/ReplyFeedback", { token: admin.token, form: { Id: mine[1], Reply: "<p>已修复</p>" } });
    expect(await titles({ keyword: "steel", replied: "true" })).toEqual(["steel%B 缺陷"]);
    expect((await titles({ keyword: "steel", replied: "false" })).length).toBe(3);
    expect((await titles({ keyword: "steel", replied: "all" })).length).toBe(4);
  });

  it("ReplyFeedback: SystemAdmin only; the reply reaches the author alone as a directed message, pushed to them", async () => {
    const guest = await sessionFor(t(), "guest");
    const outside = await sessionFor(t(), "outside");
    const admin = await sessionFor(t(), "admin");
    const id = (await add(guest.token, { Title: "请增加数据库", BizType: 1, Type: 0 })).returnData as string;
    const reply = (token: string, body: Record<string, string>, headers?: Record<string, string>) =>
      t().call("Feedback/ReplyFeedback", { token, form: body, headers });
    const { pushed, restore } = recordHub(t());
    try {
      const before = await feedbackRows();
      for (const name of ["guest", "xadmin", "outside"]) {
        const r = await reply((await sessionFor(t(), name)).token, { Id: id, Reply: "<p>越权回复</p>" });
        expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
      }
      for (const empty of ["", "   ", "<p><br></p>", "<script>alert(1)</script>"]) {
        const r = await reply(admin.token, { Id: id, Reply: empty });
        expect([r.status, r.msg], empty).toEqual([400, "请输入回复内容"]);
      }
      expect((await reply(admin.token, { Id: id, Reply: "" }, { "accept-language": "en" })).msg).toBe("Please enter a reply");
      expect((await reply(admin.token, { Id: UUID_NONE, Reply: "<p>回复</p>" })).status).toBe(404);
      expect((await reply(admin.token, { Id: "x", Reply: "<p>回复</p>" })).status).toBe(400);
      expect(await feedbackRows()).toEqual(before);
      expect(pushed).toEqual([]);

      const unread = await count(guest.token);
      const outsideUnread = await count(outside.token);
      const ok = await reply(admin.token, { Id: id, Reply: '<p>已安排<strong>下月</strong>上线<img src=x onerror="alert(1)"></p>' });
      expect([ok.status, ok.returnData]).toEqual([200, true]);

      const f = (await get(guest.token, id)).returnData;
      expect(f).toMatchObject({ Reply: "<p>已安排<strong>下月</strong>上线</p>", ReplyAt: expect.any(String) });
      const [stored] = await db().query<{ reply_by: string }>(`select reply_by from feedback where id = $1`, [id]);
      expect(stored.reply_by).toBe(admin.userId);
      expect((await t().call("Feedback/GetMyFeedbackList", { token: guest.token })).returnData.rows.find((r: { Id: string }) => r.Id === id).Replied).toBe(true);

      const msgs = await t().call("SysMessage/GetUserMessageList", { token: guest.token });
      const msg = msgs.returnData.rows[0];
      expect(msg).toMatchObject({ title: "您的反馈“请增加数据库”已回复", read: false });
      expect(pushed).toEqual([{ to: guest.userId, method: "receiveDirectionalMessageBroadcast", arg: { type: "Rdirectional", code: "UserMessage", data: msg.id } }]);
      const detail = await t().call("SysMessage/GetUserMessageDetail", { token: guest.token, query: { id: msg.id } });
      expect(detail.returnData).toMatchObject({ content: "<p>已安排<strong>下月</strong>上线</p>", link: `/feedback?id=${id}`, read: false });
      expect(await count(guest.token)).toBe(unread + 1);

      // Nobody else sees it or is told.
      expect(await count(outside.token)).toBe(outsideUnread);
      expect((await t().call("SysMessage/GetUserMessageDetail", { token: outside.token, query: { id: msg.id } })).status).toBe(404);
      expect((await t().call("SysMessage/GetUserMessageDetail", { token: admin.token, query: { id: msg.id } })).status).toBe(404);

      // A second reply replaces the first and tells the author again.
      expect((await reply(admin.token, { Id: id, Reply: "<p>已上线</p>" })).status).toBe(200);
      expect((await get(guest.token, id)).returnData.Reply).toBe("<p>已上线</p>");
      expect(pushed).toHaveLength(2);
      expect(await count(guest.token)).toBe(unread + 2);
    } finally {
      restore();
    }
  });
});
