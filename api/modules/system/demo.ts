import type { Db } from "../../db/index.ts";

/**
 * The demo institute's departments under the root the demo users already belong to (钢铁研究总院), so the
 * tree page shows some depth. Added once, with the demo users.
 */
const TREE: Array<{ name: string; code: string; leader?: string; children?: Array<{ name: string; code: string; leader?: string }> }> = [
  {
    name: "先进钢铁材料研究所",
    code: "AS",
    leader: "李明",
    children: [
      { name: "高强钢研究室", code: "AS-HSS", leader: "王芳" },
      { name: "耐热钢研究室", code: "AS-HRS" },
    ],
  },
  { name: "计算材料研究室", code: "CM", leader: "张伟" },
  { name: "检测中心", code: "TC", leader: "陈静", children: [{ name: "化学分析室", code: "TC-CA" }, { name: "力学性能室", code: "TC-MP" }] },
];

export async function seedDemoDepartments(db: Db): Promise<void> {
  const [root] = await db.query<{ id: string }>(`select id from departments where parent_id is null and name = '钢铁研究总院'`);
  if (!root) return;
  await db.query(`update departments set code = 'CISRI', leader = '系统管理员', phone = '010-62182114' where id = $1 and code is null`, [root.id]);
  for (const [i, d] of TREE.entries()) {
    const [row] = await db.query<{ id: string }>(
      `insert into departments(parent_id, name, code, leader, sort) values ($1, $2, $3, $4, $5) returning id`,
      [root.id, d.name, d.code, d.leader ?? "", i + 1],
    );
    for (const [j, c] of (d.children ?? []).entries()) {
      await db.query(`insert into departments(parent_id, name, code, leader, sort) values ($1, $2, $3, $4, $5)`, [row.id, c.name, c.code, c.leader ?? "", j + 1]);
    }
  }
}

/** Demo outside organisations (fictitious codes with valid check characters); the demo outside users belong to the first. */
const ENTERPRISES = [
  { name: "合作单位", code: "91110000MA0000001L", contact: "外部管理员", phone: "010-88880001", address: "北京市海淀区学院南路 76 号" },
  { name: "华北特钢示范有限公司", code: "91310000MA00000038", contact: "周强", phone: "021-66660002", address: "上海市宝山区示范路 1 号" },
  { name: "材料科学示范大学", code: "12100000MB0000002T", contact: "吴敏", phone: "", address: "" },
];

export async function seedDemoEnterprises(db: Db): Promise<void> {
  for (const e of ENTERPRISES) {
    const [row] = await db.query<{ id: string }>(
      `insert into enterprises(name, credit_code, contact, phone, address) values ($1, $2, $3, $4, $5) returning id`,
      [e.name, e.code, e.contact, e.phone, e.address],
    );
    if (e.name === "合作单位") await db.query(`update users set enterprise_id = $1 where name in ('outside', 'guest')`, [row.id]);
  }
}
