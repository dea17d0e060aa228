import { texts as t } from "../../../http/messages.ts";
import { shippedDatabase } from "../../../../solvers/calphad/databases/index.ts";
import type { AppDoc } from "../types.ts";

/** What calphad-ternary-section computes, how, its script, and where it holds: its documentation page. */
export const calphadTernaryDoc: AppDoc = {
  summary: t(
    "用 CALPHAD 热力学数据库（TDB）计算三元系在给定温度和压力下的等温截面：吉布斯三角形中的单相区、带连结线的两相区（含同一相的不混溶区）和三相三角形。",
    "Computes the isothermal section of a ternary system at given temperature and pressure from a CALPHAD thermodynamic database (TDB): the single-phase regions, the two-phase fields with their tie-lines (a phase's miscibility gap included) and the three-phase triangles of the Gibbs triangle.",
    "Calcula la sección isotérmica de un sistema ternario a temperatura y presión dadas a partir de una base de datos termodinámica CALPHAD (TDB): las regiones monofásicas, los campos bifásicos con sus líneas de enlace (incluida la laguna de miscibilidad de una fase) y los triángulos trifásicos del triángulo de Gibbs.",
    "CALPHAD 熱力学データベース（TDB）から、与えた温度・圧力での三元系の等温断面を計算します：ギブズ三角形上の単相領域、タイライン付きの二相領域（同じ相の二相分離を含む）、三相三角形。",
  ),
  model: [
    t(
      "各相按化合物能量模型（CEF）描述：亚点阵理想混合、Redlich–Kister 过剩项（含三元项）、Inden–Hillert–Jarl 磁性项、有序–无序分区，与 calphad-equilibrium 相同；R = 8.3145 J/(mol·K)。",
      "Each phase follows the compound energy formalism, as in calphad-equilibrium: ideal mixing per sublattice, Redlich–Kister excess terms (ternary ones included), the Inden–Hillert–Jarl magnetic term, order–disorder partitioning; R = 8.3145 J/(mol·K).",
      "Cada fase sigue el formalismo de energía de compuestos, como en calphad-equilibrium: mezcla ideal por subred, términos de exceso de Redlich–Kister (también ternarios), el término magnético de Inden–Hillert–Jarl, partición orden–desorden; R = 8,3145 J/(mol·K).",
      "各相は calphad-equilibrium と同じ化合物エネルギー形式（CEF）で表します：副格子ごとの理想混合、Redlich–Kister 過剰項（三元項を含む）、Inden–Hillert–Jarl 磁気項、規則–不規則分割。R = 8.3145 J/(mol·K)。",
    ),
    t(
      "方法：在该温度下按位置分数对每个相取样，在覆盖三角形的成分网格上求所有取样点的下凸包（线性规划），由凸包面上的点判断一相、两相或三相（同一相相距较远且其间有能垒的两点为两个成分组）。相邻且判断相同的网格点组成一个区域。三相区在中心处用平衡求解器精化，得到三角形的三个顶点；两相区按凸包的近似连结线排序、等间距选取后逐条用 Newton–Lagrange 精化，并用驱动力检查不遗漏相（必要时改用完整的平衡求解）；相邻连结线端点跳变处再取点，以找到网格跨过的细三相三角形。",
      "Method: at the temperature every phase is sampled over its site fractions, and at compositions spread over the triangle the lower convex hull of all samples (a linear program) says which phases coexist: one, two or three composition sets on the hull facet (two points of one phase far apart with a hump between them are two sets). Neighbouring compositions with the same answer form a region. A three-phase region is refined at its centre by the equilibrium solver: its phases' compositions are the triangle's corners. In a two-phase region the hull's approximate tie-lines are ordered across the field, an evenly spaced subset is refined by Newton–Lagrange, and driving forces check that no phase is missed (else the full equilibrium solver decides). Where neighbouring tie-lines jump, the gap is probed, which finds thin three-phase triangles the grid steps over.",
      "Método: a la temperatura dada se muestrea cada fase en sus fracciones de sitio y, en composiciones repartidas por el triángulo, la envolvente convexa inferior de todas las muestras (un programa lineal) dice qué fases coexisten: uno, dos o tres conjuntos de composición en la faceta (dos puntos de una fase alejados con una joroba entre ellos son dos conjuntos). Las composiciones vecinas con la misma respuesta forman una región. Una región trifásica se refina en su centro con el solucionador de equilibrio: las composiciones de sus fases son los vértices del triángulo. En una región bifásica las líneas de enlace aproximadas de la envolvente se ordenan a través del campo, un subconjunto equiespaciado se refina por Newton–Lagrange y las fuerzas motrices comprueban que no falte ninguna fase (si no, decide el solucionador completo). Donde las líneas vecinas saltan se sondea el hueco, lo que encuentra triángulos trifásicos finos que la malla salta.",
      "方法：その温度で各相をサイト分率について標本化し、三角形全体に配した組成で全標本の下側凸包（線形計画）を求め、凸包の面上の点から一相・二相・三相を判定します（同じ相で離れ、間にエネルギーの山がある2点は2つの組成セット）。判定が同じ隣接組成が1つの領域です。三相領域は中心で平衡ソルバーにより精密化し、各相の組成が三角形の頂点になります。二相領域では凸包の近似タイラインを領域に沿って並べ、等間隔に選んだものを Newton–Lagrange で精密化し、駆動力で相の見落としがないことを確かめます（あれば完全な平衡計算に切り替え）。隣り合うタイラインの端が跳ぶところを再度調べ、格子がまたいだ細い三相三角形を見つけます。",
    ),
    t(
      "指令模式的脚本（section.calphad）与 calphad-equilibrium 的条件脚本相同，但不写成分：database <id> 或 database file <文件>.tdb；components A B C（恰好三个，A 为余量）；phases * 或相名列表；T <值> K 或 °C；可选 P <值> Pa 或 bar；可选 density <8–80>（网格每边分段数，默认 30）。# 后为注释。",
      "The instruction mode's script (section.calphad) is calphad-equilibrium's condition script without a composition: database <id> or database file <name>.tdb; components A B C (exactly three, A the balance); phases * or a list of phases; T <value> K or °C; optionally P <value> Pa or bar; optionally density <8–80> (grid divisions per edge, default 30). # starts a comment.",
      "El guion del modo de instrucciones (section.calphad) es el de calphad-equilibrium sin composición: database <id> o database file <nombre>.tdb; components A B C (exactamente tres, A el balance); phases * o una lista de fases; T <valor> K o °C; opcional P <valor> Pa o bar; opcional density <8–80> (divisiones de la malla por lado, 30 por defecto). # inicia un comentario.",
      "指示モードのスクリプト（section.calphad）は calphad-equilibrium の条件スクリプトから組成を除いたものです：database <id> または database file <名前>.tdb、components A B C（ちょうど3つ、A が残部）、phases * または相の列挙、T <値> K または °C、任意で P <値> Pa または bar、任意で density <8–80>（1辺の格子分割数、既定 30）。# 以降はコメントです。",
    ),
  ],
  assumptions: [
    t(
      "结果的可信度取决于数据库的评估；只考虑所选的相。窄于网格间距的区域可能只以边界线出现（如靠近二元边的窄固溶区）。",
      "The results are as good as the database's assessment; only the phases chosen are considered. A region narrower than the grid spacing may show only as its boundary (a narrow solubility strip along a binary edge).",
      "Los resultados valen lo que la evaluación de la base; solo se consideran las fases elegidas. Una región más estrecha que la malla puede aparecer solo como su borde (una franja de solubilidad junto a un lado binario).",
      "結果の確かさはデータベースの評価次第で、選んだ相だけを考慮します。格子間隔より狭い領域は境界線としてのみ現れることがあります（二元辺沿いの狭い固溶域など）。",
    ),
  ],
  validity: [
    t(
      "适用于含三个组元的数据库（平台提供 Cr–Ti–V、Fe–Cr–Ni、Al–Sc–Zr、Ni–Cr–Al），在各自评估的温度范围内。验收：Cr–Ti–V 在 923 K 时 x_Cr = 0.129、x_Ti = 0.861 落在 BCC_A2 + HCP_A3 + LAVES_C15 三角形内。",
      "For databases with three components (shipped: Cr–Ti–V, Fe–Cr–Ni, Al–Sc–Zr, Ni–Cr–Al), within the temperatures of their assessments. Checked: Cr–Ti–V at 923 K puts x_Cr = 0.129, x_Ti = 0.861 inside the BCC_A2 + HCP_A3 + LAVES_C15 triangle.",
      "Para bases con tres componentes (incluidas: Cr–Ti–V, Fe–Cr–Ni, Al–Sc–Zr, Ni–Cr–Al), en las temperaturas de su evaluación. Comprobado: Cr–Ti–V a 923 K sitúa x_Cr = 0,129, x_Ti = 0,861 dentro del triángulo BCC_A2 + HCP_A3 + LAVES_C15.",
      "3成分のデータベース（同梱：Cr–Ti–V、Fe–Cr–Ni、Al–Sc–Zr、Ni–Cr–Al）で、評価された温度範囲内で有効です。確認済み：Cr–Ti–V の 923 K で x_Cr = 0.129、x_Ti = 0.861 は BCC_A2 + HCP_A3 + LAVES_C15 三角形の内部です。",
    ),
  ],
  outputs: [
    t("等温截面图（SVG，吉布斯三角形，0.1 网格）", "The section as a picture (SVG Gibbs triangle with a 0.1 grid)", "La sección como imagen (triángulo de Gibbs SVG con malla de 0,1)", "断面図（SVG のギブズ三角形、0.1 格子）"),
    t("表：三相三角形的相与顶点成分；两相区连结线端点；单相区标注点", "Tables: the three-phase triangles' phases and corner compositions; the two-phase fields' tie-line ends; the single-phase regions' label points", "Tablas: fases y composiciones de los vértices de los triángulos trifásicos; extremos de las líneas de enlace; puntos de etiqueta de las regiones monofásicas", "表：三相三角形の相と頂点組成、二相領域のタイライン端点、単相領域のラベル位置"),
    t(
      "文件：result.json（完整截面：twoPhase、threePhase、singlePhase）、section.svg、脚本 section.calphad、所用数据库 database.tdb 和运行日志",
      "Files: result.json (the whole section: twoPhase, threePhase, singlePhase), section.svg, the script section.calphad, the database used (database.tdb) and the run's logs",
      "Archivos: result.json (la sección completa: twoPhase, threePhase, singlePhase), section.svg, el guion section.calphad, la base usada (database.tdb) y los registros",
      "ファイル：result.json（断面全体：twoPhase、threePhase、singlePhase）、section.svg、スクリプト section.calphad、使用したデータベース database.tdb、実行ログ",
    ),
  ],
  references: [
    shippedDatabase("crtiv_ghosh")!.citation,
    "H.L. Lukas, S.G. Fries, B. Sundman, Computational Thermodynamics: The Calphad Method, Cambridge University Press, 2007.",
    "R. Otis, Z.-K. Liu, pycalphad: CALPHAD-based Computational Thermodynamics in Python, J. Open Res. Softw. 5 (2017) 1.",
    "M. Hillert, Phase Equilibria, Phase Diagrams and Phase Transformations, 2nd ed., Cambridge University Press, 2008 (isothermal sections, tie-lines and tie-triangles).",
  ],
};
