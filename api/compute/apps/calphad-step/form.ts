import { texts as t } from "../../../http/messages.ts";
import { calphadFieldLabels } from "../calphad-equilibrium/form.ts";
import type { FieldLabel } from "../types.ts";

const { temperature: _single, ...shared } = calphadFieldLabels;

/** calphad-step's params as the graphical form names them: the equilibrium app's, a temperature range instead of one temperature. */
export const calphadStepFieldLabels: Record<string, FieldLabel> = {
  ...shared,
  Tmin: {
    label: t("起始温度", "From temperature", "Temperatura inicial", "開始温度"),
    help: t("与“温度单位”一致（K 或 °C）", "In the temperature unit chosen (K or °C)", "En la unidad de temperatura elegida (K o °C)", "選んだ温度単位（K または °C）で"),
  },
  Tmax: { label: t("终止温度", "To temperature", "Temperatura final", "終了温度") },
  step: {
    label: t("温度步长", "Temperature step", "Paso de temperatura", "温度の刻み"),
    help: t(
      "相变温度另用二分法精确到 10⁻⁴ K，与步长无关",
      "Transition temperatures are bisected to 10⁻⁴ K whatever the step",
      "Las temperaturas de transición se bisecan hasta 10⁻⁴ K sea cual sea el paso",
      "相変態温度は刻みによらず二分法で 10⁻⁴ K まで求めます",
    ),
  },
};
