import { useTranslation } from "react-i18next";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import type { ResultInstrument } from "~/lib/detection";

/**
 * The equipment of a results entry (docs/equipment.md): a registered instrument chosen from those that run the
 * method (one under maintenance or with its calibration overdue is listed, disabled, with why), or, for an
 * instrument not registered, its name typed. Posts `EquipmentId` and `Equipment`; the API takes the instrument's
 * name when one is chosen and refuses one that may not be used. Plain form fields: works without JavaScript.
 */
export function EquipmentChoice({
  instruments,
  method,
  defaultId,
  defaultText,
  placeholder,
  error,
}: {
  instruments: ResultInstrument[];
  /** Only the instruments that run this method; all of them when the form chooses the method too. */
  method?: string;
  defaultId?: string | null;
  defaultText: string;
  placeholder?: string;
  error?: string;
}) {
  const { t } = useTranslation("detection");
  const choices = method ? instruments.filter((i) => i.Methods.includes(method)) : instruments;
  const why = (i: ResultInstrument) => (i.Status !== "active" ? t("results.instrumentMaintenance") : i.Calibration === "overdue" ? t("results.instrumentOverdue", { due: i.CalibrationDue }) : null);
  return (
    <>
      {choices.length ? (
        <label className="dt-inline-label">
          {t("results.instrument")}{" "}
          <select name="EquipmentId" defaultValue={defaultId ?? ""} className="dt-select" data-testid="equipment-choice" aria-invalid={error ? true : undefined}>
            <option value="">{t("results.instrumentTyped")}</option>
            {choices.map((i) => {
              const reason = why(i);
              return (
                <option key={i.Id} value={i.Id} disabled={Boolean(reason) && i.Id !== defaultId}>
                  {i.Label}
                  {reason ? `（${reason}）` : i.Calibration === "dueSoon" ? `（${t("results.instrumentDueSoon", { due: i.CalibrationDue })}）` : ""}
                </option>
              );
            })}
          </select>
        </label>
      ) : null}
      <label className="dt-inline-label">
        {choices.length ? t("results.equipmentOther") : t("results.equipment")}{" "}
        <input className="dt-text-input" name="Equipment" maxLength={DETECTION_LIMITS.equipment} defaultValue={defaultText} placeholder={placeholder} />
      </label>
      {error ? <span className="dt-error dt-small">{error}</span> : null}
    </>
  );
}
