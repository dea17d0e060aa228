import { texts as t } from "../../../http/messages.ts";
import { shippedDatabases } from "../../../../solvers/calphad/databases/index.ts";
import type { FieldLabel } from "../types.ts";

/** Each shipped database as the select shows it: its system and its elements, so a user sees what it covers. */
const databaseOptions = Object.fromEntries([
  ...shippedDatabases.map((d) => [d.id, t(`${d.title}（${d.elements.join("、")}）`, `${d.title} (${d.elements.join(", ")})`, `${d.title} (${d.elements.join(", ")})`, `${d.title}（${d.elements.join("、")}）`)]),
  ["file", t("上传的 TDB（仅指令模式）", "Uploaded TDB (instruction mode only)", "TDB subido (solo modo de instrucciones)", "アップロードした TDB（指示モードのみ）")],
]);

/** The calphad-equilibrium params as the graphical form names them. */
export const calphadFieldLabels: Record<string, FieldLabel> = {
  database: {
    label: t("热力学数据库", "Thermodynamic database", "Base de datos termodinámica", "熱力学データベース"),
    options: databaseOptions,
    help: t(
      "数据库的元素、相与文献见“数据库”类别",
      "The databases' elements, phases and sources are listed under DatabaseResources",
      "Los elementos, fases y fuentes de cada base están en DatabaseResources",
      "各データベースの元素・相・出典は「データベース」カテゴリにあります",
    ),
  },
  databaseFile: {
    label: t("TDB 文件名", "TDB file name", "Nombre del archivo TDB", "TDB ファイル名"),
    help: t("仅当数据库为上传的 TDB 时（指令模式）", "Only with an uploaded TDB (instruction mode)", "Solo con un TDB subido (modo de instrucciones)", "アップロードした TDB のときのみ（指示モード）"),
  },
  components: {
    label: t("组元（元素）", "Components (elements)", "Componentes (elementos)", "成分元素"),
    help: t("用逗号分隔，如 AL,ZN；空位 VA 自动加入", "Comma separated, e.g. AL,ZN; the vacancy VA is added by itself", "Separados por comas, p. ej. AL,ZN; la vacante VA se añade sola", "カンマ区切り（例：AL,ZN）。空孔 VA は自動で加わります"),
  },
  phases: {
    label: t("参与计算的相", "Phases considered", "Fases consideradas", "考慮する相"),
    help: t("* 表示数据库中全部相，或列出相名，如 LIQUID,FCC_A1", "* for every phase of the database, or a list such as LIQUID,FCC_A1", "* para todas las fases de la base, o una lista como LIQUID,FCC_A1", "* でデータベースの全相、または LIQUID,FCC_A1 のように列挙"),
  },
  temperature: { label: t("温度", "Temperature", "Temperatura", "温度") },
  temperatureUnit: {
    label: t("温度单位", "Temperature unit", "Unidad de temperatura", "温度単位"),
    options: { K: t("K（开尔文）", "K (kelvin)", "K (kelvin)", "K（ケルビン）"), "°C": t("°C（摄氏度）", "°C (Celsius)", "°C (Celsius)", "°C（摂氏）") },
  },
  pressurePa: { label: t("压力", "Pressure", "Presión", "圧力"), unit: "Pa" },
  compositionUnit: {
    label: t("成分单位", "Composition unit", "Unidad de composición", "組成の単位"),
    options: {
      X: t("摩尔分数（at%/100）", "Mole fractions (at%/100)", "Fracciones molares (at%/100)", "モル分率（at%/100）"),
      W: t("质量分数（wt%/100）", "Mass fractions (wt%/100)", "Fracciones másicas (wt%/100)", "質量分率（wt%/100）"),
    },
  },
  composition: {
    label: t("成分", "Composition", "Composición", "組成"),
    help: t(
      "除一个组元外其余组元的分数，如 ZN=0.30 或 CR=0.129,TI=0.861；余量为未列出的组元",
      "Fractions of all components but one, e.g. ZN=0.30 or CR=0.129,TI=0.861; the one left out is the balance",
      "Fracciones de todos los componentes salvo uno, p. ej. ZN=0.30 o CR=0.129,TI=0.861; el que falta es el balance",
      "1つを除く全成分元素の分率（例：ZN=0.30、CR=0.129,TI=0.861）。省いた元素が残部です",
    ),
  },
};
