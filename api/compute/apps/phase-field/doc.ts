import type { AppDoc } from "../types.ts";

/** What the phase-field app computes, how, and where it holds: the text of its documentation page. */
export const phaseFieldDoc: AppDoc = {
  summary: {
    zh: "在二维周期网格上模拟显微组织演变：Allen–Cahn 多序参量模型的晶粒长大，或 Cahn–Hilliard 方程的调幅分解。给出组织演变的快照动画、自由能和平均晶粒尺寸（或特征长度）随时间的变化。",
    en: "Simulates microstructure evolution on a periodic 2-D grid: grain growth with the multi-order-parameter Allen–Cahn model, or spinodal decomposition with the Cahn–Hilliard equation. Gives a film of snapshots, and the free energy and the mean grain size (or characteristic length) over time.",
    es: "Simula la evolución de la microestructura en una malla periódica 2-D: crecimiento de grano con el modelo de Allen–Cahn de varios parámetros de orden, o descomposición espinodal con la ecuación de Cahn–Hilliard. Da una película de instantáneas y la energía libre y el tamaño medio de grano (o la longitud característica) en el tiempo.",
    ja: "二次元周期格子上で組織の変化を計算します。多秩序変数 Allen–Cahn モデルによる粒成長、または Cahn–Hilliard 方程式によるスピノーダル分解です。スナップショットの動画、自由エネルギーと平均粒径（または特性長さ）の時間変化を出力します。",
  },
  model: [
    {
      zh: "Allen–Cahn（Fan–Chen 模型）：F = ∫[f + κ/2·Σ|∇ηᵢ|²]dA，f = W·[Σ(ηᵢ⁴/4 − ηᵢ²/2) + γΣ_{i<j}ηᵢ²ηⱼ² + 1/4]，∂ηᵢ/∂t = −L(∂f/∂ηᵢ − κ∇²ηᵢ)。每个晶粒由一个序参量为 1、其余为 0 表示。按此约定（F 中为 κ/2），尖锐界面极限下界面速度 v = −Lκ·曲率，圆形晶粒满足 R² = R₀² − 2Lκt。",
      en: "Allen–Cahn (Fan–Chen model): F = ∫[f + κ/2·Σ|∇ηᵢ|²]dA, f = W·[Σ(ηᵢ⁴/4 − ηᵢ²/2) + γΣ_{i<j}ηᵢ²ηⱼ² + 1/4], ∂ηᵢ/∂t = −L(∂f/∂ηᵢ − κ∇²ηᵢ). A grain is one order parameter at 1 and the others at 0. With this convention (κ/2 in F) the sharp-interface limit is v = −Lκ·curvature, so a circular grain follows R² = R₀² − 2Lκt.",
      es: "Allen–Cahn (modelo de Fan–Chen): F = ∫[f + κ/2·Σ|∇ηᵢ|²]dA, f = W·[Σ(ηᵢ⁴/4 − ηᵢ²/2) + γΣ_{i<j}ηᵢ²ηⱼ² + 1/4], ∂ηᵢ/∂t = −L(∂f/∂ηᵢ − κ∇²ηᵢ). Un grano es un parámetro de orden en 1 y los demás en 0. Con esta convención (κ/2 en F) el límite de interfaz delgada es v = −Lκ·curvatura, y un grano circular sigue R² = R₀² − 2Lκt.",
      ja: "Allen–Cahn（Fan–Chen モデル）：F = ∫[f + κ/2·Σ|∇ηᵢ|²]dA、f = W·[Σ(ηᵢ⁴/4 − ηᵢ²/2) + γΣ_{i<j}ηᵢ²ηⱼ² + 1/4]、∂ηᵢ/∂t = −L(∂f/∂ηᵢ − κ∇²ηᵢ)。各結晶粒は一つの秩序変数が 1、他が 0 の領域です。この約束（F に κ/2）では鋭い界面の極限で v = −Lκ·曲率となり、円形粒は R² = R₀² − 2Lκt に従います。",
    },
    {
      zh: "Cahn–Hilliard：F = ∫[W·c²(1 − c)² + κ/2·|∇c|²]dA，∂c/∂t = ∇·(M∇μ)，μ = f′(c) − κ∇²c。浓度 c 为摩尔分数，两相为 c = 0 和 1，调幅区间 0.211 < c < 0.789。",
      en: "Cahn–Hilliard: F = ∫[W·c²(1 − c)² + κ/2·|∇c|²]dA, ∂c/∂t = ∇·(M∇μ), μ = f′(c) − κ∇²c. c is a mole fraction; the two phases are c = 0 and 1, the spinodal 0.211 < c < 0.789.",
      es: "Cahn–Hilliard: F = ∫[W·c²(1 − c)² + κ/2·|∇c|²]dA, ∂c/∂t = ∇·(M∇μ), μ = f′(c) − κ∇²c. c es una fracción molar; las dos fases son c = 0 y 1, la espinodal 0,211 < c < 0,789.",
      ja: "Cahn–Hilliard：F = ∫[W·c²(1 − c)² + κ/2·|∇c|²]dA、∂c/∂t = ∇·(M∇μ)、μ = f′(c) − κ∇²c。c はモル分率で、二相は c = 0 と 1、スピノーダル領域は 0.211 < c < 0.789 です。",
    },
    {
      zh: "数值方法：半隐式傅里叶谱方法（Chen & Shen 1998），梯度项在傅里叶空间隐式处理，局部驱动力显式处理，并加线性稳定项 S（Shen & Yang 2010）：Allen–Cahn η̂ⁿ⁺¹ = [(1 + ΔtLS)η̂ⁿ − ΔtL·f̂′ⁿ]/[1 + ΔtL(κk² + S)]；Cahn–Hilliard ĉⁿ⁺¹ = [ĉⁿ + ΔtMk²(Sĉⁿ − f̂′ⁿ)]/[1 + ΔtMk²(κk² + S)]，k = 0 模态保持不变，故平均浓度严格守恒。FFT 为自编的基 2 复数 FFT，两个实数场合用一次复数变换。",
      en: "Numerical method: semi-implicit Fourier spectral (Chen & Shen 1998), the gradient term implicit in Fourier space and the local force explicit, with a linear stabilization S (Shen & Yang 2010): Allen–Cahn η̂ⁿ⁺¹ = [(1 + ΔtLS)η̂ⁿ − ΔtL·f̂′ⁿ]/[1 + ΔtL(κk² + S)]; Cahn–Hilliard ĉⁿ⁺¹ = [ĉⁿ + ΔtMk²(Sĉⁿ − f̂′ⁿ)]/[1 + ΔtMk²(κk² + S)], whose k = 0 mode is unchanged, so the mean concentration is conserved exactly. The FFT is the platform's own radix-2 complex FFT; two real fields share one complex transform.",
      es: "Método numérico: espectral de Fourier semi-implícito (Chen & Shen 1998), el término de gradiente implícito en el espacio de Fourier y la fuerza local explícita, con una estabilización lineal S (Shen & Yang 2010): Allen–Cahn η̂ⁿ⁺¹ = [(1 + ΔtLS)η̂ⁿ − ΔtL·f̂′ⁿ]/[1 + ΔtL(κk² + S)]; Cahn–Hilliard ĉⁿ⁺¹ = [ĉⁿ + ΔtMk²(Sĉⁿ − f̂′ⁿ)]/[1 + ΔtMk²(κk² + S)], cuyo modo k = 0 no cambia, así que la concentración media se conserva exactamente. La FFT es una FFT compleja de base 2 propia; dos campos reales comparten una transformada compleja.",
      ja: "数値解法：半陰的フーリエスペクトル法（Chen & Shen 1998）。勾配項はフーリエ空間で陰的に、局所駆動力は陽的に扱い、線形安定化項 S（Shen & Yang 2010）を加えます。Allen–Cahn は η̂ⁿ⁺¹ = [(1 + ΔtLS)η̂ⁿ − ΔtL·f̂′ⁿ]/[1 + ΔtL(κk² + S)]、Cahn–Hilliard は ĉⁿ⁺¹ = [ĉⁿ + ΔtMk²(Sĉⁿ − f̂′ⁿ)]/[1 + ΔtMk²(κk² + S)] で、k = 0 のモードは変わらないため平均濃度は厳密に保存されます。FFT は独自の基数 2 複素 FFT で、二つの実数場を一回の複素変換で扱います。",
    },
    {
      zh: "平均晶粒直径由晶粒数得到：d = 2√(A/(πN))，晶粒为主序参量相同且大于 0.5 的连通区域（周期边界）。Cahn–Hilliard 的特征长度为 2π/⟨k⟩，⟨k⟩ 为结构因子 |ĉ(k)|² 的一阶矩。自由能为区域平均自由能密度（J/m³），梯度项在傅里叶空间精确计算。",
      en: "The mean grain diameter comes from the number of grains: d = 2√(A/(πN)), a grain being a connected region (periodic) where the same order parameter dominates and exceeds 0.5. Cahn–Hilliard's characteristic length is 2π/⟨k⟩, ⟨k⟩ the first moment of the structure factor |ĉ(k)|². The free energy is the domain-average density (J/m³), its gradient term exact in Fourier space.",
      es: "El diámetro medio de grano sale del número de granos: d = 2√(A/(πN)), siendo un grano una región conexa (periódica) donde domina el mismo parámetro de orden y supera 0,5. La longitud característica de Cahn–Hilliard es 2π/⟨k⟩, ⟨k⟩ el primer momento del factor de estructura |ĉ(k)|². La energía libre es la densidad media del dominio (J/m³), con el término de gradiente exacto en el espacio de Fourier.",
      ja: "平均粒径は粒数から d = 2√(A/(πN)) で求めます。粒は同じ秩序変数が最大かつ 0.5 を超える連結領域（周期境界）です。Cahn–Hilliard の特性長さは 2π/⟨k⟩ で、⟨k⟩ は構造因子 |ĉ(k)|² の一次モーメントです。自由エネルギーは領域平均の密度（J/m³）で、勾配項はフーリエ空間で厳密に計算します。",
    },
  ],
  assumptions: [
    {
      zh: "二维、周期边界、各向同性的界面能和迁移率；温度恒定；无弹性能、无外场。",
      en: "Two dimensions, periodic boundaries, isotropic interface energy and mobility; constant temperature; no elastic energy and no external field.",
      es: "Dos dimensiones, contornos periódicos, energía de interfaz y movilidad isótropas; temperatura constante; sin energía elástica ni campo externo.",
      ja: "二次元、周期境界、等方的な界面エネルギーと易動度、温度一定、弾性エネルギーや外場はありません。",
    },
    {
      zh: "Allen–Cahn 中序参量个数有限，相同序参量的晶粒相遇时会合并；随机晶核分配序参量时避开相邻晶核。Cahn–Hilliard 中迁移率 M 为常数。",
      en: "Allen–Cahn has a finite number of order parameters: two grains of the same one merge when they meet; random nuclei are given order parameters their neighbours do not have. Cahn–Hilliard's mobility M is constant.",
      es: "Allen–Cahn tiene un número finito de parámetros de orden: dos granos del mismo se unen al tocarse; a los núcleos aleatorios se les asignan parámetros que sus vecinos no tienen. La movilidad M de Cahn–Hilliard es constante.",
      ja: "Allen–Cahn の秩序変数の数は有限で、同じ秩序変数の粒が接すると合体します。ランダムな核には近傍の核と異なる秩序変数を割り当てます。Cahn–Hilliard の易動度 M は一定です。",
    },
  ],
  validity: [
    {
      zh: "界面宽度 ξ = √(κ/W) 应不小于约 1 个网格间距（默认正好等于 dx），否则界面分辨不足（日志会提示）。时间离散为一阶：Allen–Cahn 的界面速度相对误差约为 0.4·Δt·L·W（S = 0 时；S > 0 时再加 Δt·L·S），Δt·L·W = 0.01 时圆形晶粒的 R² 斜率误差实测 0.2%。",
      en: "The interface width ξ = √(κ/W) should be at least about one grid spacing (the defaults make it exactly dx), or the interfaces are under-resolved (the log says so). Time is first order: Allen–Cahn's interface velocity is off by about 0.4·Δt·L·W relative (with S = 0; S > 0 adds Δt·L·S); at Δt·L·W = 0.01 the shrinking circle's R² slope is within 0.2 % (measured).",
      es: "El ancho de interfaz ξ = √(κ/W) debe ser al menos de un espaciado de malla (por defecto es exactamente dx), o las interfaces quedan mal resueltas (el registro lo indica). El tiempo es de primer orden: la velocidad de la interfaz de Allen–Cahn se desvía en torno a 0,4·Δt·L·W relativo (con S = 0; S > 0 añade Δt·L·S); con Δt·L·W = 0,01 la pendiente de R² del círculo queda dentro del 0,2 % (medido).",
      ja: "界面幅 ξ = √(κ/W) は格子間隔程度以上にしてください（既定値ではちょうど dx）。そうでないと界面の解像が不足します（ログに表示）。時間は一次精度で、Allen–Cahn の界面速度の相対誤差は約 0.4·Δt·L·W（S = 0 の場合。S > 0 では Δt·L·S が加わる）です。Δt·L·W = 0.01 では円形粒の R² の傾きの誤差は実測 0.2% です。",
    },
    {
      zh: "输入限制（共享服务器）：N 为 64、128、256 或 512，步数不超过 200000，快照不超过 60 张，序参量不超过 36 个。",
      en: "Limits for a shared server: N is 64, 128, 256 or 512, at most 200000 steps, 60 snapshots and 36 order parameters.",
      es: "Límites para un servidor compartido: N es 64, 128, 256 o 512, como máximo 200000 pasos, 60 instantáneas y 36 parámetros de orden.",
      ja: "共有サーバーのための制限：N は 64、128、256、512、ステップ数は 200000 以下、スナップショットは 60 枚以下、秩序変数は 36 個以下です。",
    },
  ],
  outputs: [
    {
      zh: "组织演变快照（PNG）：Allen–Cahn 中每个晶粒按主序参量着色、晶界为暗色；Cahn–Hilliard 中浓度以蓝–白–红发散色标表示（0 到 1）。页面上可播放动画，无 JavaScript 时显示为图片序列。",
      en: "Snapshots of the microstructure (PNG): for Allen–Cahn each grain coloured by its dominant order parameter with dark grain boundaries; for Cahn–Hilliard the concentration on a blue–white–red diverging scale from 0 to 1. The page plays them as a film, or shows a strip without JavaScript.",
      es: "Instantáneas de la microestructura (PNG): en Allen–Cahn cada grano coloreado por su parámetro de orden dominante con los bordes de grano oscuros; en Cahn–Hilliard la concentración en una escala divergente azul–blanco–rojo de 0 a 1. La página las reproduce como película, o las muestra en tira sin JavaScript.",
      ja: "組織のスナップショット（PNG）：Allen–Cahn では各粒を主秩序変数で色分けし粒界を暗く、Cahn–Hilliard では濃度を 0〜1 の青–白–赤の発散カラーマップで表示します。ページでは動画として再生し、JavaScript がなければ一覧で表示します。",
    },
    {
      zh: "自由能密度、平均晶粒直径（或特征长度）以及晶粒数随时间的曲线；最终值、时间步数、模拟时间与计算用时。运行中可实时查看曲线。",
      en: "Curves of the free energy density, the mean grain diameter (or characteristic length) and the grain count over time; the final values, steps, simulated time and wall time. The curves are live while the task runs.",
      es: "Curvas de la densidad de energía libre, el diámetro medio de grano (o longitud característica) y el número de granos en el tiempo; los valores finales, pasos, tiempo simulado y tiempo de cálculo. Las curvas se ven en vivo durante el cálculo.",
      ja: "自由エネルギー密度、平均粒径（または特性長さ）、粒数の時間変化の曲線と、最終値、ステップ数、シミュレーション時間、計算時間。計算中も曲線をリアルタイムで表示します。",
    },
    {
      zh: "初始状态为圆（circle）时，结果用于与理论对照：给出半径 R(t) = √(A/π)（A 为场高于两相中间值的面积，按亚网格精度计算）。Allen–Cahn 在同一图中以虚线给出由本次计算的 L、κ 和 R₀ 算出的尖锐界面极限 R² = R₀² − 2Lκt，并给出 R² 对时间的拟合斜率及其相对 −2Lκ 的误差（拟合到 R 降至 4 倍界面宽度为止）；Cahn–Hilliard 给出液滴半径，它先向基体释放溶质而略微缩小（Gibbs–Thomson 效应），随后保持不变（质量守恒）。单个圆没有意义的平均晶粒直径、晶粒数和特征长度不再给出。",
      en: "With the circle initial state the result is a check against theory: the radius R(t) = √(A/π), A the area where the field is above halfway between the two phases (to a fraction of a cell). For Allen–Cahn the same plot has, dashed, the sharp-interface law R² = R₀² − 2Lκt from the run's own L, κ and R₀, and the result the fitted slope of R² against time with its error against −2Lκ (fitted until R falls to four interface widths); for Cahn–Hilliard the droplet's radius, which shrinks a little as it gives solute to the matrix (Gibbs–Thomson) and then holds, as the mass is conserved. The mean grain diameter, grain count and characteristic length, which mean nothing for one circle, are not shown.",
      es: "Con el estado inicial circle el resultado es una comprobación frente a la teoría: el radio R(t) = √(A/π), A el área donde el campo supera el valor intermedio entre las dos fases (con precisión inferior a una celda). En Allen–Cahn el mismo gráfico muestra, a trazos, la ley de interfaz delgada R² = R₀² − 2Lκt con L, κ y R₀ del propio cálculo, y el resultado da la pendiente ajustada de R² frente al tiempo y su error frente a −2Lκ (ajustada hasta que R baja a cuatro anchos de interfaz); en Cahn–Hilliard, el radio de la gota, que se encoge un poco al ceder soluto a la matriz (Gibbs–Thomson) y luego se mantiene, pues la masa se conserva. El diámetro medio de grano, el número de granos y la longitud característica, sin sentido para un solo círculo, no se muestran.",
      ja: "初期状態が円（circle）のとき、結果は理論との照合です。半径 R(t) = √(A/π)（A は場が二相の中間値を超える面積で、格子以下の精度で求めます）を出力します。Allen–Cahn では同じグラフに、この計算の L、κ、R₀ による鋭い界面の極限 R² = R₀² − 2Lκt を破線で描き、R² の時間に対するフィット勾配と −2Lκ に対する誤差を示します（R が界面幅の 4 倍に下がるまでをフィット）。Cahn–Hilliard では液滴の半径を示し、母相へ溶質を放出して少し縮み（Gibbs–Thomson 効果）、その後は一定です（質量保存）。一つの円では意味のない平均粒径、粒数、特性長さは表示しません。",
    },
    {
      zh: "文件：最终场的 CSV（浓度，或各格点的主序参量编号）、快照 PNG、progress.csv、result.json 与输入文件 phasefield.in。",
      en: "Files: the final field as CSV (the concentration, or each cell's dominant order parameter), the snapshot PNGs, progress.csv, result.json and the input file phasefield.in.",
      es: "Archivos: el campo final en CSV (la concentración, o el parámetro de orden dominante de cada celda), las instantáneas PNG, progress.csv, result.json y el archivo de entrada phasefield.in.",
      ja: "ファイル：最終場の CSV（濃度、または各格子点の主秩序変数の番号）、スナップショット PNG、progress.csv、result.json、入力ファイル phasefield.in。",
    },
  ],
  references: [
    "S. M. Allen, J. W. Cahn, \"A microscopic theory for antiphase boundary motion and its application to antiphase domain coarsening\", Acta Metall. 27 (1979) 1085–1095.",
    "J. W. Cahn, J. E. Hilliard, \"Free energy of a nonuniform system. I. Interfacial free energy\", J. Chem. Phys. 28 (1958) 258–267.",
    "L.-Q. Chen, J. Shen, \"Applications of semi-implicit Fourier-spectral method to phase field equations\", Comput. Phys. Commun. 108 (1998) 147–158.",
    "D. Fan, L.-Q. Chen, \"Computer simulation of grain growth using a continuum field model\", Acta Mater. 45 (1997) 611–622.",
    "C. E. Krill III, L.-Q. Chen, \"Computer simulation of 3-D grain growth using a phase-field model\", Acta Mater. 50 (2002) 3059–3075.",
    "J. Shen, X. Yang, \"Numerical approximations of Allen–Cahn and Cahn–Hilliard equations\", Discrete Contin. Dyn. Syst. 28 (2010) 1669–1691.",
  ],
};
