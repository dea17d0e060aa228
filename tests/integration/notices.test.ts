import { expect, it } from "vitest";
import { sendDirectedMessage } from "../../api/modules/notices/directed.ts";
import { describeEachBackend } from "./harness.ts";
import { expectClean, HOSTILE_HTML, insertAttachment, recordHub } from "./notices-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";
const UUID_NONE = "00000000-0000-4000-8000-000000000000";

describeEachBackend("notices and directed messages", (t) => {
  const db = () => t().api.app.db;
  const count = async (token: string) => (await t().call("SysMessage/GetNoReadMessageCount", { token })).returnData as number;
  const save = (token: string, json: unknown, headers?: Record<string, string>) => t().call("SysMessage/SaveSystemNotice", { token, json, headers });
  const noticeRows = async () => (await db().query(`select id, title, content, author, published_at, withdrawn_at from notices order by id`)) as unknown[];

  it("demo data: three published notices for everyone, admin's message; unread 4 for admin, 3 for guest", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    expect(await count(admin.token)).toBe(4);
    expect(await count(guest.token)).toBe(3);
    const list = await t().call("SysMessage/GetSystemNoticeList", { token: guest.token });
    expect(list.status).toBe(200);
    expect(list.returnData).toMatchObject({ total: 3, page: 1, size: 10 });
    expect(list.returnData.rows.map((r: { title: string }) => r.title)).toEqual(["检测数据上传规范更新", "相图计算新增高合金钢热力学数据库", "平台系统维护通知"]);
    expect(list.returnData.rows[0]).toEqual({ id: expect.any(String), title: "检测数据上传规范更新", author: "数据管理组", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), read: false });
    const msgs = await t().call("SysMessage/GetUserMessageList", { token: admin.token });
    expect(msgs.returnData).toMatchObject({ total: 1, rows: [{ title: "您有一条新的用户反馈待处理", read: false }] });
    expect((await t().call("SysMessage/GetUserMessageList", { token: guest.token })).returnData.total).toBe(0);
  });

  it("every call needs a token, and the manage calls need SystemAdmin", async () => {
    for (const [path, method] of [
      ["SysMessage/GetSystemNoticeList", "GET"],
      ["SysMessage/GetUserMessageList", "GET"],
      ["SysMessage/ReadAll", "POST"],
      ["SysMessage/GetSystemNoticeManageList", "GET"],
      ["SysMessage/SaveSystemNotice", "POST"],
    ] as const) {
      expect((await t().call(path, { method })).status, path).toBe(205);
    }
    const before = await noticeRows();
    const [notice] = await db().query<{ id: string }>(`select id from notices limit 1`);
    for (const name of ["guest", "xadmin", "inside"]) {
      const s = await sessionFor(t(), name);
      const calls = [
        t().call("SysMessage/GetSystemNoticeManageList", { token: s.token }),
        t().call("SysMessage/GetSystemNoticeForEdit", { token: s.token, query: { id: notice.id } }),
        save(s.token, { Title: "越权", Content: "<p>x</p>", Publish: true }),
        t().call("SysMessage/WithdrawSystemNotice", { token: s.token, json: { Id: notice.id } }),
        t().call("SysMessage/DeleteSystemNotice", { token: s.token, json: { Id: notice.id } }),
      ];
      for (const r of await Promise.all(calls)) expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
    }
    expect(await noticeRows()).toEqual(before);
  });

  it("SaveSystemNotice validates in the caller's language and changes nothing on bad input", async () => {
    const admin = await sessionFor(t(), "admin");
    const { pushed, restore } = recordHub(t());
    try {
      const before = await noticeRows();
      const cases: Array<[unknown, string, string]> = [
        [{ Title: "  ", Content: "<p>x</p>", Publish: true }, "Title", "请输入标题"],
        [{ Content: "<p>x</p>" }, "Title", "请输入标题"],
        [{ Title: "标".repeat(101) }, "Title", "标题长度不能超过100"],
        [{ Title: "正常", Content: "x".repeat(200_001) }, "Content", "内容长度不能超过200000"],
        [{ Title: "正常", Author: "作".repeat(51) }, "Author", "作者长度不能超过50"],
        [{ Title: "正常", Attachments: ["no-such-file.pdf"] }, "Attachments", "附件不存在或无权使用"],
        [{ Title: "正常", Attachments: [1, 2] }, "Attachments", "附件不存在或无权使用"],
        [{ Title: "正常", Id: "not-a-uuid" }, "Id", "参数错误"],
        [{ Title: "正常", Publish: "maybe" }, "Publish", "参数错误"],
      ];
      for (const [json, field, msg] of cases) {
        const r = await save(admin.token, json);
        expect([r.status, r.msg], JSON.stringify(json).slice(0, 80)).toEqual([400, msg]);
        expect(r.returnData.fields.map((f: { field: string }) => f.field)).toContain(field);
      }
      const langs: Array<[string, string]> = [
        ["en", "Please enter a title"],
        ["es", "Introduzca un título"],
        ["ja", "タイトルを入力してください"],
      ];
      for (const [lang, msg] of langs) expect((await save(admin.token, { Title: "" }, { "accept-language": lang })).msg).toBe(msg);
      const missing = await save(admin.token, { Id: UUID_NONE, Title: "不存在" });
      expect([missing.status, missing.msg]).toEqual([404, "通知不存在"]);
      expect(await noticeRows()).toEqual(before);
      expect(pushed).toEqual([]);
    } finally {
      restore();
    }
  });

  it("draft → publish (broadcast) → edit (no second broadcast) → withdraw → publish again → delete", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const { pushed, restore } = recordHub(t());
    try {
      const unread0 = await count(guest.token);
      const draft = await save(admin.token, { Title: "炉料配比计算上线", Content: "<p>草稿内容</p>", Publish: false });
      expect(draft.status).toBe(200);
      const id = draft.returnData.Id as string;
      const edit = async () => (await t().call("SysMessage/GetSystemNoticeForEdit", { token: admin.token, query: { id } })).returnData;
      expect(await edit()).toEqual({ Id: id, Title: "炉料配比计算上线", Author: "系统管理员", Content: "<p>草稿内容</p>", State: "draft", Attachments: [] });
      const userDetail = () => t().call("SysMessage/GetSystemNoticeDetail", { token: guest.token, query: { id } });
      const hidden = await userDetail();
      expect([hidden.status, hidden.msg]).toEqual([404, "通知不存在"]);
      expect((await t().call("SysMessage/GetSystemNoticeeDetailForDig", { token: guest.token, query: { id } })).status).toBe(404);
      expect(await count(guest.token)).toBe(unread0);
      expect(pushed).toEqual([]);

      const pub = await save(admin.token, { Id: id, Title: "炉料配比计算上线", Content: "<p>已发布</p>", Author: "计算服务组", Publish: true });
      expect([pub.status, pub.returnData]).toEqual([200, { Id: id }]);
      expect(pushed).toEqual([{ to: "all", method: "receiveMessageBroadcast", arg: { type: "All", code: "SystemNotice", data: id } }]);
      expect(await count(guest.token)).toBe(unread0 + 1);
      const dig = await t().call("SysMessage/GetSystemNoticeeDetailForDig", { token: guest.token, query: { id } });
      expect(dig.returnData).toEqual({ id, title: "炉料配比计算上线", author: "计算服务组", time: expect.any(String), content: "<p>已发布</p>" });
      // The dialog does not mark the notice read.
      expect(await count(guest.token)).toBe(unread0 + 1);
      expect((await userDetail()).returnData).toEqual({ ...dig.returnData, read: false, attachments: [] });
      expect((await t().call("SysMessage/GetSystemNoticeList", { token: guest.token })).returnData.rows[0].id).toBe(id);

      // Editing a published notice keeps it published and the author given before; nobody is pushed twice.
      expect((await save(admin.token, { Id: id, Title: "炉料配比计算正式上线", Content: "<p>修订</p>", Publish: true })).status).toBe(200);
      expect(pushed).toHaveLength(1);
      expect(await edit()).toMatchObject({ Title: "炉料配比计算正式上线", Author: "计算服务组", State: "published" });

      const withdraw = () => t().call("SysMessage/WithdrawSystemNotice", { token: admin.token, json: { Id: id } });
      expect((await withdraw()).returnData).toBe(true);
      const again = await withdraw();
      expect([again.status, again.msg]).toEqual([400, "该通知未发布，无需撤回"]);
      expect((await edit()).State).toBe("withdrawn");
      expect((await userDetail()).status).toBe(404);
      expect(await count(guest.token)).toBe(unread0);
      const listed = await t().call("SysMessage/GetSystemNoticeList", { token: guest.token });
      expect(listed.returnData.rows.map((r: { id: string }) => r.id)).not.toContain(id);
      const dash = await t().call("Dashboard/GetPublicStats");
      expect(dash.returnData.notices).toBe(listed.returnData.total);

      expect((await save(admin.token, { Id: id, Title: "炉料配比计算正式上线", Content: "<p>再次发布</p>", Publish: true })).status).toBe(200);
      expect(pushed).toHaveLength(2);
      expect(pushed[1].arg.data).toBe(id);
      expect((await edit()).State).toBe("published");
      expect((await userDetail()).returnData.content).toBe("<p>再次发布</p>");

      const del = () => t().call("SysMessage/DeleteSystemNotice", { token: admin.token, json: { Id: id } });
      expect([(await del()).status, (await del()).status]).toEqual([200, 404]);
      expect((await edit()) ?? null).toBeNull();
      expect(await count(guest.token)).toBe(unread0);
      expect((await t().call("SysMessage/WithdrawSystemNotice", { token: admin.token, json: { Id: UUID_NONE } })).status).toBe(404);
    } finally {
      restore();
    }
  });

  it("rich text is sanitised on the way in and again on the way out", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const r = await save(admin.token, { Title: "富文本", Content: HOSTILE_HTML, Publish: true });
    const id = r.returnData.Id;
    const [stored] = await db().query<{ content: string }>(`select content from notices where id = $1`, [id]);
    expectClean(stored.content, expect);
    expectClean((await t().call("SysMessage/GetSystemNoticeDetail", { token: guest.token, query: { id } })).returnData.content, expect);
    // A row written around the API (an old release, a manual fix) is still cleaned when it is read.
    await db().query(`update notices set content = $2 where id = $1`, [id, HOSTILE_HTML]);
    expectClean((await t().call("SysMessage/GetSystemNoticeDetail", { token: guest.token, query: { id } })).returnData.content, expect);
    expectClean((await t().call("SysMessage/GetSystemNoticeeDetailForDig", { token: guest.token, query: { id } })).returnData.content, expect);
    expectClean((await t().call("SysMessage/GetSystemNoticeForEdit", { token: admin.token, query: { id } })).returnData.Content, expect);
    await t().call("SysMessage/DeleteSystemNotice", { token: admin.token, json: { Id: id } });
  });

  it("attachments: existing paths only, any owner for SystemAdmin, answered as {path, name, size, type} in order", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const own = await insertAttachment(t(), admin.userId, "规程.pdf", "application/pdf", 2048);
    const others = await insertAttachment(t(), guest.userId, "photo.png", "image/png", 512);
    const r = await save(admin.token, { Title: "带附件", Content: "<p>见附件</p>", Attachments: [others, own, others], Publish: true });
    expect(r.status).toBe(200);
    const id = r.returnData.Id;
    const detail = await t().call("SysMessage/GetSystemNoticeDetail", { token: guest.token, query: { id } });
    expect(detail.returnData.attachments).toEqual([
      { path: others, name: "photo.png", size: 512, type: "image/png" },
      { path: own, name: "规程.pdf", size: 2048, type: "application/pdf" },
    ]);
    // A refused path leaves the notice and its attachments as they were.
    const bad = await save(admin.token, { Id: id, Title: "改标题", Attachments: [own, "../../etc/passwd"] });
    expect([bad.status, bad.msg]).toEqual([400, "附件不存在或无权使用"]);
    const edit = await t().call("SysMessage/GetSystemNoticeForEdit", { token: admin.token, query: { id } });
    expect(edit.returnData.Title).toBe("带附件");
    expect(edit.returnData.Attachments.map((a: { path: string }) => a.path)).toEqual([others, own]);
    expect((await save(admin.token, { Id: id, Title: "带附件", Attachments: [] })).status).toBe(200);
    expect((await t().call("SysMessage/GetSystemNoticeDetail", { token: guest.token, query: { id } })).returnData.attachments).toEqual([]);
    await t().call("SysMessage/DeleteSystemNotice", { token: admin.token, json: { Id: id } });
    const [{ n }] = await db().query<{ n: number }>(`select count(*)::int as n from attachments where stored_name in ($1, $2)`, [own, others]);
    expect(n).toBe(2);
  });

  it("lists: paging (size at most 50), keyword case-insensitive with % and _ literal, read filter, manage state filter", async () => {
    const admin = await sessionFor(t(), "admin");
    const user = await sessionFor(t(), "outside");
    const ids: string[] = [];
    for (const title of ["Alloy 100% test", "alloy_x steel", "ALLOYZ steel", "Alloy draft"]) {
      const r = await save(admin.token, { Title: title, Content: "<p>x</p>", Publish: title !== "Alloy draft" });
      ids.push(r.returnData.Id);
    }
    const list = (query: Record<string, string>, token = user.token) => t().call("SysMessage/GetSystemNoticeList", { token, query });
    const titles = async (query: Record<string, string>) => (await list(query)).returnData.rows.map((r: { title: string }) => r.title).sort();
    expect(await titles({ keyword: "alloy" })).toEqual(["ALLOYZ steel", "Alloy 100% test", "alloy_x steel"]);
    expect(await titles({ keyword: "100%" })).toEqual(["Alloy 100% test"]);
    expect(await titles({ keyword: "%" })).toEqual(["Alloy 100% test"]);
    expect(await titles({ keyword: "y_" })).toEqual(["alloy_x steel"]);
    expect(await titles({ keyword: "'; drop table notices;--" })).toEqual([]);

    const p1 = await list({ size: "2", page: "1" });
    const p3 = await list({ size: "2", page: "3" });
    expect(p1.returnData).toMatchObject({ total: 6, page: 1, size: 2 });
    expect(p1.returnData.rows).toHaveLength(2);
    expect(p3.returnData.rows).toHaveLength(2);
    expect((await list({ size: "2", page: "4" })).returnData.rows).toEqual([]);
    for (const query of <Array<Record<string, string>>>[{ size: "51" }, { size: "0" }, { page: "0" }, { page: "x" }, { read: "maybe" }, { keyword: "k".repeat(101) }]) {
      expect((await list(query)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await list({ size: "50", page: "", keyword: "" })).status).toBe(200);

    const readCall = await t().call("SysMessage/ReadSystemNotice", { token: user.token, json: { id: ids[0] } });
    expect([readCall.status, readCall.returnData]).toEqual([200, true]);
    expect((await list({ read: "read" })).returnData.rows.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await list({ read: "unread" })).returnData.total).toBe(5);
    expect((await list({ read: "all" })).returnData.total).toBe(6);
    // Reading a draft or an unknown notice is refused.
    expect((await t().call("SysMessage/ReadSystemNotice", { token: user.token, json: { id: ids[3] } })).status).toBe(404);
    expect((await t().call("SysMessage/ReadSystemNotice", { token: user.token, form: { id: "x" } })).status).toBe(400);

    const manage = (query: Record<string, string>) => t().call("SysMessage/GetSystemNoticeManageList", { token: admin.token, query });
    const drafts = await manage({ state: "draft", keyword: "ALLOY" });
    expect(drafts.returnData).toMatchObject({ total: 1, rows: [{ id: ids[3], title: "Alloy draft", author: "系统管理员", state: "draft", publishedAt: null }] });
    expect((await manage({ state: "published" })).returnData.total).toBe(6);
    expect((await manage({})).returnData.rows[0]).toMatchObject({ id: ids[3], createdAt: expect.any(String) });
    expect((await manage({ state: "gone" })).status).toBe(400);
    for (const id of ids) await t().call("SysMessage/DeleteSystemNotice", { token: admin.token, json: { Id: id } });
  });

  it("directed messages: only one's own (others are 404), read one, read all, and the unread count follows", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const { pushed, restore } = recordHub(t());
    try {
      const mine = await sendDirectedMessage(t().api.app, { userId: guest.userId, title: "任务完成", content: '<p onclick="x()">相图计算已完成</p><script>1</script>', link: "/myAllTask/index" });
      expect(pushed).toEqual([{ to: guest.userId, method: "receiveDirectionalMessageBroadcast", arg: { type: "Rdirectional", code: "UserMessage", data: mine } }]);
      const before = await count(guest.token);
      const detail = await t().call("SysMessage/GetUserMessageDetail", { token: guest.token, query: { id: mine } });
      expect(detail.returnData).toEqual({ id: mine, title: "任务完成", content: "<p>相图计算已完成</p>", time: expect.any(String), read: false, link: "/myAllTask/index" });

      const [adminMsg] = (await t().call("SysMessage/GetUserMessageList", { token: admin.token })).returnData.rows;
      for (const r of [
        await t().call("SysMessage/GetUserMessageDetail", { token: guest.token, query: { id: adminMsg.id } }),
        await t().call("SysMessage/ReadUserMessage", { token: guest.token, json: { id: adminMsg.id } }),
        await t().call("SysMessage/GetUserMessageDetail", { token: admin.token, query: { id: mine } }),
        await t().call("SysMessage/GetUserMessageDetail", { token: guest.token, query: { id: UUID_NONE } }),
      ]) {
        expect([r.status, r.msg]).toEqual([404, "消息不存在"]);
      }
      expect((await t().call("SysMessage/GetUserMessageList", { token: admin.token })).returnData.rows[0].read).toBe(false);
      expect((await t().call("SysMessage/GetUserMessageList", { token: guest.token })).returnData.rows.map((r: { id: string }) => r.id)).toEqual([mine]);

      expect((await t().call("SysMessage/ReadUserMessage", { token: guest.token, json: { id: mine } })).returnData).toBe(true);
      expect(await count(guest.token)).toBe(before - 1);
      const filtered = async (read: string) => (await t().call("SysMessage/GetUserMessageList", { token: guest.token, query: { read } })).returnData.total;
      expect([await filtered("read"), await filtered("unread")]).toEqual([1, 0]);
      expect((await t().call("SysMessage/GetUserMessageList", { token: guest.token, query: { keyword: "任务" } })).returnData.total).toBe(1);
      expect((await t().call("SysMessage/GetUserMessageList", { token: guest.token, query: { keyword: "无关" } })).returnData.total).toBe(0);

      await sendDirectedMessage(t().api.app, { userId: guest.userId, title: "第二条", content: "<p>2</p>" });
      expect(await count(guest.token)).toBe(before);
      // The layout's bell reads the same count from the user's context (one call per page).
      const bell = async () => (await t().call("Login/GetUserInfoByIdInfo", { token: guest.token, query: { mdId: guest.userId } })).returnData.noReadCount;
      expect(await bell()).toBe(before);
      expect((await t().call("SysMessage/ReadAll", { token: guest.token, method: "POST" })).returnData).toBe(true);
      expect(await count(guest.token)).toBe(0);
      expect(await bell()).toBe(0);
      // Read all is the caller's only: admin still has its notices and its message unread.
      expect(await count(admin.token)).toBe(4);
      await db().query(`delete from notice_reads where user_id = $1`, [guest.userId]);
      await db().query(`delete from user_messages where user_id = $1`, [guest.userId]);
    } finally {
      restore();
    }
  });
});
