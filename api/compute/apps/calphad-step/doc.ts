import { texts as t } from "../../../http/messages.ts";
import type { AppDoc } from "../types.ts";

/** What calphad-step computes, how, its script, and where it holds: its documentation page. */
export const calphadStepDoc: AppDoc = {
  summary: t(
    "在固定的总成分和压力下，按温度步进求一系列 CALPHAD 平衡：各相分数及成分随温度的变化，摩尔吉布斯自由能 G、焓 H、熵 S 和热容 Cp，以及相出现/消失的温度（液相线、固相线、固溶度线、共晶等）及其潜热。",
    "Steps the CALPHAD equilibrium over temperature at a fixed overall composition and pressure: every phase's fraction and composition against T, the molar Gibbs energy G, enthalpy H, entropy S and heat capacity Cp, and the temperatures where phases appear or vanish (liquidus, solidus, solvus, eutectics) with their latent heats.",
    "Recorre el equilibrio CALPHAD en temperatura a composición global y presión fijas: la fracción y la composición de cada fase frente a T, la energía de Gibbs molar G, la entalpía H, la entropía S y la capacidad calorífica Cp, y las temperaturas en que aparecen o desaparecen fases (liquidus, solidus, solvus, eutécticos) con sus calores latentes.",
    "全体組成と圧力を固定して CALPHAD 平衡を温度方向にステップ計算します。各相の相分率と組成の温度変化、モルギブズエネルギー G・エンタルピー H・エントロピー S・熱容量 Cp、相が現れる／消える温度（液相線・固相線・固溶度線・共晶など）とその潜熱を求めます。",
  ),
  model: [
    t(
      "每个温度点的平衡由与 calphad-equilibrium 相同的模型和求解器给出（化合物能量模型、Redlich–Kister 过剩项、磁性项、有序–无序分区；R = 8.3145 J/(mol·K)）。为提高速度，每一点从上一点的平衡出发用 Newton 法求解，仅当没有其他相（或同一相的第二成分组）的驱动力为正时才接受；每 10 个点再做一次全局网格起始的计算加以核对，若发现不同的相组合或更低的 G，则自上次核对以来的各点全部用全局起始重算。",
      "Each temperature's equilibrium comes from the same models and solver as calphad-equilibrium (compound energy formalism, Redlich–Kister excess, magnetic term, order–disorder partitioning; R = 8.3145 J/(mol·K)). For speed each point starts from the previous point's equilibrium and is solved by Newton, accepted only when no other phase (nor a second composition set of a present one) has a positive driving force; every 10 points a fresh global grid start checks it, and if that finds another phase assemblage or a lower G, the points since the last check are all recomputed from global starts.",
      "El equilibrio de cada temperatura viene de los mismos modelos y solucionador que calphad-equilibrium (formalismo de energía de compuestos, exceso de Redlich–Kister, término magnético, partición orden–desorden; R = 8,3145 J/(mol·K)). Para ganar velocidad, cada punto parte del equilibrio del anterior y se resuelve por Newton, y se acepta solo si ninguna otra fase (ni un segundo conjunto de composición de una fase presente) tiene fuerza motriz positiva; cada 10 puntos un arranque global desde la malla lo comprueba y, si encuentra otro conjunto de fases o una G menor, se recalculan con arranque global todos los puntos desde la última comprobación.",
      "各温度の平衡は calphad-equilibrium と同じモデルとソルバー（化合物エネルギー形式、Redlich–Kister 過剰項、磁気項、規則–不規則分割、R = 8.3145 J/(mol·K)）で求めます。高速化のため各点は前の点の平衡から Newton 法で解き、他の相（または存在する相の第2組成セット）の駆動力が正でない場合だけ採用します。10 点ごとに格子からの大域的な初期値で検算し、異なる相の組や低い G が見つかれば前回の検算以降の点をすべて大域的な初期値で計算し直します。",
    ),
    t(
      "熵 S = −∂G/∂T，在稳定相的位置分数和相量保持不变下对模型的 G 作有限差分（平衡时 G 对这些内部变量驻定，故等于全导数）；H = G + TS；Cp = dH/dT 沿平衡路径，用 T ± 0.05 K 与 ± 0.1 K 处（保持同一相组合）的平衡焓作差分，因此两相区的 Cp 包含相量与成分随温度变化带来的热效应。TDB 函数在分段温度点处并不严格连续（如 Al 在 933.6 K 处约 0.05 J），差分自动取不跨越该点的一侧。",
      "Entropy S = −∂G/∂T by a finite difference of the models' G with the stable phases' site fractions and amounts held (at equilibrium G is stationary in them, so this is the total derivative); H = G + TS; Cp = dH/dT along the equilibrium, a difference of the enthalpies of equilibria at T ± 0.05 K and ± 0.1 K (with the same phases), so in a two-phase field Cp includes the heat of the shifting amounts and compositions. A TDB function's pieces do not join exactly at their breakpoints (Al's by ~0.05 J at 933.6 K); the differences take the side that does not straddle one.",
      "La entropía S = −∂G/∂T por diferencia finita de la G de los modelos con las fracciones de sitio y las cantidades de las fases estables fijas (en el equilibrio G es estacionaria en ellas, así que es la derivada total); H = G + TS; Cp = dH/dT a lo largo del equilibrio, por diferencias de las entalpías de equilibrios a T ± 0,05 K y ± 0,1 K (con las mismas fases), de modo que en un campo bifásico Cp incluye el calor del cambio de cantidades y composiciones. Los tramos de una función TDB no se unen exactamente en sus puntos de corte (los de Al, ~0,05 J a 933,6 K); las diferencias toman el lado que no cruza uno.",
      "エントロピー S = −∂G/∂T は安定相のサイト分率と相量を固定してモデルの G を差分したもの（平衡では G はこれらの内部変数に対して停留なので全微分に等しい）、H = G + TS、Cp = dH/dT は平衡に沿った値で、T ± 0.05 K と ± 0.1 K の平衡（同じ相の組）のエンタルピーの差分です。そのため二相域の Cp には相量と組成の変化による熱が含まれます。TDB 関数の区間は境界点で厳密にはつながらない（Al は 933.6 K で約 0.05 J）ため、差分はその点をまたがない側を使います。",
    ),
    t(
      "相邻两点的相组合不同时，用全局平衡在其间二分温度，直到区间小于 10⁻⁴ K；报告的温度为最终区间的中点，焓跃变 ΔH 为两侧平衡焓之差（不变反应和纯组元熔化为潜热，连续的相界约为 0）。",
      "Where two neighbouring points lie in different phase fields, the temperature between them is bisected with the global equilibrium until the bracket is narrower than 10⁻⁴ K; the temperature reported is the final bracket's middle, and the enthalpy jump ΔH the difference of the two sides' enthalpies (the latent heat of an invariant or of a pure component's melting, about 0 at a continuous boundary).",
      "Donde dos puntos vecinos caen en campos de fases distintos, la temperatura entre ellos se biseca con el equilibrio global hasta que el intervalo es menor que 10⁻⁴ K; la temperatura dada es el centro del intervalo final y el salto de entalpía ΔH la diferencia entre las entalpías de ambos lados (el calor latente de un invariante o de la fusión de un componente puro, casi 0 en un límite continuo).",
      "隣り合う2点の相の組が異なるときは、その間の温度を大域的な平衡で二分し、区間が 10⁻⁴ K より狭くなるまで続けます。報告する温度は最終区間の中点、エンタルピー変化 ΔH は両側の平衡のエンタルピーの差です（不変反応や純成分の融解では潜熱、連続的な相境界ではほぼ 0）。",
    ),
    t(
      "指令模式的脚本（step.calphad）与 calphad-equilibrium 的条件脚本相同（database、components、phases、P、X 或 W，# 后为注释），只是温度行给出范围：T <起始> <终止> <步长> [K|°C]，如 T 300 1000 5 K。错误会指出行号。",
      "The script of instruction mode (step.calphad) is calphad-equilibrium's condition script (database, components, phases, P, X or W, # comments) with a range on the temperature line: T <from> <to> <step> [K|°C], e.g. T 300 1000 5 K. Refusals name the line.",
      "El guion del modo de instrucciones (step.calphad) es el guion de condiciones de calphad-equilibrium (database, components, phases, P, X o W, comentarios con #) con un intervalo en la línea de temperatura: T <desde> <hasta> <paso> [K|°C], p. ej. T 300 1000 5 K. Los rechazos indican la línea.",
      "指示モードのスクリプト（step.calphad）は calphad-equilibrium の条件スクリプト（database、components、phases、P、X または W、# 以降はコメント）と同じで、温度の行だけ範囲を与えます：T <開始> <終了> <刻み> [K|°C]（例：T 300 1000 5 K）。誤りは行番号付きで示します。",
    ),
  ],
  assumptions: [
    t(
      "结果的可信度取决于数据库的评估；只考虑所选的相。相分数以原子摩尔计，G、H、S、Cp 以每摩尔原子计。",
      "The results are as good as the database's assessment; only the phases chosen are considered. Phase fractions are in moles of atoms; G, H, S and Cp are per mole of atoms.",
      "Los resultados valen lo que la evaluación de la base; solo se consideran las fases elegidas. Las fracciones de fase son en moles de átomos; G, H, S y Cp, por mol de átomos.",
      "結果の確かさはデータベースの評価次第で、選んだ相だけを考慮します。相分率は原子モル基準、G・H・S・Cp は原子1モルあたりです。",
    ),
    t(
      "H 与 S 的零点是数据库的参考态（SER：298.15 K、1 bar 下的稳定元素）。",
      "H and S are relative to the database's reference state (SER: the stable elements at 298.15 K and 1 bar).",
      "H y S se refieren al estado de referencia de la base (SER: los elementos estables a 298,15 K y 1 bar).",
      "H と S の基準はデータベースの参照状態（SER：298.15 K・1 bar の安定元素）です。",
    ),
  ],
  validity: [
    t(
      "在数据库评估的温度和成分范围内有效；最多 5000 个温度点。同一相的两个成分组（混溶间隙）记为 FCC_A1#1（末组元较少）和 FCC_A1#2。",
      "Within the temperatures and compositions of the database's assessment; at most 5000 temperatures. Two composition sets of one phase (a miscibility gap) are FCC_A1#1 (poorer in the last component) and FCC_A1#2.",
      "Dentro de las temperaturas y composiciones de la evaluación de la base; como máximo 5000 temperaturas. Dos conjuntos de composición de una fase (un hueco de miscibilidad) son FCC_A1#1 (más pobre en el último componente) y FCC_A1#2.",
      "データベースの評価範囲の温度と組成で有効です。温度点は最大 5000 です。同じ相の2つの組成セット（混和ギャップ）は FCC_A1#1（最後の成分が少ない方）と FCC_A1#2 と表します。",
    ),
  ],
  outputs: [
    t("曲线：各相分数、各相成分、H、S、Cp、G 随温度变化；运行中即可看到已算出的曲线", "Curves against T: every phase's fraction and composition, H, S, Cp and G; while running, the curves so far", "Curvas frente a T: fracción y composición de cada fase, H, S, Cp y G; durante el cálculo, las curvas hasta el momento", "温度に対する曲線：各相の相分率と組成、H、S、Cp、G。計算中もそれまでの曲線を表示"),
    t("相变温度（液相线、固相线、固溶度线等）及相变表（两侧的相、ΔH）", "Transition temperatures (liquidus, solidus, solvus…) and a table of transitions (phases on either side, ΔH)", "Temperaturas de transición (liquidus, solidus, solvus…) y una tabla de transiciones (fases a cada lado, ΔH)", "相変態温度（液相線・固相線・固溶度線など）と相変態の表（両側の相、ΔH）"),
    t("文件：result.json（全部温度点）、脚本 step.calphad、所用数据库 database.tdb 和运行日志", "Files: result.json (every point), the script step.calphad, the database used (database.tdb) and the run's logs", "Archivos: result.json (todos los puntos), el guion step.calphad, la base usada (database.tdb) y los registros", "ファイル：result.json（全温度点）、スクリプト step.calphad、使用したデータベース database.tdb、実行ログ"),
  ],
  references: [
    "H.L. Lukas, S.G. Fries, B. Sundman, Computational Thermodynamics: The Calphad Method, Cambridge University Press (2007)",
    "R. Otis, Z.-K. Liu, pycalphad: CALPHAD-based Computational Thermodynamics in Python, J. Open Res. Softw. 5 (2017) 1",
  ],
};
