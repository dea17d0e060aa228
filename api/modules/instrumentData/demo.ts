import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { instrumentLabel } from "../equipment/use.ts";
import { filesDirOf, insertFileRow, readStored } from "./files.ts";
import { newToken } from "./tokens.ts";
import { spectrometerCsv, tensileCsv } from "./sample-files.ts";

/**
 * The demo's instrument data (SEED_DEMO only, after the demo instruments): the tensile tester sends with a token
 * (nobody knows it: issue a new one to try), a spectrometer file sent by hand for the demo plate, and one that
 * names a sample that does not exist, waiting to be assigned.
 */
export async function seedDemoInstrumentData(db: Db, config: Config): Promise<void> {
  if ((await db.query(`select 1 from instrument_files limit 1`)).length) return;
  const [wdw] = await db.query<{ id: string; name: string; model: string; serial: string }>(`select id, name, model, serial from equipment where model = 'WDW-300'`);
  const [arl] = await db.query<{ id: string }>(`select id from equipment where model = 'ARL 4460'`);
  const [transfer] = await db.query<{ id: string; name: string }>(`select id, coalesce(nullif(real_name, ''), name) as name from users where name = 'transfer'`);
  const [equip] = await db.query<{ id: string; name: string }>(`select id, coalesce(nullif(real_name, ''), name) as name from users where name = 'equip'`);
  const bar = await db.query<{ code: string }>(
    `select s.code from detection_samples s join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no where 'TENSILE-RT' = any(l.methods) order by s.code limit 1`,
  );
  const plate = await db.query<{ code: string }>(
    `select s.code from detection_samples s join detection_order_lines l on l.order_id = s.order_id and l.line_no = s.line_no where 'CHEM-OES' = any(l.methods) order by s.code limit 1`,
  );
  if (!wdw || !arl || !transfer || !equip || !bar[0] || !plate[0]) return;
  const token = newToken();
  const [t] = await db.query<{ id: string }>(
    `insert into equipment_tokens (equipment_id, label, token_hash, token_hint, created_by, created_by_name, last_used_at) values ($1, '力学室传输 PC', $2, $3, $4, $5, now()) returning id`,
    [wdw.id, token.hash, token.hint, equip.id, equip.name],
  );
  const dir = filesDirOf(config.dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const files = [
    {
      name: `WDW300_${bar[0].code}.csv`,
      content: tensileCsv(bar[0].code, { modulusGPa: 206, rp02: 955, rm: 1120, fractureStrain: 15.2, fractureStress: 930, n: 20 }),
      equipment: wdw.id,
      token: t.id,
      by: null,
      byName: instrumentLabel(wdw),
    },
    {
      name: `ARL4460_${plate[0].code}.csv`,
      content: spectrometerCsv(plate[0].code, { C: 0.46, Si: 0.25, Mn: 0.86, P: 0.012, S: 0.008, Cr: 0.12, Ni: 0.05, Cu: 0.08 }),
      equipment: arl.id,
      token: null,
      by: transfer.id,
      byName: transfer.name,
    },
    { name: "ARL4460_0917.csv", content: spectrometerCsv("S202609-0917"), equipment: arl.id, token: null, by: transfer.id, byName: transfer.name },
  ];
  for (const f of files) {
    const storedName = randomUUID();
    const target = path.join(dir, storedName);
    await fs.promises.writeFile(target, f.content, { mode: 0o640 });
    const size = Buffer.byteLength(f.content);
    const read = await readStored(db, target, size, "");
    const sha256 = createHash("sha256").update(f.content).digest("hex");
    await insertFileRow(db, read, { fileName: f.name, storedName, size, sha256, equipmentId: f.equipment, tokenId: f.token, uploadedBy: f.by, uploadedByName: f.byName });
  }
}
