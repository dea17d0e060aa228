import { texts as t } from "../../../http/messages.ts";
import { calphadFieldLabels } from "../calphad-equilibrium/form.ts";
import type { FieldLabel } from "../types.ts";

/** The diagram's params as the form names them; database, phases and units read as in calphad-equilibrium. */
export const diagramFieldLabels: Record<string, FieldLabel> = {
  database: calphadFieldLabels.database,
  databaseFile: calphadFieldLabels.databaseFile,
  components: {
    label: t("两个组元（元素）", "Two components (elements)", "Dos componentes (elementos)", "2つの成分元素"),
    help: t("如 PB,SN；横轴为第二个组元的摩尔分数", "e.g. PB,SN; the x axis is the second one's mole fraction", "p. ej. PB,SN; el eje x es la fracción molar del segundo", "例：PB,SN。横軸は2つ目の元素のモル分率です"),
  },
  phases: calphadFieldLabels.phases,
  Tmin: { label: t("最低温度", "Lowest temperature", "Temperatura mínima", "最低温度") },
  Tmax: { label: t("最高温度", "Highest temperature", "Temperatura máxima", "最高温度") },
  temperatureUnit: calphadFieldLabels.temperatureUnit,
  step: {
    label: t("温度步长", "Temperature step", "Paso de temperatura", "温度刻み"),
    help: t(
      "扫描步长（与温度同单位）；不变反应温度另行精确到 0.0001 K",
      "The scan's step (in the temperature unit); invariant temperatures are pinned to 0.0001 K regardless",
      "Paso del barrido (en la unidad de temperatura); las temperaturas invariantes se fijan a 0,0001 K de todos modos",
      "走査の刻み（温度と同じ単位）。不変反応の温度は刻みによらず 0.0001 K まで求めます",
    ),
  },
  pressurePa: calphadFieldLabels.pressurePa,
};
