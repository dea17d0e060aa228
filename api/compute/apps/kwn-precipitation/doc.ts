import { texts as t } from "../../../http/messages.ts";
import type { AppDoc } from "../types.ts";

/** What the KWN precipitation app computes, how, and where it holds: the text of its documentation page. */
export const kwnDoc: AppDoc = {
  summary: t(
    "用 Kampmann–Wagner 数值模型（KWN）计算等温时效或任意温度–时间程序（淬火＋时效、回火）中析出相的形核、长大和粗化：给出数密度、平均半径、体积分数和基体成分随时间的变化，以及选定时刻的尺寸分布。热力学可取自 CALPHAD 数据库，也可用溶解度公式和稀溶液近似。",
    "Computes nucleation, growth and coarsening of a precipitate with the Kampmann–Wagner numerical (KWN) model, isothermally or along any temperature–time schedule (quench and age, tempering): number density, mean radius, volume fraction and matrix composition over time, and the size distribution at chosen times. Thermodynamics come from a CALPHAD database or from a solubility law with the dilute-solution approximation.",
    "Calcula la nucleación, el crecimiento y el engrosamiento de un precipitado con el modelo numérico de Kampmann–Wagner (KWN), en isoterma o a lo largo de cualquier programa temperatura–tiempo (temple y envejecimiento, revenido): densidad numérica, radio medio, fracción de volumen y composición de la matriz en el tiempo, y la distribución de tamaños en los tiempos elegidos. La termodinámica viene de una base CALPHAD o de una ley de solubilidad con la aproximación de solución diluida.",
    "Kampmann–Wagner 数値モデル（KWN）で析出相の核生成・成長・粗大化を、等温または任意の温度–時間スケジュール（焼入れ＋時効、焼戻し）に沿って計算します。数密度、平均半径、体積分率、母相組成の時間変化と、指定時刻の粒径分布を出力します。熱力学は CALPHAD データベース、または溶解度式と希薄溶液近似から求めます。",
  ),
  model: [
    t(
      "粒子按半径分为等宽的尺寸组（欧拉网格），求解群体平衡方程 ∂n/∂t = −∂(v·n)/∂R + J·δ(R − R_nuc)，在组界上取迎风通量，显式时间推进；时间步由粒子跨组不超过 0.4 组宽、形核率变化不超过半个数量级、临界半径变化不超过 1 %、体积分数变化不超过 10⁻³、温度每步不超过 1 K 等条件决定（与 kawin 相同）。尺寸组在最上一组有粒子时自动扩展，过多时保持析出体积不变地重新分组。",
      "Particles are counted in equal-width size classes (an Eulerian grid) and the population balance ∂n/∂t = −∂(v·n)/∂R + J·δ(R − R_nuc) is stepped explicitly with upwind fluxes at the class bounds. The step keeps particles from crossing more than 0.4 of a class, the nucleation rate from changing by more than half a decade, the critical radius by more than 1 %, the volume fraction by more than 1e-3 and the temperature by more than 1 K per step (kawin's controls). Classes are added when the top one fills and the distribution is re-binned, keeping its volume, when there are too many.",
      "Las partículas se cuentan en clases de tamaño de igual ancho (malla euleriana) y el balance de población ∂n/∂t = −∂(v·n)/∂R + J·δ(R − R_nuc) se integra de forma explícita con flujos aguas arriba en los límites de clase. El paso limita el cruce a 0,4 de clase, el cambio de la tasa de nucleación a media década, el del radio crítico al 1 %, el de la fracción de volumen a 1e-3 y el de temperatura a 1 K por paso (los controles de kawin). Se añaden clases cuando la última se llena y se reagrupa conservando el volumen cuando hay demasiadas.",
      "粒子は等幅のサイズクラス（オイラー格子）で数え、個数収支式 ∂n/∂t = −∂(v·n)/∂R + J·δ(R − R_nuc) をクラス境界の風上流束で陽的に時間発展させます。時間刻みは、粒子のクラス移動が 0.4 クラス以下、核生成速度の変化が半桁以下、臨界半径の変化が 1 % 以下、体積分率の変化が 1e-3 以下、温度変化が 1 ステップ 1 K 以下となるように選びます（kawin と同じ制御）。最上位クラスに粒子が入るとクラスを追加し、多すぎるときは析出体積を保って再分割します。",
    ),
    t(
      "形核采用经典理论：R* = 2γ/ΔG_v，ΔG* = (4π/3)γR*²（晶界形核按 Clemm–Fisher 双球冠修正），Zeldovich 因子 Z = V_m·√(γ/kT)/(2πN_A R*²)，原子附着率 β* = 4πR*²·x·D/a⁴，孕育期 τ = 1/(2β*Z²)（变温时由 ∫β*dt 求得），形核率 J = N_sites·Z·β*·exp(−ΔG*/kT)·exp(−τ/t)；位错形核位置数为 ρ·(N_A/V_m)^(1/3)，并扣除粒子占据的部分。新核半径为 R* + ½√(kT/πγ)。",
      "Nucleation is classical: R* = 2γ/ΔG_v and ΔG* = (4π/3)γR*² (a Clemm–Fisher double cap on grain boundaries), Zeldovich factor Z = V_m·√(γ/kT)/(2πN_A R*²), attachment rate β* = 4πR*²·x·D/a⁴, incubation time τ = 1/(2β*Z²) (from ∫β*dt on a changing temperature) and J = N_sites·Z·β*·exp(−ΔG*/kT)·exp(−τ/t). Sites on dislocations are ρ·(N_A/V_m)^(1/3), less those taken by particles. Nuclei enter at R* + ½√(kT/πγ).",
      "La nucleación es clásica: R* = 2γ/ΔG_v y ΔG* = (4π/3)γR*² (doble casquete de Clemm–Fisher en bordes de grano), factor de Zeldovich Z = V_m·√(γ/kT)/(2πN_A R*²), tasa de adhesión β* = 4πR*²·x·D/a⁴, tiempo de incubación τ = 1/(2β*Z²) (con ∫β*dt si la temperatura cambia) y J = N_sitios·Z·β*·exp(−ΔG*/kT)·exp(−τ/t). Los sitios en dislocaciones son ρ·(N_A/V_m)^(1/3), menos los ocupados. Los núcleos entran en R* + ½√(kT/πγ).",
      "核生成は古典論です：R* = 2γ/ΔG_v、ΔG* = (4π/3)γR*²（粒界では Clemm–Fisher の二重球冠）、Zeldovich 因子 Z = V_m·√(γ/kT)/(2πN_A R*²)、原子付着速度 β* = 4πR*²·x·D/a⁴、潜伏時間 τ = 1/(2β*Z²)（温度変化時は ∫β*dt から）、核生成速度 J = N_sites·Z·β*·exp(−ΔG*/kT)·exp(−τ/t)。転位上のサイト数は ρ·(N_A/V_m)^(1/3) から粒子が占めた分を除いたものです。新しい核は R* + ½√(kT/πγ) に入れます。",
    ),
    t(
      "长大速率 dR/dt = D·Ω/(ε(Ω)·R)，Ω = (x − x_α(R))/(x_β − x_α(R))，ε 为 Zener 球形长大解给出的有效扩散距离；x_α(R) 为 Gibbs–Thomson 修正后的界面成分（析出相摩尔能量提高 V_m·2γ/R 时的两相平衡）。粗化无需单独模型：小粒子的 x_α 高于基体而溶解，大粒子长大。基体成分由溶质守恒求得。",
      "Growth is dR/dt = D·Ω/(ε(Ω)·R) with Ω = (x − x_α(R))/(x_β − x_α(R)) and ε the effective diffusion distance of Zener's growing sphere; x_α(R) is the Gibbs–Thomson interfacial composition (two-phase equilibrium with the precipitate's molar energy raised by V_m·2γ/R). Coarsening needs no law of its own: small particles see x_α above the matrix and dissolve, large ones grow. The matrix composition follows from the solute balance.",
      "El crecimiento es dR/dt = D·Ω/(ε(Ω)·R) con Ω = (x − x_α(R))/(x_β − x_α(R)) y ε la distancia efectiva de difusión de la esfera de Zener; x_α(R) es la composición de intercara de Gibbs–Thomson (equilibrio bifásico con la energía molar del precipitado elevada en V_m·2γ/R). El engrosamiento no necesita ley propia: las partículas pequeñas ven x_α por encima de la matriz y se disuelven, las grandes crecen. La composición de la matriz sale del balance de soluto.",
      "成長速度は dR/dt = D·Ω/(ε(Ω)·R)、Ω = (x − x_α(R))/(x_β − x_α(R))、ε は Zener の球成長解の有効拡散距離です。x_α(R) は Gibbs–Thomson 効果を含む界面組成（析出相のモルエネルギーを V_m·2γ/R 上げたときの二相平衡）です。粗大化に別のモデルは要りません：小さな粒子は x_α が母相より高く溶解し、大きな粒子は成長します。母相組成は溶質の保存から求めます。",
    ),
    t(
      "热力学以 ln x 网格上的表格给出：数据库模式对每个 x 计算仅含基体相的平衡得到化学势，再求析出相的平行切线驱动力（kawin 的 tangent 方法），界面成分由该表反查；简单模式 ΔG = RT[x_β ln(x/x_eq) + (1−x_β) ln((1−x)/(1−x_eq))]。变温时每 10 K 建一张表并线性插值，因此 500 h 的计算只需几秒。",
      "Thermodynamics come as a table on a ln x grid: in database mode the matrix phase alone is equilibrated at each x for its chemical potentials and the precipitate's parallel-tangent driving force is found (kawin's tangent method); interfacial compositions are read from the same table inverted. Simple mode uses ΔG = RT[x_β ln(x/x_eq) + (1−x_β) ln((1−x)/(1−x_eq))]. On a schedule a table is made every 10 K and blended linearly, so a 500 h run takes seconds.",
      "La termodinámica se da como tabla en una malla de ln x: en modo base de datos se equilibra solo la fase matriz en cada x para sus potenciales químicos y se halla la fuerza motriz de tangente paralela del precipitado (método tangent de kawin); las composiciones de intercara se leen de la misma tabla invertida. El modo simple usa ΔG = RT[x_β ln(x/x_eq) + (1−x_β) ln((1−x)/(1−x_eq))]. En un programa se hace una tabla cada 10 K y se interpola linealmente, así 500 h tardan segundos.",
      "熱力学は ln x 格子上の表で与えます。データベースモードでは各 x で母相のみの平衡から化学ポテンシャルを求め、析出相の平行接線駆動力を計算します（kawin の tangent 法）。界面組成は同じ表の逆引きです。簡易モードは ΔG = RT[x_β ln(x/x_eq) + (1−x_β) ln((1−x)/(1−x_eq))]。温度スケジュールでは 10 K ごとに表を作り線形補間するので、500 h の計算も数秒です。",
    ),
  ],
  assumptions: [
    t(
      "二元体系、单一球形析出相，析出相成分均匀（无内部扩散限制），基体与析出相取相同的原子体积 a³/n；不计弹性应变能。",
      "A binary system with one spherical precipitate phase of uniform composition; matrix and precipitate share the volume per atom a³/n; no elastic strain energy.",
      "Sistema binario con una fase precipitada esférica de composición uniforme; matriz y precipitado comparten el volumen por átomo a³/n; sin energía elástica.",
      "二元系、組成が一様な球状の析出相 1 種、母相と析出相は同じ原子体積 a³/n、弾性ひずみエネルギーは考えません。",
    ),
    t(
      "扩散系数 D = D0·exp(−Qd/RT) 与成分无关；界面能 γ 为常数；形核位置密度按位错密度、晶粒尺寸或溶质原子数估算。",
      "D = D0·exp(−Qd/RT) does not depend on composition; γ is constant; site densities come from the dislocation density, the grain size or the solute atoms.",
      "D = D0·exp(−Qd/RT) no depende de la composición; γ es constante; las densidades de sitios salen de la densidad de dislocaciones, el tamaño de grano o los átomos de soluto.",
      "D = D0·exp(−Qd/RT) は組成に依存せず、γ は一定、核生成サイト密度は転位密度・結晶粒径・溶質原子数から見積もります。",
    ),
  ],
  validity: [
    t(
      "适用于析出相富含溶质（x_β > x0）且基体较稀的情形；验证算例为 kawin 的 Al–0.4 at% Zr 于 723.15 K 时效 500 h：数密度 1.397×10²²（kawin 1.374×10²²）m⁻³，体积分数 1.5504 %（1.5504 %），平均半径 6.09 nm（6.11 nm），初始驱动力 5774 J/mol（5773.7）。",
      "For a solute-rich precipitate (x_β > x0) in a fairly dilute matrix. Checked against kawin's Al–0.4 at% Zr aged 500 h at 723.15 K: number density 1.397e22 (kawin 1.374e22) m⁻³, volume fraction 1.5504 % (1.5504 %), mean radius 6.09 nm (6.11 nm), initial driving force 5774 J/mol (5773.7).",
      "Para un precipitado rico en soluto (x_β > x0) en una matriz bastante diluida. Comprobado con el Al–0,4 % at. Zr de kawin envejecido 500 h a 723,15 K: densidad numérica 1,397e22 (kawin 1,374e22) m⁻³, fracción de volumen 1,5504 % (1,5504 %), radio medio 6,09 nm (6,11 nm), fuerza motriz inicial 5774 J/mol (5773,7).",
      "溶質に富む析出相（x_β > x0）と比較的希薄な母相に適用できます。kawin の Al–0.4 at% Zr、723.15 K・500 h 時効で検証：数密度 1.397×10²²（kawin 1.374×10²²）m⁻³、体積分率 1.5504 %（1.5504 %）、平均半径 6.09 nm（6.11 nm）、初期駆動力 5774 J/mol（5773.7）。",
    ),
    t(
      "钢的回火预设（Fe₃C 自过饱和铁素体/马氏体析出）使用简单热力学，是定性到半定量的估计：不含 ε/η 过渡碳化物、碳的偏聚与马氏体的四方性。",
      "The steel tempering preset (Fe₃C from supersaturated ferrite/martensite) uses simple thermodynamics and is a qualitative to semi-quantitative estimate: no ε/η transition carbides, carbon segregation or martensite tetragonality.",
      "El preajuste de revenido de aceros (Fe₃C desde ferrita/martensita sobresaturada) usa termodinámica simple y es una estimación cualitativa a semicuantitativa: sin carburos de transición ε/η, segregación de carbono ni tetragonalidad de la martensita.",
      "鋼の焼戻しプリセット（過飽和フェライト／マルテンサイトからの Fe₃C）は簡易熱力学を用いた定性〜半定量的な見積もりです。ε/η 遷移炭化物、炭素の偏析、マルテンサイトの正方晶性は含みません。",
    ),
  ],
  outputs: [
    t(
      "数密度、平均半径与临界半径、体积分数、基体溶质含量、驱动力、形核率（和温度）随时间的曲线（横轴为 log₁₀ 时间），每条曲线可下载 CSV；选定时刻的尺寸分布曲线；历史数据表",
      "Number density, mean and critical radius, volume fraction, matrix solute, driving force, nucleation rate (and temperature) against log₁₀ time, each curve also as CSV; the size distribution at the chosen times; a table of the history",
      "Densidad numérica, radio medio y crítico, fracción de volumen, soluto en la matriz, fuerza motriz, tasa de nucleación (y temperatura) frente al log₁₀ del tiempo, cada curva también en CSV; la distribución de tamaños en los tiempos elegidos; una tabla de la historia",
      "数密度、平均半径と臨界半径、体積分率、母相の溶質量、駆動力、核生成速度（と温度）の log₁₀ 時間に対する曲線（各曲線は CSV でも取得可）、指定時刻の粒径分布、履歴の表",
    ),
    t(
      "最终数密度、平均半径、体积分数、基体成分、临界半径、初始驱动力与平衡值；文件 result.json、输入文件 kwn.in 和运行日志",
      "Final number density, mean radius, volume fraction, matrix composition, critical radius, the initial driving force and the equilibrium values; files result.json, the input kwn.in and the run's logs",
      "Densidad numérica, radio medio, fracción de volumen, composición de la matriz y radio crítico finales, la fuerza motriz inicial y los valores de equilibrio; archivos result.json, la entrada kwn.in y los registros",
      "最終の数密度・平均半径・体積分率・母相組成・臨界半径、初期駆動力と平衡値。ファイル：result.json、入力ファイル kwn.in、実行ログ",
    ),
  ],
  references: [
    "R. Kampmann, R. Wagner, Kinetics of precipitation in metastable binary alloys — theory and application to Cu-1.9 at% Ti and Ni-14 at% Al, in: Decomposition of Alloys: the Early Stages (Acta-Scripta Metallurgica Proceedings), Pergamon, Oxford, 1984, pp. 91–103.",
    "J. D. Robson, P. B. Prangnell, Dispersoid precipitation and process modelling in zirconium containing commercial aluminium alloys, Acta Mater. 49 (2001) 599–613.",
    "N. Ury et al., Kawin: an open source Kampmann–Wagner numerical (KWN) phase precipitation and coupling framework, Acta Mater. 255 (2023) 118988.",
    "M. Perez, M. Dumont, D. Acevedo-Reyes, Implementation of classical nucleation and growth theories for precipitation, Acta Mater. 56 (2008) 2119–2132.",
    "J. Merlin, M. Soler, S. Garnier, M. Bouzekri, Critical analysis and determination of the solubility limit of carbon in ferrite, Rev. Métall. 101 (2004) 403–412 (the steel preset's solubility).",
  ],
};
