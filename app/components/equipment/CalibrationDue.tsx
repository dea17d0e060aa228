import { useTranslation } from "react-i18next";
import type { CalibrationState } from "~/lib/equipment";

/** An instrument's next calibration date with its state as a coloured tag (ok, due within 30 days, overdue). */
export function CalibrationDue({ due, state }: { due: string | null; state: CalibrationState }) {
  const { t } = useTranslation("equipment");
  return (
    <>
      {due ?? "—"}{" "}
      <span className="eq-cal" data-state={state}>
        {t(`calibration.${state}`)}
      </span>
    </>
  );
}
