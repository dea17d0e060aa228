import type { Db } from "../../db/index.ts";
import { saveMaterial } from "./materials.ts";

/**
 * The demo's materials (SEED_DEMO only): the 42CrMo bar and the grade 45 plate of the demo lab's orders, by the
 * heats their samples carry, with the process each went through; and a 20CrMnTi gear steel carburized, with no
 * samples yet, whose steps open the carburizing calculation.
 */
export async function seedDemoMaterials(db: Db): Promise<void> {
  if ((await db.query(`select 1 from materials limit 1`)).length) return;
  const [admin] = await db.query<{ id: string }>(`select id from users where name = 'admin'`);
  if (!admin) return;
  const heatOf = async (grade: string) =>
    (await db.query<{ heat_no: string }>(`select s.heat_no from detection_samples s where s.grade = $1 and s.heat_no <> '' order by s.registered_at limit 1`, [grade]))[0]?.heat_no ?? "";
  const actor = { id: admin.id, name: "admin", ip: "127.0.0.1" };
  const step = (Kind: string, Title: string, TemperatureC: number | null, DurationMin: number | null, Medium = "", extra: Record<string, unknown> = {}) => ({
    Kind,
    Title,
    TemperatureC,
    DurationMin,
    Medium,
    Note: "",
    ...extra,
  });
  await saveMaterial(db, actor, {
    Code: "M2611-001",
    Grade: "42CrMo",
    HeatNo: await heatOf("42CrMo"),
    Supplier: "兴澄特钢",
    Form: "棒材",
    Dimensions: "Φ25 × 3000 mm",
    Condition: "调质",
    Steps: [
      step("melting", "电弧炉 + LF 精炼 + VD 真空脱气", 1620, 95),
      step("rolling", "连轧至 Φ25", 1150, null, "", { Note: "终轧 880 °C" }),
      step("quenching", "860 °C 奥氏体化后油淬", 860, 60, "油"),
      step("tempering", "550 °C 回火", 550, 120, "空冷"),
    ],
  });
  await saveMaterial(db, actor, {
    Code: "M2611-002",
    Grade: "45",
    HeatNo: await heatOf("45"),
    Supplier: "南钢",
    Form: "板材",
    Dimensions: "10 × 1500 × 6000 mm",
    Condition: "热轧",
    Steps: [step("melting", "转炉 + LF 精炼", 1600, 60), step("rolling", "中厚板轧制", 1200, null, "空冷")],
  });
  await saveMaterial(db, actor, {
    Code: "M2611-003",
    Grade: "20CrMnTi",
    HeatNo: "H26-3301",
    Supplier: "本钢",
    Form: "锻件",
    Dimensions: "齿轮坯 Φ180 × 60 mm",
    Condition: "渗碳淬火",
    Steps: [
      step("forging", "齿轮坯锻造", 1150, null),
      step("normalizing", "正火", 920, 90, "空冷"),
      step("carburizing", "气体渗碳", 930, 360, "吸热式气氛", { CarbonPotential: 1.0 }),
      step("quenching", "降温至 840 °C 直接油淬", 840, 30, "油"),
      step("tempering", "低温回火", 180, 120, "空冷"),
    ],
  });
}
