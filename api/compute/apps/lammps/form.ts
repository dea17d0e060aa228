import type { FieldLabel } from "../types.ts";

/** The LAMMPS params as the graphical form names them. */
export const lammpsFieldLabels: Record<string, FieldLabel> = {
  potential: {
    label: { zh: "EAM 势函数", en: "EAM potential", es: "Potencial EAM", ja: "EAM ポテンシャル" },
    help: {
      zh: "lammps-data 自带的势函数：Fe_mm（Fe）、FeP_mm（Fe–P）、AlFe_mm（Al–Fe）为 Mendelev 等的 eam/fs；FeCr.cdeam 为 Stukowski 等的浓度相关 EAM（eam/cd）",
      en: "Potentials shipped with lammps-data: Fe_mm (Fe), FeP_mm (Fe–P), AlFe_mm (Al–Fe) are Mendelev et al.'s eam/fs; FeCr.cdeam is Stukowski et al.'s concentration-dependent EAM (eam/cd)",
      es: "Potenciales incluidos en lammps-data: Fe_mm (Fe), FeP_mm (Fe–P), AlFe_mm (Al–Fe) son eam/fs de Mendelev et al.; FeCr.cdeam es el EAM dependiente de la concentración de Stukowski et al. (eam/cd)",
      ja: "lammps-data 付属のポテンシャル：Fe_mm（Fe）、FeP_mm（Fe–P）、AlFe_mm（Al–Fe）は Mendelev らの eam/fs、FeCr.cdeam は Stukowski らの濃度依存 EAM（eam/cd）",
    },
  },
  element: {
    label: { zh: "基体元素", en: "Host element", es: "Elemento base", ja: "母相元素" },
    help: { zh: "必须是所选势函数中的元素", en: "Must be an element of the chosen potential", es: "Debe ser un elemento del potencial elegido", ja: "選んだポテンシャルに含まれる元素にしてください" },
  },
  solute: {
    label: { zh: "溶质元素", en: "Solute element", es: "Elemento soluto", ja: "溶質元素" },
    help: {
      zh: "仅双元素势函数可用：随机置换基体原子",
      en: "Two-element potentials only: replaces host atoms at random",
      es: "Solo con potenciales de dos elementos: sustituye átomos base al azar",
      ja: "2元素ポテンシャルのみ：母相原子をランダムに置換します",
    },
  },
  soluteFraction: { label: { zh: "溶质原子分数", en: "Solute atomic fraction", es: "Fracción atómica de soluto", ja: "溶質原子分率" } },
  lattice: { label: { zh: "晶体结构", en: "Crystal structure", es: "Estructura cristalina", ja: "結晶構造" } },
  latticeConstantA: {
    label: { zh: "晶格常数初值", en: "Lattice constant (initial guess)", es: "Parámetro de red (estimación inicial)", ja: "格子定数の初期値" },
    unit: "Å",
  },
  cells: {
    label: { zh: "每边晶胞数 n（n×n×n）", en: "Unit cells per edge n (n×n×n)", es: "Celdas por arista n (n×n×n)", ja: "一辺の単位胞数 n（n×n×n）" },
  },
  relax: {
    label: { zh: "弛豫（box/relax + 共轭梯度）", en: "Relax (box/relax + conjugate gradient)", es: "Relajar (box/relax + gradiente conjugado)", ja: "緩和（box/relax + 共役勾配法）" },
    help: {
      zh: "在零压力下同时弛豫盒子尺寸和原子位置",
      en: "Relaxes the box size and the atom positions together at zero pressure",
      es: "Relaja a la vez el tamaño de la caja y las posiciones atómicas a presión cero",
      ja: "圧力ゼロでセルの大きさと原子位置を同時に緩和します",
    },
  },
  ensemble: {
    label: { zh: "分子动力学系综", en: "MD ensemble", es: "Colectividad de la DM", ja: "MD アンサンブル" },
    options: {
      none: { zh: "无（只弛豫）", en: "None (relaxation only)", es: "Ninguna (solo relajación)", ja: "なし（緩和のみ）" },
      nvt: { zh: "NVT", en: "NVT", es: "NVT", ja: "NVT" },
      npt: { zh: "NPT", en: "NPT", es: "NPT", ja: "NPT" },
    },
    help: { zh: "none：不做分子动力学；nvt：Nosé–Hoover 恒温；npt：恒温恒压", en: "none: no MD; nvt: Nosé–Hoover thermostat; npt: thermostat and barostat", es: "none: sin DM; nvt: termostato de Nosé–Hoover; npt: termostato y barostato", ja: "none：MD なし、nvt：Nosé–Hoover 熱浴、npt：熱浴と圧力浴" },
  },
  temperatureK: { label: { zh: "温度", en: "Temperature", es: "Temperatura", ja: "温度" }, unit: "K" },
  pressureBar: { label: { zh: "压力（NPT）", en: "Pressure (NPT)", es: "Presión (NPT)", ja: "圧力（NPT）" }, unit: "bar" },
  timestepPs: { label: { zh: "时间步长", en: "Time step", es: "Paso de tiempo", ja: "時間刻み" }, unit: "ps" },
  steps: { label: { zh: "步数", en: "Steps", es: "Pasos", ja: "ステップ数" } },
  thermoEvery: { label: { zh: "热力学输出间隔（步）", en: "Thermo output every (steps)", es: "Salida termodinámica cada (pasos)", ja: "熱力学量の出力間隔（ステップ）" } },
  seed: {
    label: { zh: "随机数种子", en: "Random seed", es: "Semilla aleatoria", ja: "乱数シード" },
    help: { zh: "用于溶质随机置换和初始速度；相同种子结果可重复", en: "For the solute placement and the initial velocities; the same seed repeats a run", es: "Para colocar el soluto y las velocidades iniciales; la misma semilla repite el cálculo", ja: "溶質の配置と初期速度に使います。同じシードなら同じ結果になります" },
  },
};
