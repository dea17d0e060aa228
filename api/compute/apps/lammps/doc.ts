import type { AppDoc } from "../types.ts";

/** What the LAMMPS app computes, how, and where it holds: the text of its documentation page. */
export const lammpsDoc: AppDoc = {
  summary: {
    zh: "用 LAMMPS 对金属晶体做原子尺度分子动力学：以 EAM 势函数建立 bcc/fcc 晶体（可随机置换溶质），弛豫得到晶格常数和结合能，再做 NVT 或 NPT 分子动力学并给出温度、能量、压力、体积曲线；也可提交自己的 LAMMPS 输入。归入“其他”类：原子尺度分子动力学既不是相图计算（CALPHAD）也不是相场等多相组织模拟。",
    en: "Atomistic molecular dynamics of metal crystals with LAMMPS: builds a bcc or fcc crystal with an EAM potential (optionally with a random solute), relaxes it for the lattice constant and the cohesive energy, then runs NVT or NPT dynamics and plots temperature, energy, pressure and volume; your own LAMMPS input can be run too. Listed under Other: atomistic molecular dynamics is neither CALPHAD nor phase-field (multiphase) modelling.",
    es: "Dinámica molecular atomística de cristales metálicos con LAMMPS: construye un cristal bcc o fcc con un potencial EAM (con soluto aleatorio si se desea), lo relaja para obtener el parámetro de red y la energía de cohesión y luego ejecuta dinámica NVT o NPT con curvas de temperatura, energía, presión y volumen; también puede ejecutar su propia entrada de LAMMPS. Está en Otros: la dinámica molecular atomística no es CALPHAD ni modelado de campo de fases (multifase).",
    ja: "LAMMPS による金属結晶の原子スケール分子動力学：EAM ポテンシャルで bcc/fcc 結晶を作り（溶質のランダム置換も可）、緩和して格子定数と凝集エネルギーを求め、NVT または NPT の分子動力学で温度・エネルギー・圧力・体積の推移を示します。自分の LAMMPS 入力も実行できます。原子スケールの分子動力学は CALPHAD でもフェーズフィールド（多相）でもないため「その他」に分類しています。",
  },
  model: [
    {
      zh: "原子间作用采用嵌入原子法（EAM）：Fe、Fe–P、Al–Fe 为 Mendelev 等的 Finnis–Sinclair 形式（pair_style eam/fs），Fe–Cr 为 Stukowski 等的浓度相关 EAM（pair_style eam/cd）。势函数文件来自 Debian 软件包 lammps-data。",
      en: "Atoms interact through the embedded-atom method (EAM): Mendelev et al.'s Finnis–Sinclair form for Fe, Fe–P and Al–Fe (pair_style eam/fs), and Stukowski et al.'s concentration-dependent EAM for Fe–Cr (pair_style eam/cd). The potential files come from the Debian package lammps-data.",
      es: "Los átomos interactúan según el método del átomo embebido (EAM): la forma de Finnis–Sinclair de Mendelev et al. para Fe, Fe–P y Al–Fe (pair_style eam/fs) y el EAM dependiente de la concentración de Stukowski et al. para Fe–Cr (pair_style eam/cd). Los archivos vienen del paquete Debian lammps-data.",
      ja: "原子間相互作用は埋め込み原子法（EAM）です。Fe、Fe–P、Al–Fe は Mendelev らの Finnis–Sinclair 型（pair_style eam/fs）、Fe–Cr は Stukowski らの濃度依存 EAM（pair_style eam/cd）を使います。ポテンシャルファイルは Debian パッケージ lammps-data のものです。",
    },
    {
      zh: "弛豫：fix box/relax（各向同性、零压力）与共轭梯度最小化（minimize cg，能量与力容差 10⁻¹²）同时优化盒子和原子位置；晶格常数 = (V/n³)^(1/3)，结合能取每原子势能 pe/atoms（相对孤立原子，EAM 中孤立原子能量为零）。两者由 LAMMPS 变量计算并以 print 输出，平台原样读取。",
      en: "Relaxation: fix box/relax (isotropic, zero pressure) with conjugate-gradient minimisation (minimize cg, energy and force tolerances 10⁻¹²) optimises the box and the atoms together; the lattice constant is (V/n³)^(1/3) and the cohesive energy the potential energy per atom pe/atoms (against isolated atoms, whose EAM energy is zero). LAMMPS computes both as variables and prints them; the platform reads them as printed.",
      es: "Relajación: fix box/relax (isótropa, presión cero) con minimización por gradiente conjugado (minimize cg, tolerancias de energía y fuerza 10⁻¹²) optimiza a la vez la caja y los átomos; el parámetro de red es (V/n³)^(1/3) y la energía de cohesión la energía potencial por átomo pe/atoms (respecto a átomos aislados, de energía EAM nula). LAMMPS calcula ambos como variables y los imprime; la plataforma los lee tal cual.",
      ja: "緩和：fix box/relax（等方、圧力ゼロ）と共役勾配法による最小化（minimize cg、エネルギー・力の許容値 10⁻¹²）でセルと原子位置を同時に最適化します。格子定数は (V/n³)^(1/3)、凝集エネルギーは原子あたりのポテンシャルエネルギー pe/atoms（孤立原子基準。EAM では孤立原子のエネルギーはゼロ）です。どちらも LAMMPS の変数で計算して print し、プラットフォームはその値をそのまま読み取ります。",
    },
    {
      zh: "分子动力学：速度 Verlet 积分，初始速度按目标温度的两倍抽样（能量均分后约回到目标温度），NVT 用 Nosé–Hoover 恒温器（阻尼 100 步），NPT 另加各向同性 Nosé–Hoover 恒压器（阻尼 1000 步）。热力学量每隔设定步数写入 log.lammps。",
      en: "Molecular dynamics: velocity-Verlet integration, initial velocities drawn at twice the target temperature (equipartition brings it back near the target), a Nosé–Hoover thermostat for NVT (damping 100 steps) and in addition an isotropic Nosé–Hoover barostat for NPT (damping 1000 steps). Thermodynamic output goes to log.lammps at the chosen interval.",
      es: "Dinámica molecular: integración velocity-Verlet, velocidades iniciales al doble de la temperatura objetivo (la equipartición la devuelve cerca del objetivo), termostato de Nosé–Hoover en NVT (amortiguamiento de 100 pasos) y además barostato isótropo de Nosé–Hoover en NPT (1000 pasos). La salida termodinámica va a log.lammps con el intervalo elegido.",
      ja: "分子動力学：速度 Verlet 法で積分し、初期速度は目標温度の2倍で与えます（エネルギー等分配で目標付近に戻る）。NVT は Nosé–Hoover 熱浴（緩和 100 ステップ）、NPT はさらに等方 Nosé–Hoover 圧力浴（1000 ステップ）を使います。熱力学量は指定間隔で log.lammps に出力されます。",
    },
    {
      zh: "指令模式：提交自己的 in.lammps（可附带数据文件、势函数文件）。为安全起见，不允许 shell、python、getenv，不允许读写工作目录之外的路径（绝对路径或含 ..），势函数可写 /usr/share/lammps/potentials/ 下的绝对路径或仅写文件名（LAMMPS 会在该目录中查找）。打印形如 “RESULT 名称 = 数值” 的行即可成为结果中的标量。",
      en: "Instruction mode: submit your own in.lammps (with data or potential files if needed). For safety, shell, python and getenv are refused, and so is any path outside the work directory (absolute or with ..); a potential may be named by its absolute path in /usr/share/lammps/potentials/ or by its bare file name (LAMMPS looks it up there). Lines printed as “RESULT name = value” become scalars of the result.",
      es: "Modo de instrucciones: envíe su propio in.lammps (con archivos de datos o de potencial si hace falta). Por seguridad se rechazan shell, python y getenv, y toda ruta fuera del directorio de trabajo (absoluta o con ..); un potencial puede nombrarse por su ruta absoluta en /usr/share/lammps/potentials/ o solo por su nombre (LAMMPS lo busca allí). Las líneas impresas como “RESULT nombre = valor” pasan a ser escalares del resultado.",
      ja: "指示モード：自分の in.lammps（必要ならデータファイルやポテンシャルファイルも）を提出できます。安全のため shell、python、getenv、および作業ディレクトリ外のパス（絶対パスや .. を含むもの）は使えません。ポテンシャルは /usr/share/lammps/potentials/ の絶対パスかファイル名のみで指定できます（LAMMPS がそこを探します）。「RESULT 名前 = 値」の形で print した行は結果のスカラーになります。",
    },
  ],
  assumptions: [
    {
      zh: "周期性边界、完美晶体（无空位、位错、晶界）；溶质按给定原子分数随机置换（实际分数在小盒子中会有偏差，结果中给出实际值）。",
      en: "Periodic boundaries and a perfect crystal (no vacancies, dislocations or grain boundaries); the solute replaces host atoms at random with the given fraction (in a small box the fraction placed differs; the result gives it).",
      es: "Contornos periódicos y cristal perfecto (sin vacantes, dislocaciones ni bordes de grano); el soluto sustituye átomos base al azar con la fracción dada (en una caja pequeña la fracción colocada difiere; el resultado la indica).",
      ja: "周期境界と完全結晶（空孔・転位・粒界なし）を仮定します。溶質は指定の分率でランダムに置換します（小さなセルでは実際の分率がずれるため、結果に実際の値を示します）。",
    },
    {
      zh: "经典力学：不考虑电子与磁性的显式效应（其效果只通过势函数拟合间接体现），不考虑量子效应，低温下的比热与热膨胀因此不准确。",
      en: "Classical mechanics: no explicit electrons or magnetism (only as far as the potential's fit captures them) and no quantum effects, so heat capacity and thermal expansion at low temperature are not right.",
      es: "Mecánica clásica: sin electrones ni magnetismo explícitos (solo lo que capture el ajuste del potencial) y sin efectos cuánticos, por lo que la capacidad calorífica y la dilatación a baja temperatura no son correctas.",
      ja: "古典力学です。電子や磁性は陽に扱わず（ポテンシャルのフィットに含まれる範囲のみ）、量子効果もないため、低温での比熱や熱膨張は正しくありません。",
    },
  ],
  validity: [
    {
      zh: "势函数按其拟合的相与成分使用：Fe_mm 适用于 bcc Fe（含点缺陷）；FeP_mm 适用于稀 P 的 bcc Fe；AlFe_mm 适用于 Al–Fe 合金；FeCr.cdeam 适用于全成分的 bcc Fe–Cr。对 fcc 结构或远离拟合范围的成分，结果只是定性的。",
      en: "Use each potential for the phases and compositions it was fitted to: Fe_mm for bcc Fe (with point defects), FeP_mm for bcc Fe with dilute P, AlFe_mm for Al–Fe alloys, FeCr.cdeam for bcc Fe–Cr across compositions. For fcc or compositions far from the fit the results are only qualitative.",
      es: "Use cada potencial para las fases y composiciones de su ajuste: Fe_mm para Fe bcc (con defectos puntuales), FeP_mm para Fe bcc con P diluido, AlFe_mm para aleaciones Al–Fe, FeCr.cdeam para Fe–Cr bcc en todo el rango. Para fcc o composiciones lejos del ajuste los resultados son solo cualitativos.",
      ja: "各ポテンシャルはフィットした相・組成で使ってください：Fe_mm は bcc Fe（点欠陥を含む）、FeP_mm は希薄 P の bcc Fe、AlFe_mm は Al–Fe 合金、FeCr.cdeam は全組成の bcc Fe–Cr。fcc やフィット範囲から遠い組成では定性的な結果にとどまります。",
    },
    {
      zh: "表单范围：n = 2–16（bcc 最多 8192 个原子，fcc 最多 16384 个），时间步长不超过 0.01 ps（金属通常取 0.001 ps），步数不超过 10⁶。分子动力学平均值的统计误差随盒子变小、步数变少而增大。",
      en: "Form ranges: n = 2–16 (up to 8192 atoms in bcc, 16384 in fcc), a time step up to 0.01 ps (0.001 ps is usual for metals), up to 10⁶ steps. The statistical error of MD means grows as the box and the run get shorter.",
      es: "Rangos del formulario: n = 2–16 (hasta 8192 átomos en bcc, 16384 en fcc), paso de tiempo hasta 0,01 ps (0,001 ps es lo habitual en metales), hasta 10⁶ pasos. El error estadístico de las medias de DM crece al reducir la caja y la duración.",
      ja: "フォームの範囲：n = 2–16（bcc で最大 8192 原子、fcc で 16384 原子）、時間刻み 0.01 ps 以下（金属では通常 0.001 ps）、ステップ数 10⁶ 以下。MD 平均値の統計誤差はセルが小さく計算が短いほど大きくなります。",
    },
  ],
  outputs: [
    {
      zh: "标量：弛豫后晶格常数（Å）、结合能（eV/原子）、原子数、实际溶质分数，以及 MD 后半段的平均温度、压力、体积和总能量",
      en: "Scalars: relaxed lattice constant (Å), cohesive energy (eV/atom), atoms, the solute fraction placed, and the MD's second-half mean temperature, pressure, volume and total energy",
      es: "Escalares: parámetro de red relajado (Å), energía de cohesión (eV/átomo), átomos, fracción de soluto colocada y las medias de la segunda mitad de la DM de temperatura, presión, volumen y energía total",
      ja: "スカラー：緩和後の格子定数（Å）、凝集エネルギー（eV/原子）、原子数、実際の溶質分率、MD 後半の平均温度・圧力・体積・全エネルギー",
    },
    {
      zh: "曲线：分子动力学中温度、势能、总能量、压力、体积随时间步的变化（取自 log.lammps 的 thermo 输出；运行中实时显示）",
      en: "Curves: temperature, potential and total energy, pressure and volume against the MD step (from log.lammps's thermo output; shown live while running)",
      es: "Curvas: temperatura, energía potencial y total, presión y volumen frente al paso de DM (de la salida thermo de log.lammps; en vivo durante el cálculo)",
      ja: "グラフ：MD ステップに対する温度、ポテンシャル・全エネルギー、圧力、体積（log.lammps の thermo 出力から。実行中もリアルタイム表示）",
    },
    {
      zh: "图片 thermo.svg（温度与总能量随时间步的变化）；文件：最终结构 final.data（write_data）、log.lammps、输入 in.lammps 和运行日志",
      en: "A picture, thermo.svg (temperature and total energy against the step); files: the final structure final.data (write_data), log.lammps, the input in.lammps and the run's logs",
      es: "Una imagen, thermo.svg (temperatura y energía total frente al paso); archivos: la estructura final final.data (write_data), log.lammps, la entrada in.lammps y los registros",
      ja: "図 thermo.svg（ステップに対する温度と全エネルギー）、ファイル：最終構造 final.data（write_data）、log.lammps、入力 in.lammps、実行ログ",
    },
  ],
  references: [
    "A. P. Thompson et al., \"LAMMPS – a flexible simulation tool for particle-based materials modeling at the atomic, meso, and continuum scales\", Comput. Phys. Commun. 271 (2022) 108171.",
    "M. I. Mendelev, S. Han, D. J. Srolovitz, G. J. Ackland, D. Y. Sun, M. Asta, \"Development of new interatomic potentials appropriate for crystalline and liquid iron\", Philos. Mag. 83 (2003) 3977.",
    "G. J. Ackland, M. I. Mendelev, D. J. Srolovitz, S. Han, A. V. Barashev, \"Development of an interatomic potential for phosphorus impurities in α-iron\", J. Phys.: Condens. Matter 16 (2004) S2629.",
    "M. I. Mendelev, D. J. Srolovitz, G. J. Ackland, S. Han, \"Effect of Fe segregation on the migration of a non-symmetric Σ5 tilt grain boundary in Al\", J. Mater. Res. 20 (2005) 208.",
    "A. Stukowski, B. Sadigh, P. Erhart, A. Caro, \"Efficient implementation of the concentration-dependent embedded atom method for molecular-dynamics and Monte-Carlo simulations\", Modelling Simul. Mater. Sci. Eng. 17 (2009) 075005.",
  ],
};
