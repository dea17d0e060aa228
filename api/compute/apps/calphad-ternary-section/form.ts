import { texts as t } from "../../../http/messages.ts";
import { calphadFieldLabels } from "../calphad-equilibrium/form.ts";
import type { FieldLabel } from "../types.ts";

/** The section's params as the form names them: the equilibrium app's labels for the shared fields, plus its own. */
export const sectionFieldLabels: Record<string, FieldLabel> = {
  database: calphadFieldLabels.database,
  databaseFile: calphadFieldLabels.databaseFile,
  components: {
    label: t("三个组元（元素）", "Three components (elements)", "Tres componentes (elementos)", "3つの成分元素"),
    help: t(
      "用逗号分隔，如 CR,TI,V：第一个为余量（左下角），第二个沿底边，第三个在顶角",
      "Comma separated, e.g. CR,TI,V: the first is the balance (bottom left), the second runs along the base, the third is the top corner",
      "Separados por comas, p. ej. CR,TI,V: el primero es el balance (abajo a la izquierda), el segundo recorre la base, el tercero es el vértice superior",
      "カンマ区切り（例：CR,TI,V）。1番目が残部（左下）、2番目が底辺方向、3番目が上の頂点です",
    ),
  },
  phases: calphadFieldLabels.phases,
  temperature: calphadFieldLabels.temperature,
  temperatureUnit: calphadFieldLabels.temperatureUnit,
  pressurePa: calphadFieldLabels.pressurePa,
  density: {
    label: t("网格密度（每边分段数）", "Grid density (divisions per edge)", "Densidad de la malla (divisiones por lado)", "格子密度（1辺の分割数）"),
    help: t(
      "8–80；成分网格每边的分段数，连结线约每两格一条。越大越细，耗时约按平方增长（30 约数秒）",
      "8–80: divisions of the composition grid per edge; tie-lines are drawn about every two divisions. Finer costs about the square (30 takes a few seconds)",
      "8–80: divisiones de la malla de composiciones por lado; las líneas de enlace se trazan cada dos divisiones aprox. Más fina cuesta aprox. el cuadrado (30 tarda unos segundos)",
      "8–80：組成格子の1辺の分割数。タイラインはおよそ2分割ごとに引きます。細かいほど時間はほぼ2乗で増えます（30 で数秒）",
    ),
  },
};
