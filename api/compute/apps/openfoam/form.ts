import type { FieldLabel } from "../types.ts";

/** The cavity params as the graphical form names them. */
export const openFoamFieldLabels: Record<string, FieldLabel> = {
  solver: {
    label: { zh: "求解器", en: "Solver", es: "Solver", ja: "ソルバー" },
    help: {
      zh: "方腔算例使用 icoFoam（不可压缩层流瞬态）；指令模式下取自 controlDict 的 application",
      en: "The cavity runs icoFoam (transient incompressible laminar flow); in instruction mode it is controlDict's application",
      es: "La cavidad usa icoFoam (flujo laminar incompresible transitorio); en modo de instrucciones es la application de controlDict",
      ja: "キャビティは icoFoam（非圧縮・層流・非定常）で解きます。指示モードでは controlDict の application です",
    },
  },
  reynolds: {
    label: { zh: "雷诺数 Re", en: "Reynolds number Re", es: "Número de Reynolds Re", ja: "レイノルズ数 Re" },
    help: {
      zh: "顶盖速度 1 m/s、边长 0.1 m，运动黏度 ν = U·L/Re",
      en: "Lid speed 1 m/s, side 0.1 m: the kinematic viscosity is ν = U·L/Re",
      es: "Velocidad de la tapa 1 m/s, lado 0,1 m: la viscosidad cinemática es ν = U·L/Re",
      ja: "蓋の速度 1 m/s、一辺 0.1 m。動粘性係数は ν = U·L/Re です",
    },
  },
  cellsPerSide: {
    label: { zh: "每边网格数", en: "Cells per side", es: "Celdas por lado", ja: "一辺のセル数" },
    help: {
      zh: "均匀的 n×n 网格；Re 越高需要越细的网格",
      en: "A uniform n×n mesh; higher Re needs a finer mesh",
      es: "Malla uniforme de n×n; un Re mayor necesita una malla más fina",
      ja: "一様な n×n 格子。Re が高いほど細かい格子が必要です",
    },
  },
  endTime: { label: { zh: "结束时间", en: "End time", es: "Tiempo final", ja: "終了時刻" }, unit: "s" },
  deltaT: {
    label: { zh: "时间步长", en: "Time step", es: "Paso de tiempo", ja: "時間刻み" },
    unit: "s",
    help: {
      zh: "须满足库朗数 Co = U·Δt/Δx ≤ 1（Δx = 0.1 m / 每边网格数）",
      en: "The Courant number Co = U·Δt/Δx must be at most 1 (Δx = 0.1 m / cells per side)",
      es: "El número de Courant Co = U·Δt/Δx debe ser como máximo 1 (Δx = 0,1 m / celdas por lado)",
      ja: "クーラン数 Co = U·Δt/Δx ≤ 1 が必要です（Δx = 0.1 m / 一辺のセル数）",
    },
  },
  writeInterval: {
    label: { zh: "输出间隔（时间步）", en: "Write interval (time steps)", es: "Intervalo de escritura (pasos)", ja: "出力間隔（ステップ数）" },
    help: {
      zh: "每隔多少个时间步写出一次场；结果取最后一个时间目录",
      en: "Fields are written every this many time steps; the result reads the last time folder",
      es: "Los campos se escriben cada tantos pasos; el resultado lee la última carpeta de tiempo",
      ja: "このステップ数ごとに場を書き出します。結果は最後の時刻フォルダから読みます",
    },
  },
};
