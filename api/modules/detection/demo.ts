import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import type { Actor } from "../system/oplog.ts";
import { saveOrder, setOrderState } from "./orders.ts";
import { releaseFonts } from "./pdf-fonts.ts";
import { saveDetectionProject } from "./projects.ts";
import { saveResults } from "./results.ts";
import { registerSamples } from "./samples.ts";

/**
 * The demo laboratory (SEED_DEMO only): one detection project for the partner enterprise with orders at each
 * stage of the lab's queue, made through the same calls the pages use, so every rule holds: a draft, a
 * submitted order, one received with its samples waiting to be registered, one in test with some results
 * entered, one waiting for a second person to verify it (entered by admin: inside or uploader may verify), and
 * one reported (verified by inside), whose report the reports page lists.
 */
export async function seedDemoDetection(db: Db): Promise<void> {
  const [admin] = await db.query<{ id: string }>(`select id from users where name = 'admin'`);
  const [enterprise] = await db.query<{ id: string }>(`select id from enterprises where name = '合作单位'`);
  if (!admin || !enterprise) return;
  const user: AuthUser = { id: admin.id, name: "admin", roles: ["SystemAdmin"], tokenHash: "" };
  const actor: Actor = { id: admin.id, name: "admin", ip: "127.0.0.1" };
  const project = await saveDetectionProject(db, user, actor, {
    Code: "NCS-2026-001",
    Name: "42CrMo 调质棒材力学性能与成分检测",
    ClientKind: "enterprise",
    ClientId: enterprise.id,
    Standards: "GB/T 228.1-2021, GB/T 231.1-2018, GB/T 4336-2016",
  });
  const bar = { Description: "Φ25 调质棒材", Grade: "42CrMo", Form: "棒材", Condition: "调质", Methods: ["TENSILE-RT", "HARD-HBW"] };
  const plate = { Description: "10 mm 热轧板", Grade: "45", Form: "板材", Condition: "热轧", Methods: ["CHEM-OES"] };
  const order = async (lines: object[], note: string) =>
    saveOrder(db, user, actor, { ProjectId: project.Id, Grade: "42CrMo", Note: note, Lines: lines, Limits: [{ Method: "HARD-HBW", Quantity: "HBW", Min: 269, Max: 341 }] });
  const move = async (o: { Id: string }, actions: string[], from: number) => {
    for (const [i, Action] of actions.entries()) await setOrderState(db, user, actor, { Id: o.Id, Action, Version: from + i });
  };

  await order([{ ...bar, HeatNo: "H26-1101", Quantity: 2 }], "草稿：待客户确认检测项目");
  await move(await order([{ ...bar, HeatNo: "H26-1102", Quantity: 3 }], ""), ["submit"], 1);
  await move(await order([{ ...bar, HeatNo: "H26-1103", Quantity: 2 }, { ...plate, HeatNo: "H26-2101", Quantity: 1 }], "样品已到，待登记"), ["submit", "receive"], 1);

  const inTest = await order([{ ...bar, HeatNo: "H26-1104", Quantity: 2 }, { ...plate, HeatNo: "H26-2102", Quantity: 1 }], "");
  await move(inTest, ["submit", "receive"], 1);
  const s1 = (await registerSamples(db, user, actor, { OrderId: inTest.Id, Storage: "样品柜 A-2" })).Samples;
  await move(inTest, ["start"], 3);
  await saveResults(db, user, actor, { SampleId: s1[0].Id, Method: "TENSILE-RT", Equipment: "WDW-300 电子万能试验机", Values: [{ Quantity: "Rm", Value: "1125" }, { Quantity: "Rp0.2", Value: "968" }, { Quantity: "A", Value: "14.5" }, { Quantity: "Z", Value: "52" }] });
  await saveResults(db, user, actor, { SampleId: s1[2].Id, Method: "CHEM-OES", Equipment: "ARL 4460 直读光谱仪", Values: [{ Quantity: "C", Value: "0.46" }, { Quantity: "Si", Value: "0.25" }, { Quantity: "Mn", Value: "0.86" }, { Quantity: "P", Value: "0.012" }, { Quantity: "S", Value: "0.008" }] });

  const toVerify = await order([{ ...bar, HeatNo: "H26-1105", Quantity: 1 }], "");
  await move(toVerify, ["submit", "receive"], 1);
  const [s2] = (await registerSamples(db, user, actor, { OrderId: toVerify.Id, Storage: "样品柜 A-3" })).Samples;
  await move(toVerify, ["start"], 3);
  await saveResults(db, user, actor, { SampleId: s2.Id, Method: "TENSILE-RT", Equipment: "WDW-300 电子万能试验机", Values: [{ Quantity: "Rm", Value: "1098" }, { Quantity: "Rp0.2", Value: "941" }, { Quantity: "A", Value: "11.5" }, { Quantity: "Z", Value: "48" }] });
  await saveResults(db, user, actor, { SampleId: s2.Id, Method: "HARD-HBW", Equipment: "HB-3000 布氏硬度计", Values: [{ Quantity: "HBW", Value: "321" }] });
  await move(toVerify, ["complete"], 4);

  // Reported: a bar and a plate measured by admin, verified by inside, the report issued (version 1). The plate's
  // measured composition opens calculations from its sample card.
  const reported = await order([{ ...bar, HeatNo: "H26-1106", Quantity: 1 }, { ...plate, Grade: "42CrMo", HeatNo: "H26-2103", Quantity: 1 }], "");
  await move(reported, ["submit", "receive"], 1);
  const [s3, s4] = (await registerSamples(db, user, actor, { OrderId: reported.Id, Storage: "样品柜 B-1" })).Samples;
  await move(reported, ["start"], 3);
  await saveResults(db, user, actor, { SampleId: s3.Id, Method: "TENSILE-RT", Equipment: "WDW-300 电子万能试验机", Values: [{ Quantity: "Rm", Value: "1112" }, { Quantity: "Rp0.2", Value: "955" }, { Quantity: "A", Value: "13" }, { Quantity: "Z", Value: "50" }] });
  await saveResults(db, user, actor, { SampleId: s3.Id, Method: "HARD-HBW", Equipment: "HB-3000 布氏硬度计", Values: [{ Quantity: "HBW", Value: "318" }] });
  const composition = { C: "0.42", Si: "0.26", Mn: "0.72", P: "0.011", S: "0.006", Cr: "1.04", Mo: "0.21" };
  await saveResults(db, user, actor, { SampleId: s4.Id, Method: "CHEM-OES", Equipment: "ARL 4460 直读光谱仪", Values: Object.entries(composition).map(([Quantity, Value]) => ({ Quantity, Value })) });
  await move(reported, ["complete"], 4);
  const [inside] = await db.query<{ id: string }>(`select id from users where name = 'inside'`);
  if (!inside) return;
  await setOrderState(db, { id: inside.id, name: "inside", roles: ["InsideAdmin"], tokenHash: "" }, { id: inside.id, name: "inside", ip: "127.0.0.1" }, { Id: reported.Id, Action: "verify", Version: 5 });
  await move(reported, ["report"], 6);
  releaseFonts();
}
