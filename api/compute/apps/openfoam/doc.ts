import type { AppDoc } from "../types.ts";

/** The documentation page of the OpenFOAM app. */
export const openFoamDoc: AppDoc = {
  summary: {
    zh: "用 OpenFOAM 计算流体流动。图形模式求解二维顶盖驱动方腔流（icoFoam）；指令模式运行上传的完整 OpenFOAM 算例（system、constant、0 目录）。",
    en: "Computes fluid flow with OpenFOAM. The graphical mode solves the 2-D lid-driven cavity (icoFoam); the instruction mode runs an uploaded OpenFOAM case (system, constant and 0 folders).",
    es: "Calcula flujos de fluidos con OpenFOAM. El modo gráfico resuelve la cavidad 2-D con tapa móvil (icoFoam); el modo de instrucciones ejecuta un caso de OpenFOAM subido (carpetas system, constant y 0).",
    ja: "OpenFOAM で流体の流れを計算します。グラフィカルモードは二次元の蓋駆動キャビティ流れ（icoFoam）を解き、指示モードはアップロードした OpenFOAM ケース（system、constant、0 フォルダ）を実行します。",
  },
  model: [
    {
      zh: "icoFoam 求解不可压缩牛顿流体的瞬态层流 Navier–Stokes 方程，采用有限体积法和 PISO 压力–速度耦合（每步两次压力修正）。方腔边长 L = 0.1 m，顶盖以 U = 1 m/s 向右运动，其余壁面无滑移；运动黏度 ν = U·L/Re。",
      en: "icoFoam solves the transient laminar Navier–Stokes equations of an incompressible Newtonian fluid with finite volumes and PISO pressure–velocity coupling (two pressure correctors per step). The cavity has side L = 0.1 m, the lid moves right at U = 1 m/s, the other walls have no slip; the kinematic viscosity is ν = U·L/Re.",
      es: "icoFoam resuelve las ecuaciones de Navier–Stokes transitorias y laminares de un fluido newtoniano incompresible con volúmenes finitos y el acoplamiento presión–velocidad PISO (dos correcciones de presión por paso). La cavidad tiene lado L = 0,1 m, la tapa se mueve a la derecha a U = 1 m/s y las demás paredes no deslizan; la viscosidad cinemática es ν = U·L/Re.",
      ja: "icoFoam は非圧縮ニュートン流体の非定常層流 Navier–Stokes 方程式を有限体積法と PISO 法（各ステップ 2 回の圧力修正）で解きます。キャビティの一辺は L = 0.1 m、蓋は U = 1 m/s で右へ動き、他の壁は滑りなしです。動粘性係数は ν = U·L/Re です。",
    },
    {
      zh: "网格由 blockMesh 生成（均匀 n×n×1，前后面为 empty 即二维）；时间离散为 Euler 隐式，空间为二阶中心格式。求解前检查库朗数 Co = U·Δt/Δx ≤ 1。",
      en: "blockMesh makes the mesh (uniform n×n×1, front and back empty, i.e. 2-D); time is discretised with implicit Euler, space with second-order central differences. The Courant number Co = U·Δt/Δx ≤ 1 is checked before the run.",
      es: "blockMesh genera la malla (uniforme n×n×1, caras frontal y trasera empty, es decir 2-D); el tiempo se discretiza con Euler implícito y el espacio con diferencias centradas de segundo orden. Antes de ejecutar se comprueba que el número de Courant Co = U·Δt/Δx ≤ 1.",
      ja: "格子は blockMesh で作成します（一様 n×n×1、前後面は empty で二次元）。時間は陰的オイラー、空間は二次精度の中心差分で離散化します。実行前にクーラン数 Co = U·Δt/Δx ≤ 1 を確認します。",
    },
  ],
  assumptions: [
    {
      zh: "层流、不可压缩、等温，无湍流模型；压力为运动压力 p/ρ（m²/s²）。",
      en: "Laminar, incompressible, isothermal flow without a turbulence model; pressure is kinematic, p/ρ (m²/s²).",
      es: "Flujo laminar, incompresible e isotermo sin modelo de turbulencia; la presión es cinemática, p/ρ (m²/s²).",
      ja: "層流・非圧縮・等温で乱流モデルはありません。圧力は動圧 p/ρ（m²/s²）です。",
    },
    {
      zh: "指令模式：算例不得包含 #calc、#codeStream、coded 边界条件或函数对象、systemCall，也不得用绝对路径或 .. 引用算例外的文件；网格来自 system/blockMeshDict 或 constant/polyMesh。",
      en: "Instruction mode: the case may not contain #calc, #codeStream, coded boundary conditions or function objects or systemCall, nor refer to files outside the case by absolute or .. paths; the mesh comes from system/blockMeshDict or constant/polyMesh.",
      es: "Modo de instrucciones: el caso no puede contener #calc, #codeStream, condiciones de contorno o function objects coded ni systemCall, ni referirse a archivos fuera del caso con rutas absolutas o con ..; la malla viene de system/blockMeshDict o de constant/polyMesh.",
      ja: "指示モード：ケースに #calc、#codeStream、coded 境界条件や関数オブジェクト、systemCall を含めたり、絶対パスや .. でケース外のファイルを参照したりはできません。格子は system/blockMeshDict か constant/polyMesh から作ります。",
    },
  ],
  validity: [
    {
      zh: "方腔流在 Re 约 1000 以下为定常层流；Re 越高需要越细的网格和越长的结束时间才能达到定常（本表单 Re ≤ 10000，每边 4–200 个网格，最多 100000 个时间步）。",
      en: "The cavity flow is steady and laminar up to Re of about 1000; higher Re needs a finer mesh and a later end time to reach steady state (this form: Re ≤ 10000, 4–200 cells per side, at most 100000 time steps).",
      es: "El flujo en la cavidad es estacionario y laminar hasta Re ≈ 1000; un Re mayor necesita una malla más fina y un tiempo final mayor para llegar al estado estacionario (este formulario: Re ≤ 10000, 4–200 celdas por lado, como máximo 100000 pasos).",
      ja: "キャビティ流れは Re が約 1000 以下で定常層流です。Re が高いほど定常に達するには細かい格子と長い終了時刻が必要です（このフォーム：Re ≤ 10000、一辺 4–200 セル、最大 100000 ステップ）。",
    },
  ],
  outputs: [
    {
      zh: "各场（Ux、Uy、p…）每个时间步的初始残差曲线；是否收敛（各场最后一步初始残差 < 1e-5）、最后一步残差、最大库朗数、最大速度大小",
      en: "Initial residual of each field (Ux, Uy, p…) at every time step as curves; whether it converged (every field's last initial residual < 1e-5), the last residuals, the max Courant number, the max velocity magnitude",
      es: "Residuo inicial de cada campo (Ux, Uy, p…) en cada paso como curvas; si convergió (último residuo inicial de cada campo < 1e-5), los últimos residuos, el número de Courant máximo y la velocidad máxima",
      ja: "各場（Ux、Uy、p…）の各時間ステップの初期残差の曲線、収束したか（各場の最終初期残差 < 1e-5）、最終残差、最大クーラン数、最大速度",
    },
    {
      zh: "速度场图（按 |U| 着色的网格和箭头）；文件：求解器日志、blockMesh 日志、controlDict、最后时间目录的 U 和 p",
      en: "A velocity-field picture (cells coloured by |U| with arrows); files: the solver log, the blockMesh log, controlDict, U and p of the last time folder",
      es: "Una imagen del campo de velocidad (celdas coloreadas por |U| con flechas); archivos: el registro del solver, el de blockMesh, controlDict, U y p de la última carpeta de tiempo",
      ja: "速度場の図（|U| で色付けしたセルと矢印）。ファイル：ソルバーのログ、blockMesh のログ、controlDict、最後の時刻フォルダの U と p",
    },
  ],
  references: [
    "OpenFOAM v1912 User Guide, tutorial “Lid-driven cavity flow” (incompressible/icoFoam/cavity), OpenCFD Ltd., 2019.",
    "R. I. Issa, Solution of the implicitly discretised fluid flow equations by operator-splitting, J. Comput. Phys. 62 (1986) 40–65.",
    "U. Ghia, K. N. Ghia, C. T. Shin, High-Re solutions for incompressible flow using the Navier–Stokes equations and a multigrid method, J. Comput. Phys. 48 (1982) 387–411.",
  ],
};
