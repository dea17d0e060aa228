import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import type { Actor } from "../system/oplog.ts";
import { saveEquipment } from "./equipment.ts";
import { instrumentLabel } from "./use.ts";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The demo lab's instruments: one of each calibration state, and one under maintenance. */
const INSTRUMENTS = [
  {
    Name: "电子万能试验机",
    Model: "WDW-300",
    Maker: "长春试验机研究所",
    Serial: "WDW300-2019-017",
    Location: "力学性能室 101",
    Methods: ["TENSILE-RT"],
    CalibratedOn: day(-260),
    CalibrationDue: day(105),
  },
  { Name: "直读光谱仪", Model: "ARL 4460", Maker: "Thermo Fisher", Serial: "ARL4460-1188", Location: "化学分析室 203", Methods: ["CHEM-OES"], CalibratedOn: day(-345), CalibrationDue: day(20) },
  { Name: "布氏硬度计", Model: "HB-3000", Maker: "莱州华银", Serial: "HB3000-0456", Location: "力学性能室 105", Methods: ["HARD-HBW"], CalibratedOn: day(-370), CalibrationDue: day(-5) },
  { Name: "摆锤冲击试验机", Model: "JB-300B", Maker: "济南试金", Serial: "JB300B-0921", Location: "力学性能室 102", Methods: ["IMPACT-KV2"], CalibratedOn: day(-120), CalibrationDue: day(245) },
  {
    Name: "碳硫分析仪",
    Model: "CS-844",
    Maker: "LECO",
    Serial: "CS844-3307",
    Location: "化学分析室 201",
    Methods: ["CHEM-CS"],
    CalibratedOn: day(-200),
    CalibrationDue: day(165),
    Status: "maintenance",
  },
];

/**
 * The demo lab's instruments (SEED_DEMO only, after the demo orders), kept by the equipment administrator in
 * their department, registered through the same call the form uses; the demo results typed with an
 * instrument's model are then recorded as measured on it, so the equipment statistics have something to count.
 */
export async function seedDemoEquipment(db: Db): Promise<void> {
  const [admin] = await db.query<{ id: string }>(`select id from users where name = 'admin'`);
  const [keeper] = await db.query<{ id: string; department_id: string | null }>(`select id, department_id from users where name = 'equip'`);
  if (!admin || !keeper || (await db.query(`select 1 from equipment limit 1`)).length) return;
  const user: AuthUser = { id: admin.id, name: "admin", roles: ["SystemAdmin"], tokenHash: "" };
  const actor: Actor = { id: admin.id, name: "admin", ip: "127.0.0.1" };
  for (const i of INSTRUMENTS) {
    const e = await saveEquipment(db, user, actor, { Status: "active", ...i, KeeperId: keeper.id, DepartmentId: keeper.department_id ?? undefined });
    await db.query(`update detection_results set equipment_id = $1, equipment = $2 where equipment_id is null and equipment like $3`, [
      e.Id,
      instrumentLabel({ name: e.Name, model: e.Model, serial: e.Serial }),
      `${i.Model}%`,
    ]);
  }
}
