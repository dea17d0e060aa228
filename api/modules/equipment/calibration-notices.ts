import type { App } from "../../app.ts";
import { startPeriodic } from "../../periodic.ts";
import { createDirectedMessage, pushDirectedMessage } from "../notices/directed.ts";
import { CALIBRATION_WARNING_DAYS, utcToday } from "../../../common/equipment.ts";
import { escapeHtml } from "../../../common/html.ts";
import { instrumentLabel } from "./use.ts";

/** How often the API looks for calibrations coming due (the dates are days: hourly is plenty). */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Tells each instrument's keeper, in their info centre, that its calibration is due within 30 days, and again
 * once it is overdue: one directed message per due date and state, leading to the instrument's form. The
 * instrument row is updated and the message stored in one statement's transaction, so two API instances
 * sweeping at once send it once (the second finds it noticed). The messages are in Chinese, the institute's
 * language: the keeper's own language is not kept. Answers how many were sent.
 */
export async function noticeDueCalibrations(app: App, today = utcToday()): Promise<number> {
  const sent = await app.db.transaction(async (tx) => {
    const due = await tx.query<{ id: string; name: string; model: string; serial: string; keeper_id: string; due: string; state: "dueSoon" | "overdue" }>(
      `with due as (
         select id, to_char(calibration_due, 'YYYY-MM-DD') as due, case when calibration_due < $1::date then 'overdue' else 'dueSoon' end as state
           from equipment where status <> 'retired' and keeper_id is not null and calibration_due <= $1::date + $2::int)
       update equipment e set calibration_noticed = due.due || ':' || due.state
         from due where e.id = due.id and e.calibration_noticed is distinct from due.due || ':' || due.state
       returning e.id, e.name, e.model, e.serial, e.keeper_id, due.due, due.state`,
      [today, CALIBRATION_WARNING_DAYS],
    );
    const messages: { userId: string; id: string }[] = [];
    for (const r of due) {
      const label = escapeHtml(instrumentLabel(r));
      const overdue = r.state === "overdue";
      const id = await createDirectedMessage(tx, {
        userId: r.keeper_id,
        title: `${overdue ? "设备校准已过期" : "设备校准即将到期"}：${instrumentLabel(r)}`,
        content: overdue
          ? `<p>您保管的设备 ${label} 应于 ${r.due} 前完成校准，现已过期；校准前不能用于检测。校准后请更新校准日期。</p>`
          : `<p>您保管的设备 ${label} 应于 ${r.due} 前完成校准，请及时安排。校准后请更新校准日期。</p>`,
        link: `/dataUpdate/SaveExperimentalEquipment?id=${r.id}`,
      });
      messages.push({ userId: r.keeper_id, id });
    }
    return messages;
  });
  for (const m of sent) await pushDirectedMessage(app, m.userId, m.id);
  return sent.length;
}

/** Runs the calibration notices at start and then hourly until stopped. */
export const startCalibrationNotices = (app: App) => startPeriodic("calibration notices", EVERY_MS, () => noticeDueCalibrations(app));
