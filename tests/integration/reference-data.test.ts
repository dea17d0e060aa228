import { expect, it } from "vitest";
import { COMPUTE_CATEGORIES } from "../../api/modules/compute/categories.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("categories, unread count, public stats", (t) => {
  it("GetSoftAlgorithmListBase lists the 12 categories in order, with zh text and a description", async () => {
    const s = await sessionFor(t(), "guest");
    const r = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token });
    expect(r.status).toBe(200);
    const data = r.returnData.data;
    expect(data.map((c: { category: string }) => c.category)).toEqual([
      "FirstPrinciples", "CALPHAD", "Spread", "Precipitation", "Multiphase", "Limited", "Fluid", "Coupling", "DatabaseResources", "Localization", "Other", "CAD",
    ]);
    expect(data.map((c: { categoryText: string }) => c.categoryText)).toEqual([
      "第一性原理", "相图计算", "扩散", "析出", "多相", "有限元", "流体", "耦合", "数据库", "国产化", "其他", "CAD",
    ]);
    for (const c of data) {
      expect(Object.keys(c).sort()).toEqual(["apps", "category", "categoryText", "description", "icon", "sort"]);
      expect(c.description).toMatch(/。$/);
      expect(c.icon).not.toBe("");
    }
    expect((await t().call("CalculateTask/GetSoftAlgorithmListBase")).status).toBe(205);
  });

  it("the category seeder upserts: edited rows come back, nothing is duplicated", async () => {
    const db = t().api.app.db;
    await db.query(`update compute_categories set category_text = 'x', sort = 0 where category = 'CAD'`);
    const { seedComputeCategories } = await import("../../api/modules/compute/categories.ts");
    await seedComputeCategories(db);
    const rows = await db.query<{ category_text: string; sort: number }>(`select category_text, sort from compute_categories where category = 'CAD'`);
    expect(rows).toEqual([{ category_text: "CAD", sort: 120 }]);
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from compute_categories`);
    expect(n).toBe(COMPUTE_CATEGORIES.length);
  });

  it("unread count: admin has 3 demo notices and 1 directed message; reading lowers it", async () => {
    const db = t().api.app.db;
    const admin = await sessionFor(t(), "admin");
    const count = async (token: string) => (await t().call("SysMessage/GetNoReadMessageCount", { token })).returnData;
    expect(await count(admin.token)).toBe(4);
    const guest = await sessionFor(t(), "guest");
    expect(await count(guest.token)).toBe(3);

    const [notice] = await db.query<{ id: string }>(`select id from notices order by published_at limit 1`);
    await db.query(`insert into notice_reads(notice_id, user_id) values ($1, $2)`, [notice.id, guest.userId]);
    expect(await count(guest.token)).toBe(2);
    // Drafts and notices scheduled for later do not count.
    await db.query(`insert into notices(title) values ('草稿')`);
    await db.query(`insert into notices(title, published_at) values ('明天发布', now() + interval '1 day')`);
    expect(await count(guest.token)).toBe(2);
    await db.query(`update user_messages set read_at = now() where user_id = $1`, [admin.userId]);
    expect(await count(admin.token)).toBe(3);
    await db.query(`update user_messages set read_at = null where user_id = $1`, [admin.userId]);
    await db.query(`delete from notice_reads where user_id = $1`, [guest.userId]);
    await db.query(`delete from notices where published_at is null or published_at > now()`);
    expect((await t().call("SysMessage/GetNoReadMessageCount")).status).toBe(205);
  });

  it("GetPublicStats needs no login and answers the real counts", async () => {
    const db = t().api.app.db;
    const counts = async () =>
      (
        await db.query<Record<string, number>>(
          `select (select count(*) from users where not disabled)::int as users, (select count(*) from departments)::int as departments,
                  (select count(*) from compute_categories)::int as categories,
                  (select count(*) from notices where published_at <= now())::int as notices, (select count(*) from roles)::int as roles`,
        )
      )[0];
    const r = await t().call("Dashboard/GetPublicStats");
    expect(r.status).toBe(200);
    expect(r.returnData).toEqual(await counts());
    expect(r.returnData).toMatchObject({ users: 9, categories: 12, notices: 3, roles: 9 });
    expect(r.returnData.departments).toBeGreaterThanOrEqual(2);

    await db.query(`update users set disabled = true where name = 'equip'`);
    try {
      expect((await t().call("Dashboard/GetPublicStats")).returnData.users).toBe(8);
    } finally {
      await db.query(`update users set disabled = false where name = 'equip'`);
    }
  });
});
