import type { AppDoc } from "../types.ts";

/** The documentation page of the Quantum ESPRESSO pw.x app. */
export const qeDoc: AppDoc = {
  summary: {
    zh: "用 Quantum ESPRESSO 的 pw.x 做平面波赝势密度泛函计算：单一元素的 bcc、fcc、hcp 或金刚石晶体，或上传的晶胞（VASP POSCAR 或扩展 XYZ，可含多种元素）（图形模式），或用户自己的 pw.x 输入（指令模式）。给出总能量、费米能、磁矩、原子受力、应力，并可计算能量–体积曲线拟合 Birch–Murnaghan 状态方程得到平衡晶格常数和体模量。",
    en: "Plane-wave pseudopotential density functional calculations with Quantum ESPRESSO's pw.x: a bcc, fcc, hcp or diamond crystal of one element, or an uploaded cell (VASP POSCAR or extended XYZ, several elements allowed) (graphical mode), or the user's own pw.x input (instruction mode). Reports the total energy, Fermi energy, magnetisation, forces and stress, and can scan the lattice constant and fit a Birch–Murnaghan equation of state for the equilibrium lattice constant and bulk modulus.",
    es: "Cálculos de teoría del funcional de la densidad con ondas planas y pseudopotenciales mediante pw.x de Quantum ESPRESSO: un cristal bcc, fcc, hcp o diamante de un elemento, o una celda subida (POSCAR de VASP o XYZ extendido, admite varios elementos) (modo gráfico) o la entrada pw.x del propio usuario (modo de instrucciones). Da la energía total, la energía de Fermi, la magnetización, las fuerzas y la tensión, y puede barrer la constante de red y ajustar una ecuación de estado de Birch–Murnaghan para la constante de red de equilibrio y el módulo volumétrico.",
    ja: "Quantum ESPRESSO の pw.x による平面波・擬ポテンシャル密度汎関数計算です。単一元素の bcc・fcc・hcp・ダイヤモンド結晶、またはアップロードした結晶構造（VASP POSCAR または拡張 XYZ、複数元素可）（グラフィカルモード）、またはユーザー自身の pw.x 入力（インストラクションモード）を計算します。全エネルギー、フェルミエネルギー、磁化、原子に働く力、応力を出力し、格子定数を変えて Birch–Murnaghan 状態方程式をフィットし平衡格子定数と体積弾性率を求めることもできます。",
  },
  model: [
    {
      zh: "Kohn–Sham 密度泛函理论，平面波基组（截断能 ecutwfc，电荷密度 ecutrho），赝势取自所选 UPF 文件（交换关联泛函由赝势决定），布里渊区用 Monkhorst–Pack k 点网格积分；自洽场迭代（Davidson 对角化、Broyden 密度混合）直到估计误差小于 conv_thr。",
      en: "Kohn–Sham density functional theory in a plane-wave basis (cutoffs ecutwfc, ecutrho), with the pseudopotential of the chosen UPF file (which also fixes the exchange–correlation functional) and Monkhorst–Pack k-point sampling of the Brillouin zone; self-consistent field iterations (Davidson diagonalisation, Broyden density mixing) until the estimated accuracy is below conv_thr.",
      es: "Teoría del funcional de la densidad de Kohn–Sham en una base de ondas planas (cortes ecutwfc, ecutrho), con el pseudopotencial del archivo UPF elegido (que fija también el funcional de intercambio y correlación) y muestreo de Monkhorst–Pack de la zona de Brillouin; iteraciones de campo autoconsistente (diagonalización de Davidson, mezcla de densidad de Broyden) hasta que la precisión estimada quede por debajo de conv_thr.",
      ja: "Kohn–Sham 密度汎関数理論を平面波基底（カットオフ ecutwfc、ecutrho）で解きます。擬ポテンシャルは選んだ UPF ファイル（交換相関汎関数もこれで決まる）、ブリルアンゾーンは Monkhorst–Pack の k 点メッシュで積分し、推定精度が conv_thr を下回るまで自己無撞着場の反復（Davidson 対角化、Broyden 密度混合）を行います。",
    },
    {
      zh: "状态方程：在 a(1 ± 范围) 之间等距取若干晶格常数分别做自洽计算，对 E(V) 用三阶 Birch–Murnaghan 方程做最小二乘拟合（该方程是 V^(−2/3) 的三次多项式，因此拟合为线性最小二乘），得到 E0、V0、B0 和 B0'，a0 由 V0 按相同晶胞形状换算。",
      en: "Equation of state: self-consistent runs at evenly spaced lattice constants within a(1 ± spread), and a least-squares fit of the third-order Birch–Murnaghan equation to E(V) (a cubic polynomial in V^(−2/3), so the fit is linear least squares) giving E0, V0, B0 and B0'; a0 follows from V0 at the same cell shape.",
      es: "Ecuación de estado: cálculos autoconsistentes a constantes de red equiespaciadas dentro de a(1 ± amplitud) y un ajuste por mínimos cuadrados de la ecuación de Birch–Murnaghan de tercer orden a E(V) (un polinomio cúbico en V^(−2/3), por lo que el ajuste es lineal), que da E0, V0, B0 y B0'; a0 se obtiene de V0 con la misma forma de celda.",
      ja: "状態方程式：a(1 ± 範囲) 内の等間隔の格子定数でそれぞれ自己無撞着計算を行い、E(V) に 3 次 Birch–Murnaghan 式を最小二乗フィットします（この式は V^(−2/3) の 3 次多項式なので線形最小二乗になります）。E0、V0、B0、B0' が得られ、a0 は同じ胞の形のまま V0 から換算します。",
    },
  ],
  assumptions: [
    {
      zh: "图形模式为单一元素的理想晶体，原子位置固定（scf），hcp 的 c/a 在状态方程扫描中保持不变。",
      en: "Graphical mode: an ideal crystal of one element with fixed atoms (scf); for hcp, c/a stays fixed during an EOS scan.",
      es: "Modo gráfico: un cristal ideal de un elemento con los átomos fijos (scf); en hcp, c/a se mantiene durante el barrido de la ecuación de estado.",
      ja: "グラフィカルモードは単一元素の理想結晶で原子位置は固定（scf）、hcp の c/a は状態方程式の計算中一定です。",
    },
    {
      zh: "上传晶胞（晶格 cell）：ibrav = 0，晶胞以 Å 写入 CELL_PARAMETERS，原子以分数坐标写入；Selective dynamics 标记被忽略（scf 不移动原子）。每种元素的赝势从已安装的文件中自动选择：所选赝势本身用于其元素，其他元素优先取相同交换关联泛函（如 pz、pbe）、其次相同类型（如 vbc、rrkjus、kjpaw）的文件，否则取该元素的第一个文件；所选结果写在 pw.in 的 ATOMIC_SPECIES 中。状态方程扫描时整个晶胞等比缩放（形状不变），a0 为每晶胞体积的立方根。",
      en: "Uploaded cell (lattice = cell): ibrav = 0, the cell in Å in CELL_PARAMETERS and the atoms in crystal coordinates; Selective dynamics flags are ignored (an scf moves no atom). Each element's pseudopotential is chosen from the installed files: the chosen one for its own element, for the others the file with the same exchange–correlation functional (e.g. pz, pbe), then the same kind (e.g. vbc, rrkjus, kjpaw), else the element's first file; the choice is written in pw.in's ATOMIC_SPECIES. An EOS scan scales the whole cell (same shape), and a0 is the cube root of the volume per cell.",
      es: "Celda subida (red cell): ibrav = 0, la celda en Å en CELL_PARAMETERS y los átomos en coordenadas cristalinas; las marcas de Selective dynamics se ignoran (un scf no mueve átomos). El pseudopotencial de cada elemento se elige entre los instalados: el elegido para su propio elemento y, para los demás, el archivo con el mismo funcional de intercambio y correlación (p. ej. pz, pbe), luego el mismo tipo (p. ej. vbc, rrkjus, kjpaw), o si no el primero del elemento; la elección queda escrita en ATOMIC_SPECIES de pw.in. Un barrido de la ecuación de estado escala toda la celda (misma forma) y a0 es la raíz cúbica del volumen por celda.",
      ja: "アップロードした結晶構造（格子 cell）：ibrav = 0、胞は Å 単位で CELL_PARAMETERS に、原子は結晶座標で書きます。Selective dynamics の指定は無視されます（scf では原子は動きません）。各元素の擬ポテンシャルはインストール済みのファイルから自動で選びます：選んだファイルはその元素に、他の元素には同じ交換相関汎関数（pz、pbe など）、次に同じ種類（vbc、rrkjus、kjpaw など）のファイル、なければその元素の最初のファイルを使い、選択結果は pw.in の ATOMIC_SPECIES に書かれます。状態方程式では胞全体を形を変えずに拡大縮小し、a0 は単位胞体積の立方根です。",
    },
    {
      zh: "赝势从已安装目录链接到工作目录，或在指令模式中随输入上传；输出目录必须在工作目录之内。",
      en: "Pseudopotentials are linked into the work dir from the installed directory or, in instruction mode, uploaded with the input; the output directory must be inside the work dir.",
      es: "Los pseudopotenciales se enlazan al directorio de trabajo desde el directorio instalado o, en modo de instrucciones, se suben con la entrada; el directorio de salida debe estar dentro del directorio de trabajo.",
      ja: "擬ポテンシャルはインストール済みディレクトリから作業ディレクトリにリンクするか、インストラクションモードでは入力と一緒にアップロードします。出力ディレクトリは作業ディレクトリ内でなければなりません。",
    },
  ],
  validity: [
    {
      zh: "结果的精度取决于截断能和 k 点收敛性：发表前应检查总能量随 ecutwfc 和 k 点网格的收敛；金属需要展宽和较密的 k 点。",
      en: "Accuracy depends on convergence in the cutoff and the k-point grid: check the total energy against ecutwfc and the grid before relying on it; metals need smearing and denser grids.",
      es: "La precisión depende de la convergencia en el corte y en la malla de puntos k: compruebe la energía total frente a ecutwfc y la malla antes de fiarse; los metales necesitan ensanchamiento y mallas más densas.",
      ja: "精度はカットオフと k 点メッシュの収束に依存します。結果を使う前に ecutwfc と k 点に対する全エネルギーの収束を確認してください。金属にはスメアリングと密な k 点が必要です。",
    },
    {
      zh: "状态方程扫描应包含能量最低点；范围约 ±2–5% 时三阶 Birch–Murnaghan 拟合可靠。",
      en: "An EOS scan must bracket the energy minimum; the third-order Birch–Murnaghan fit is reliable for spreads of about ±2–5 %.",
      es: "El barrido debe contener el mínimo de energía; el ajuste de Birch–Murnaghan de tercer orden es fiable con amplitudes de ±2–5 % aproximadamente.",
      ja: "状態方程式の計算範囲はエネルギー最小を含む必要があります。3 次 Birch–Murnaghan フィットは ±2–5 % 程度の範囲で信頼できます。",
    },
  ],
  outputs: [
    {
      zh: "总能量（Ry、eV）、费米能或最高占据能级、总磁矩和绝对磁矩（自旋极化时）、总受力、压强、自洽迭代次数、晶胞体积",
      en: "Total energy (Ry, eV), Fermi energy or highest occupied level, total and absolute magnetisation (spin-polarised), total force, pressure, SCF iterations, cell volume",
      es: "Energía total (Ry, eV), energía de Fermi o nivel ocupado más alto, magnetización total y absoluta (espín polarizado), fuerza total, presión, iteraciones SCF, volumen de la celda",
      ja: "全エネルギー（Ry、eV）、フェルミエネルギーまたは最高占有準位、全磁化と絶対磁化（スピン分極時）、全力、圧力、SCF 反復回数、単位胞体積",
    },
    {
      zh: "原子受力表、应力张量表、自洽收敛曲线（对数）及其图片；状态方程：a0、B0、B0'、V0、E0、E–V 点与拟合曲线及图片",
      en: "Forces per atom, the stress tensor, the SCF convergence curve (log) and its picture; EOS: a0, B0, B0', V0, E0, the E–V points with the fitted curve and a picture",
      es: "Fuerzas por átomo, el tensor de tensiones, la curva de convergencia SCF (logarítmica) y su imagen; ecuación de estado: a0, B0, B0', V0, E0, los puntos E–V con la curva ajustada y una imagen",
      ja: "原子ごとの力、応力テンソル、SCF 収束曲線（対数）とその図。状態方程式では a0、B0、B0'、V0、E0、E–V 点とフィット曲線、その図",
    },
    {
      zh: "文件：pw.in、pw.out（状态方程时还有 eos/pNN.in 与 eos/pNN.out）和运行日志",
      en: "Files: pw.in, pw.out (for an EOS also eos/pNN.in and eos/pNN.out) and the run's logs",
      es: "Archivos: pw.in, pw.out (con ecuación de estado también eos/pNN.in y eos/pNN.out) y los registros",
      ja: "ファイル：pw.in、pw.out（状態方程式では eos/pNN.in と eos/pNN.out も）と実行ログ",
    },
  ],
  references: [
    'P. Giannozzi et al., "QUANTUM ESPRESSO: a modular and open-source software project for quantum simulations of materials", J. Phys.: Condens. Matter 21 (2009) 395502.',
    'P. Giannozzi et al., "Advanced capabilities for materials modelling with Quantum ESPRESSO", J. Phys.: Condens. Matter 29 (2017) 465901.',
    'F. Birch, "Finite elastic strain of cubic crystals", Phys. Rev. 71 (1947) 809.',
    'H. J. Monkhorst, J. D. Pack, "Special points for Brillouin-zone integrations", Phys. Rev. B 13 (1976) 5188.',
  ],
};
