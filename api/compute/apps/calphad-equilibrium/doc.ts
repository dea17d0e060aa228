import { texts as t } from "../../../http/messages.ts";
import type { AppDoc } from "../types.ts";

/** What calphad-equilibrium computes, how, its condition script, and where it holds: its documentation page. */
export const calphadEquilibriumDoc: AppDoc = {
  summary: t(
    "在给定温度、压力和总成分下，用 CALPHAD 热力学数据库（TDB）求多元合金的平衡：平衡相及其分数、成分和位置分数，摩尔吉布斯自由能，各组元化学势，以及亚稳相的驱动力。",
    "Computes the equilibrium of an alloy at given temperature, pressure and overall composition from a CALPHAD thermodynamic database (TDB): the stable phases with their fractions, compositions and site fractions, the molar Gibbs energy, the chemical potentials, and the driving forces of the metastable phases.",
    "Calcula el equilibrio de una aleación a temperatura, presión y composición global dadas a partir de una base de datos termodinámica CALPHAD (TDB): las fases estables con sus fracciones, composiciones y fracciones de sitio, la energía de Gibbs molar, los potenciales químicos y las fuerzas motrices de las fases metaestables.",
    "CALPHAD 熱力学データベース（TDB）から、与えた温度・圧力・全体組成での合金の平衡を計算します。安定相とその相分率・組成・サイト分率、モルギブズエネルギー、化学ポテンシャル、準安定相の駆動力を求めます。",
  ),
  model: [
    t(
      "各相按化合物能量模型（CEF）描述：每个亚点阵理想混合，Redlich–Kister 过剩项（含三元项），Inden–Hillert–Jarl 磁性项，有序–无序分区（如 alfe.tdb 中的 B2/A2）；R = 8.3145 J/(mol·K)。函数在温度区间外沿用端部区间，恰在分界点时取上一区间，未定义的函数为 0，与 pycalphad 的约定相同。",
      "Each phase follows the compound energy formalism: ideal mixing on every sublattice, Redlich–Kister excess terms (ternary ones included), the Inden–Hillert–Jarl magnetic term, order–disorder partitioning (the B2/A2 pair of alfe.tdb); R = 8.3145 J/(mol·K). Outside a function's temperature ranges the end ranges extend, at a breakpoint the upper range applies and an undefined function is 0 — pycalphad's conventions.",
      "Cada fase sigue el formalismo de energía de compuestos: mezcla ideal en cada subred, términos de exceso de Redlich–Kister (también ternarios), el término magnético de Inden–Hillert–Jarl y la partición orden–desorden (el par B2/A2 de alfe.tdb); R = 8,3145 J/(mol·K). Fuera de los intervalos de temperatura de una función se extienden los extremos, en un punto de corte rige el intervalo superior y una función no definida vale 0, como en pycalphad.",
      "各相は化合物エネルギー形式（CEF）で表します：副格子ごとの理想混合、Redlich–Kister 過剰項（三元項を含む）、Inden–Hillert–Jarl 磁気項、規則–不規則分割（alfe.tdb の B2/A2 など）。R = 8.3145 J/(mol·K)。関数の温度範囲外は端の範囲を延長し、境界点ちょうどでは上の範囲を使い、未定義の関数は 0 とします（pycalphad と同じ約束）。",
    ),
    t(
      "吉布斯自由能最小化：先在每个相的位置分数网格上求下凸包，得到初始相组合和化学势；再用 Newton–Lagrange 法同时精化各相的位置分数、相量和化学势；驱动力为正的相（或同一相的第二个成分组，即混溶间隙）被加入，相量降为零的被去掉，直到质量平衡成立且没有相位于切平面之下。",
      "Gibbs energy minimisation: the lower convex hull of a grid of every phase's site fractions gives the starting assemblage and chemical potentials; a Newton–Lagrange iteration then refines site fractions, phase amounts and potentials together; a phase with a positive driving force (or a second composition set of a phase, for a miscibility gap) is added and a set whose amount vanishes is removed, until the mass balance holds and no phase lies below the tangent plane.",
      "Minimización de la energía de Gibbs: la envolvente convexa inferior de una malla de fracciones de sitio de cada fase da el conjunto inicial de fases y los potenciales químicos; una iteración de Newton–Lagrange refina luego fracciones de sitio, cantidades de fase y potenciales a la vez; se añade la fase con fuerza motriz positiva (o un segundo conjunto de composición de una fase, en un hueco de miscibilidad) y se quita el conjunto cuya cantidad se anula, hasta que se cumple el balance de masa y ninguna fase queda bajo el plano tangente.",
      "ギブズエネルギー最小化：各相のサイト分率の格子点の下側凸包から初期の相の組と化学ポテンシャルを得て、Newton–Lagrange 反復でサイト分率・相量・化学ポテンシャルを同時に精密化します。駆動力が正の相（または混和ギャップでの同じ相の第2組成セット）を加え、量がゼロになったセットを除き、質量収支が成り立ち接平面より下の相がなくなるまで続けます。",
    ),
    t(
      "指令模式的条件脚本（conditions.calphad）每行一个关键字，# 后为注释：database <数据库 id> 或 database file <文件>.tdb（与脚本一起上传的 TDB）；components AL ZN（VA 自动加入）；phases * 或相名列表；T 700 K（或 °C、C）；P 101325 Pa（可省略，也可用 bar）；X ZN 0.30 给出除一个组元外的摩尔分数，或 W ZN 0.35 给出质量分数（用数据库中的元素摩尔质量换算）。错误会指出行号。",
      "The condition script of instruction mode (conditions.calphad) has one keyword a line, # starting a comment: database <id> or database file <name>.tdb (a TDB uploaded with the script); components AL ZN (VA is added where the database has it); phases * or a list of phases; T 700 K (or °C, C); P 101325 Pa (optional, bar also read); X ZN 0.30 for the mole fractions of all components but one, or W ZN 0.35 for mass fractions (converted with the database's element masses). Refusals name the line.",
      "El guion de condiciones del modo de instrucciones (conditions.calphad) lleva una palabra clave por línea, # inicia un comentario: database <id> o database file <nombre>.tdb (un TDB subido con el guion); components AL ZN (VA se añade si la base lo tiene); phases * o una lista de fases; T 700 K (o °C, C); P 101325 Pa (opcional, también bar); X ZN 0.30 para las fracciones molares de todos los componentes salvo uno, o W ZN 0.35 para fracciones másicas (convertidas con las masas de los elementos de la base). Los rechazos indican la línea.",
      "指示モードの条件スクリプト（conditions.calphad）は1行に1キーワードで、# 以降はコメントです：database <id> または database file <名前>.tdb（スクリプトと一緒にアップロードした TDB）、components AL ZN（VA はデータベースにあれば自動で加わります）、phases * または相の列挙、T 700 K（°C、C も可）、P 101325 Pa（省略可、bar も可）、X ZN 0.30 で1つを除く全成分元素のモル分率、または W ZN 0.35 で質量分率（データベースの元素の原子量で換算）。誤りは行番号付きで示します。",
    ),
  ],
  assumptions: [
    t(
      "结果的可信度取决于数据库的评估；只考虑所选的相（phases），未列出的相不会出现。",
      "The results are as good as the database's assessment; only the phases chosen are considered, a phase left out cannot appear.",
      "Los resultados valen lo que la evaluación de la base de datos; solo se consideran las fases elegidas, una fase omitida no puede aparecer.",
      "結果の確かさはデータベースの評価次第です。選んだ相だけを考慮し、除いた相は現れません。",
    ),
    t(
      "相分数以原子摩尔计（每摩尔原子的体系中该相所含的原子摩尔数）；GM 与驱动力以每摩尔原子计。",
      "Phase fractions are in moles of atoms (of the phase per mole of atoms of the system); GM and the driving forces are per mole of atoms.",
      "Las fracciones de fase son en moles de átomos (de la fase por mol de átomos del sistema); GM y las fuerzas motrices son por mol de átomos.",
      "相分率は原子モル基準（系の原子1モルあたりのその相の原子モル数）、GM と駆動力は原子1モルあたりです。",
    ),
  ],
  validity: [
    t(
      "平台提供的数据库：Al–Zn、Al–Fe、Pb–Sn、Cr–Ti–V、Fe–Cr–Ni、Al–Sc–Zr、Cu–Ti、Ni–Cr–Al，在各自评估的温度和成分范围内有效；不含气相压力效应（摩尔体积参数未使用）。",
      "Shipped databases: Al–Zn, Al–Fe, Pb–Sn, Cr–Ti–V, Fe–Cr–Ni, Al–Sc–Zr, Cu–Ti, Ni–Cr–Al, each within the temperatures and compositions of its assessment; pressure enters only through the database's P terms (molar volumes are not modelled).",
      "Bases incluidas: Al–Zn, Al–Fe, Pb–Sn, Cr–Ti–V, Fe–Cr–Ni, Al–Sc–Zr, Cu–Ti, Ni–Cr–Al, cada una dentro de las temperaturas y composiciones de su evaluación; la presión solo entra por los términos en P de la base (no se modelan volúmenes molares).",
      "同梱データベース：Al–Zn、Al–Fe、Pb–Sn、Cr–Ti–V、Fe–Cr–Ni、Al–Sc–Zr、Cu–Ti、Ni–Cr–Al。それぞれ評価された温度・組成範囲内で有効です。圧力はデータベースの P の項を通してのみ効きます（モル体積はモデル化していません）。",
    ),
  ],
  outputs: [
    t("平衡相表：相分数与各相成分；位置分数表", "The stable phases with fractions and compositions; their site fractions", "Las fases estables con fracciones y composiciones; sus fracciones de sitio", "安定相の相分率と組成、サイト分率"),
    t("GM、各组元化学势 μ；亚稳相的驱动力（J/mol）", "GM, the chemical potential μ of every component; the driving forces of the metastable phases (J/mol)", "GM, el potencial químico μ de cada componente; las fuerzas motrices de las fases metaestables (J/mol)", "GM、各成分元素の化学ポテンシャル μ、準安定相の駆動力（J/mol）"),
    t(
      "文件：result.json（{phases, GM, MU, drivingForces} 及计算条件）、条件脚本 conditions.calphad、所用数据库 database.tdb 和运行日志",
      "Files: result.json ({phases, GM, MU, drivingForces} and the conditions), the condition script conditions.calphad, the database used (database.tdb) and the run's logs",
      "Archivos: result.json ({phases, GM, MU, drivingForces} y las condiciones), el guion conditions.calphad, la base usada (database.tdb) y los registros",
      "ファイル：result.json（{phases, GM, MU, drivingForces} と計算条件）、条件スクリプト conditions.calphad、使用したデータベース database.tdb、実行ログ",
    ),
  ],
  references: [
    "H. L. Lukas, S. G. Fries, B. Sundman, Computational Thermodynamics: The Calphad Method, Cambridge University Press, 2007.",
    "R. Otis, Z.-K. Liu, pycalphad: CALPHAD-based Computational Thermodynamics in Python, J. Open Res. Softw. 5 (2017) 1.",
    "M. Hillert, L.-I. Staffansson, The regular solution model for stoichiometric phases and ionic melts, Acta Chem. Scand. 24 (1970) 3618; B. Sundman, J. Ågren, J. Phys. Chem. Solids 42 (1981) 297.",
    "G. Inden, Proc. CALPHAD V (1976); M. Hillert, M. Jarl, Calphad 2 (1978) 227.",
  ],
};
