import type { Db } from "../../db/index.ts";

/** Demo notices (published at these ages) so the bell shows a count on demo data. */
export const DEMO_NOTICES: Array<{ title: string; author: string; content: string; ageHours: number }> = [
  {
    title: "平台系统维护通知",
    author: "平台运维组",
    ageHours: 72,
    content:
      "<p>为提升计算服务的稳定性，平台将于本周六 22:00 至次日 06:00 进行系统维护。</p>" +
      "<p>维护期间暂停提交云计算任务和上传检测数据，已提交的计算任务不受影响，维护结束后将自动继续。给您带来的不便，敬请谅解。</p>",
  },
  {
    title: "相图计算新增高合金钢热力学数据库",
    author: "计算服务组",
    ageHours: 24,
    content:
      "<p>相图计算（CALPHAD）模块新增高合金钢与镍基高温合金热力学数据库，覆盖 Fe-Cr-Ni-Mo-C-N 等体系。</p>" +
      "<p>提交相图计算任务时可在“数据库”下拉框中直接选用，使用说明见帮助文档。</p>",
  },
  {
    title: "检测数据上传规范更新",
    author: "数据管理组",
    ageHours: 2,
    content:
      "<p>自即日起，上传检测数据时需填写样品编号和检测标准号，缺少这两项的数据将不参与相似数据检索。</p>" +
      "<p>已上传的数据可在“我的检测数据”中补填。</p>",
  },
];

/** Runs once, when the demo users are created: three published notices and one message for admin. */
export async function seedDemoMessages(db: Db): Promise<void> {
  const [admin] = await db.query<{ id: string }>(`select id from users where name = 'admin'`);
  for (const n of DEMO_NOTICES) {
    await db.query(
      `insert into notices(title, author, content, created_by, published_at, created_at)
       values ($1, $2, $3, $4, now() - ($5 || ' hours')::interval, now() - ($5 || ' hours')::interval)`,
      [n.title, n.author, n.content, admin?.id ?? null, String(n.ageHours)],
    );
  }
  if (admin) {
    await db.query(`insert into user_messages(user_id, title, content) values ($1, $2, $3)`, [
      admin.id,
      "您有一条新的用户反馈待处理",
      "<p>用户“访客”提交了一条关于相图计算任务排队时间的反馈，请在 系统管理 - 意见反馈 中查看并回复。</p>",
    ]);
  }
}
