import { texts as t } from "../../../http/messages.ts";
import type { AppDoc } from "../types.ts";

/** What calphad-binary-diagram computes, how, and where it holds. */
export const calphadBinaryDiagramDoc: AppDoc = {
  summary: t(
    "由热力学数据库（TDB）计算二元系温度–成分相图：全部两相区边界、不变反应（共晶、共析、包晶、偏晶、同成分转变及纯组元的熔化与同素异构转变）的温度与各相成分，以及混溶间隙。",
    "Computes a binary temperature–composition phase diagram from a thermodynamic database (TDB): every two-phase boundary, the invariant reactions (eutectic, eutectoid, peritectic, monotectic, congruent points, and the pure components' melting and allotropic transformations) with their temperatures and phase compositions, and miscibility gaps.",
    "Calcula un diagrama de fases binario temperatura–composición a partir de una base de datos termodinámica (TDB): todos los límites bifásicos, las reacciones invariantes (eutéctica, eutectoide, peritéctica, monotéctica, puntos congruentes, y la fusión y transformaciones alotrópicas de los componentes puros) con sus temperaturas y composiciones, y las lagunas de miscibilidad.",
    "熱力学データベース（TDB）から二元系の温度–組成状態図を計算します。すべての二相境界、不変反応（共晶・共析・包晶・偏晶・合致点、純成分の融解と同素変態）の温度と各相の組成、および二相分離（混和ギャップ）を求めます。",
  ),
  model: [
    t(
      "各相的吉布斯能按亚点阵模型（复合能量形式，理想混合、Redlich–Kister 过剩项、Inden–Hillert–Jarl 磁性项、有序–无序分割）计算，R = 8.3145 J/(mol·K)，与 pycalphad 一致。",
      "Each phase's Gibbs energy follows the compound energy formalism (ideal mixing per sublattice, Redlich–Kister excess, the Inden–Hillert–Jarl magnetic term, order–disorder partitioning), with R = 8.3145 J/(mol·K) as pycalphad uses.",
      "La energía de Gibbs de cada fase sigue el formalismo de energía de compuestos (mezcla ideal por subred, exceso de Redlich–Kister, término magnético de Inden–Hillert–Jarl, partición orden–desorden), con R = 8,3145 J/(mol·K) como pycalphad.",
      "各相のギブズエネルギーは副格子モデル（化合物エネルギー形式：副格子ごとの理想混合、Redlich–Kister 過剰項、Inden–Hillert–Jarl 磁気項、規則–不規則分割）で計算し、R = 8.3145 J/(mol·K) は pycalphad と同じです。",
    ),
    t(
      "从最高温度向下按步长扫描。每个温度下对所有相的采样点求 (x, G) 的下凸包：跨越两个相（或同一相的两侧，即混溶间隙）的凸包边即两相区；以该边为初值，对化学势 μ 做牛顿迭代（驱动力对 μ 的导数即相的成分），得到精确的连结线，并检查没有任何相低于其切线。相邻温度的连结线连成边界；边界在两步之间出现或消失处，以中间相在外侧两相公切线上的驱动力变号为条件，用 Illinois 法把不变反应温度求到 0.0001 K。",
      "The scan runs down from the highest temperature in steps. At each temperature the lower convex hull of all phases' sampled (x, G) points is taken: a hull edge that jumps between two phases, or across a hump of one phase (a miscibility gap), is a two-phase field. From that edge, Newton's method on the chemical potentials μ (a phase's driving force has its composition as derivative with respect to μ) gives the exact tie-line, which is kept only if no phase lies below its tangent. Tie-lines of consecutive temperatures are joined into boundaries; where boundaries begin or end between two steps, the invariant temperature is the root, found by the Illinois method to 0.0001 K, of the middle phase's driving force at the outer two phases' common tangent.",
      "El barrido baja desde la temperatura máxima por pasos. A cada temperatura se toma la envolvente convexa inferior de los puntos (x, G) muestreados de todas las fases: una arista que salta entre dos fases, o sobre una joroba de una misma fase (laguna de miscibilidad), es un campo bifásico. Desde esa arista, el método de Newton sobre los potenciales químicos μ (la derivada de la fuerza motriz de una fase respecto de μ es su composición) da la línea de unión exacta, que se conserva solo si ninguna fase queda por debajo de su tangente. Las líneas de unión de temperaturas consecutivas forman los límites; donde los límites empiezan o terminan entre dos pasos, la temperatura invariante es la raíz, hallada por el método de Illinois a 0,0001 K, de la fuerza motriz de la fase intermedia sobre la tangente común de las dos fases exteriores.",
      "最高温度から刻みごとに下へ走査します。各温度で全相の標本点 (x, G) の下側凸包をとり、2つの相の間（または同じ相のこぶの両側＝混和ギャップ）をまたぐ辺を二相域とします。その辺を初期値として化学ポテンシャル μ についてニュートン法（駆動力の μ による微分は相の組成）で正確なタイラインを求め、どの相もその接線より下にないことを確かめます。隣り合う温度のタイラインをつないで境界とし、境界が2つの刻みの間で現れたり消えたりする所では、外側2相の共通接線における中間相の駆動力が符号を変える温度を Illinois 法で 0.0001 K まで求めます。",
    ),
    t(
      "条件脚本（指令模式，diagram.calphad）：database <id> 或 database file <name>.tdb；components <元素> <元素>；phases * 或相名列表；T <下限> <上限> K|°C；step <步长>（可选，默认 2）；P <值> Pa|bar（可选）。# 之后为注释。",
      "Condition script (instruction mode, diagram.calphad): database <id> | database file <name>.tdb; components <element> <element>; phases * | a list of phases; T <lower> <upper> K | °C; step <value> (optional, default 2); P <value> Pa | bar (optional). # starts a comment.",
      "Guion de condiciones (modo de instrucciones, diagram.calphad): database <id> | database file <nombre>.tdb; components <elemento> <elemento>; phases * | una lista de fases; T <inferior> <superior> K | °C; step <valor> (opcional, 2 por defecto); P <valor> Pa | bar (opcional). # inicia un comentario.",
      "条件スクリプト（指示モード、diagram.calphad）：database <id> または database file <名前>.tdb、components <元素> <元素>、phases * または相の一覧、T <下限> <上限> K|°C、step <刻み>（省略可、既定 2）、P <値> Pa|bar（省略可）。# 以降はコメントです。",
    ),
  ],
  assumptions: [
    t(
      "压力恒定；只考虑所选的相；两步之间若有两个以上的不变反应，扫描会自动把步长细分到 1/16。",
      "Constant pressure; only the chosen phases take part; where more than one event falls within a step, the scan halves the step there, down to 1/16.",
      "Presión constante; solo participan las fases elegidas; donde cae más de un evento en un paso, el barrido lo divide a la mitad, hasta 1/16.",
      "圧力は一定、選んだ相のみを考えます。1つの刻みに2つ以上の変化がある所では、刻みを 1/16 まで半分ずつ細かくします。",
    ),
  ],
  validity: [
    t(
      "结果的可靠性取决于数据库的评估范围；宽度小于约 0.001（摩尔分数）的同相两相区和极接近临界点（约 0.01 J/mol 的能量差以内）的混溶间隙不予绘出。",
      "The result is as good as the database's assessment; fields of one phase narrower than about 0.001 in mole fraction, and a miscibility gap within about 0.01 J/mol of its critical point, are not drawn.",
      "El resultado vale lo que la evaluación de la base de datos; no se dibujan campos de una misma fase más estrechos que unos 0,001 en fracción molar ni una laguna de miscibilidad a menos de unos 0,01 J/mol de su punto crítico.",
      "結果の確かさはデータベースの評価範囲によります。同じ相どうしのモル分率約 0.001 より狭い二相域と、臨界点の約 0.01 J/mol 以内の混和ギャップは描きません。",
    ),
  ],
  outputs: [
    t("相图（SVG）：相界、连结线、标注温度的不变反应线和相区名称", "The diagram (SVG): boundaries, tie-lines, invariant lines labelled with their temperature, phase-region names", "El diagrama (SVG): límites, líneas de unión, líneas invariantes con su temperatura y nombres de las regiones", "状態図（SVG）：相境界、タイライン、温度を記した不変反応線、相領域の名前"),
    t("不变反应表与各反应温度；每条相界一条曲线（可下载 CSV）", "A table of invariant reactions and each reaction's temperature; every boundary line as a curve (CSV download)", "Una tabla de reacciones invariantes y la temperatura de cada una; cada línea de límite como curva (descarga CSV)", "不変反応の表と各反応の温度。相境界ごとの曲線（CSV ダウンロード可）"),
    t("文件：result.json（完整相图，含 invariants）、diagram.svg、条件脚本、所用 TDB 和日志", "Files: result.json (the whole diagram, with invariants), diagram.svg, the condition script, the TDB used and the logs", "Archivos: result.json (el diagrama completo, con invariants), diagram.svg, el guion, el TDB usado y los registros", "ファイル：result.json（invariants を含む状態図全体）、diagram.svg、条件スクリプト、使った TDB、ログ"),
  ],
  references: [
    "B. Sundman, H.L. Lukas, S.G. Fries, Computational Thermodynamics: The Calphad Method, Cambridge University Press, 2007.",
    "R. Otis, Z.-K. Liu, pycalphad: CALPHAD-based Computational Thermodynamics in Python, J. Open Res. Softw. 5 (2017) 1.",
    "T.L. Ngai, Y.A. Chang, CALPHAD 5 (1981) 267 (Pb–Sn); S. an Mey, Z. Metallkd. 84 (1993) 451 (Al–Zn); COST 507 vol. 2 (1998) (Al–Fe).",
  ],
};
