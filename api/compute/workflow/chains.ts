import type { Lang, Texts } from "../../http/messages.ts";
import { texts as t } from "../../http/messages.ts";
import type { z } from "zod";
import type { workflowSchema } from "./definition.ts";
import { kwnFeCTemperingPreset } from "../../../solvers/precipitation/index.ts";

/** A ready-made workflow the graphical mode offers: multi-scale chains of the platform's own apps. */
export interface WorkflowChain {
  id: string;
  names: Texts;
  description: Texts;
  workflow: z.input<typeof workflowSchema>;
}

/** Carbon profile depths (mm) chain 3 ages at: the case, its middle and near the core. */
const DEPTHS_MM = [0.2, 0.6, 1.2];
const depthStep = (d: number) => `temper_${String(d).replace(".", "_")}mm`;

/**
 * The chains in a reader's language: their names and report labels are the user's own text once submitted, so
 * they are written in the language of whoever starts from them.
 */
export function workflowChains(lang: Lang): WorkflowChain[] {
  const l = (zh: string, en: string, es: string, ja: string) => t(zh, en, es, ja)[lang];
  const value = l("值", "Value", "Valor", "値");
  return [
    {
      id: "fe-eos-qe-lammps",
      names: t("电子 → 原子：bcc Fe 的状态方程", "Electrons → atoms: the equation of state of bcc Fe", "Electrones → átomos: la ecuación de estado del Fe bcc", "電子 → 原子: bcc Fe の状態方程式"),
      description: t(
        "Quantum ESPRESSO 计算 bcc Fe 的能量–体积曲线（自旋极化 PBE），拟合 Birch–Murnaghan 得到 a0 和 B0；同时用 LAMMPS 的 EAM 势弛豫同一晶体。报告把两者与实验值并列。",
        "Quantum ESPRESSO computes the energy–volume curve of bcc Fe (spin-polarised PBE) and fits Birch–Murnaghan for a0 and B0; LAMMPS relaxes the same crystal with an EAM potential alongside. The report sets both beside experiment.",
        "Quantum ESPRESSO calcula la curva energía–volumen del Fe bcc (PBE con espín) y ajusta Birch–Murnaghan para a0 y B0; LAMMPS relaja el mismo cristal con un potencial EAM en paralelo. El informe compara ambos con el experimento.",
        "Quantum ESPRESSO で bcc Fe のエネルギー–体積曲線（スピン分極 PBE）を計算し Birch–Murnaghan で a0 と B0 を求め、並行して LAMMPS の EAM ポテンシャルで同じ結晶を緩和します。レポートは両者を実験値と並べます。",
      ),
      workflow: {
        name: l("bcc Fe：DFT 状态方程与 EAM 对比", "bcc Fe: DFT equation of state beside EAM", "Fe bcc: ecuación de estado DFT frente a EAM", "bcc Fe: DFT 状態方程式と EAM の比較"),
        steps: [
          {
            id: "qe",
            app: "qe-pw",
            params: {
              lattice: "bcc", latticeConstantA: 2.83, element: "Fe", pseudopotential: "Fe.pbe-nd-rrkjus.UPF",
              ecutwfc: 30, ecutrho: 240, kpoints: 8, kShifted: "yes", smearing: "mv", degauss: 0.02,
              spinPolarized: "yes", startingMagnetization: 0.5, convThr: 1e-7, mixingBeta: 0.3, eosPoints: 7, eosSpreadPercent: 4,
            },
          },
          {
            id: "md",
            app: "lammps",
            params: { potential: "Fe_mm.eam.fs", element: "Fe", lattice: "bcc", latticeConstantA: 2.855, cells: 4, relax: "yes", ensemble: "none", steps: 0 },
          },
        ],
        report: [
          { label: l("晶格常数 a0", "a0", "a0", "格子定数 a0"), unit: "Å", values: { "DFT (QE)": "steps.qe.result.scalars.eosLatticeConstantA", "EAM (LAMMPS)": "steps.md.result.scalars.latticeConstantA", [l("实验值", "Experiment", "Experimento", "実験値")]: 2.8665 } },
          { label: l("体模量 B0", "B0", "B0", "体積弾性率 B0"), unit: "GPa", values: { "DFT (QE)": "steps.qe.result.scalars.bulkModulusGPa", [l("实验值", "Experiment", "Experimento", "実験値")]: 168.3 } },
          { label: l("结合能 Ecoh", "Ecoh", "Ecoh", "凝集エネルギー Ecoh"), unit: "eV/atom", values: { "EAM (LAMMPS)": "steps.md.result.scalars.cohesiveEnergyEvPerAtom", [l("实验值", "Experiment", "Experimento", "実験値")]: -4.28 } },
        ],
      },
    },
    {
      id: "solution-ageing",
      names: t("固溶处理 → 时效：Al–Sc", "Solution treatment → ageing: Al–Sc", "Solubilización → envejecimiento: Al–Sc", "溶体化処理 → 時効: Al–Sc"),
      description: t(
        "Al–0.3 at% Sc 在 640 °C 固溶：CALPHAD 平衡给出 FCC 基体中溶解的 Sc，它作为 300 °C 时效中 Al3Sc 析出（KWN）的初始成分。",
        "Al–0.3 at% Sc solution-treated at 640 °C: the CALPHAD equilibrium gives the Sc dissolved in the FCC matrix, which the KWN ageing of Al3Sc at 300 °C starts from.",
        "Al–0,3 at% Sc solubilizado a 640 °C: el equilibrio CALPHAD da el Sc disuelto en la matriz FCC, del que parte el envejecimiento KWN de Al3Sc a 300 °C.",
        "Al–0.3 at% Sc を 640 °C で溶体化: CALPHAD 平衡が FCC 母相に固溶する Sc を求め、300 °C での Al3Sc 析出（KWN）時効はその組成から始まります。",
      ),
      workflow: {
        name: l("Al–0.3Sc：913 K 固溶，573 K 时效", "Al–0.3Sc: solution treatment at 913 K, ageing at 573 K", "Al–0,3Sc: solubilización a 913 K, envejecimiento a 573 K", "Al–0.3Sc: 913 K で溶体化、573 K で時効"),
        steps: [
          {
            id: "solution",
            app: "calphad-equilibrium",
            params: { database: "AlScZr", components: "AL,SC", phases: "FCC_A1,AL3SC", temperature: 913.15, temperatureUnit: "K", pressurePa: 101325, compositionUnit: "X", composition: "SC=0.003" },
          },
          {
            id: "ageing",
            app: "kwn-precipitation",
            params: {
              thermo: "database", database: "AlScZr", solvent: "AL", solute: "SC", matrixPhase: "FCC_A1", precipitatePhase: "AL3SC",
              x0: 0.003, temperatureK: 573.15, timeH: 24, D0: 5.31e-4, Qd: 173000, gamma: 0.1, latticeParameterNm: 0.405, atomsPerCell: 4,
              nucleationSite: "bulk", bins: 150,
            },
            inputs: { x0: "steps.solution.result.phases[name=FCC_A1].composition.SC" },
          },
        ],
        report: [
          { label: l("固溶后基体中的 x(Sc)", "x(Sc) in the matrix after solution treatment", "x(Sc) en la matriz tras la solubilización", "溶体化後の母相の x(Sc)"), unit: "mol/mol", values: { [value]: "steps.solution.result.phases[name=FCC_A1].composition.SC" } },
          { label: l("时效后的数密度", "Number density after ageing", "Densidad numérica tras el envejecimiento", "時効後の数密度"), unit: "m⁻³", values: { [value]: "steps.ageing.result.final.numberDensity" } },
          { label: l("时效后的平均半径", "Mean radius after ageing", "Radio medio tras el envejecimiento", "時効後の平均半径"), unit: "m", values: { [value]: "steps.ageing.result.final.meanRadiusM" } },
          { label: l("时效后的体积分数", "Volume fraction after ageing", "Fracción de volumen tras el envejecimiento", "時効後の体積分率"), unit: "", values: { [value]: "steps.ageing.result.final.volumeFraction" } },
        ],
      },
    },
    {
      id: "carburize-temper",
      names: t("渗碳 → 沿深度的析出", "Carburizing → precipitation along the depth", "Cementación → precipitación a lo largo de la profundidad", "浸炭 → 深さ方向の析出"),
      description: t(
        "925 °C 渗碳 4 h 得到碳浓度分布；在三个深度取碳含量，分别计算 300 °C 回火 2 h 时渗碳体的析出（KWN），比较表层与心部。",
        "Carburizing at 925 °C for 4 h gives the carbon profile; the carbon content at three depths feeds a KWN run of cementite precipitating during a 2 h temper at 300 °C, case against core.",
        "La cementación a 925 °C durante 4 h da el perfil de carbono; el contenido a tres profundidades alimenta un cálculo KWN de la precipitación de cementita en un revenido de 2 h a 300 °C, capa frente a núcleo.",
        "925 °C で 4 時間浸炭して炭素濃度分布を求め、3 つの深さの炭素量から 300 °C・2 時間の焼戻しでのセメンタイト析出（KWN）をそれぞれ計算し、表層と心部を比べます。",
      ),
      workflow: {
        name: l("渗碳层：三个深度回火时的渗碳体", "Carburized case: cementite on tempering at three depths", "Capa cementada: cementita en el revenido a tres profundidades", "浸炭層: 3 つの深さでの焼戻しセメンタイト"),
        steps: [
          { id: "carb", app: "carburizing", params: { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 4, depthMm: 3, nodes: 201, diffusivity: "tibbetts", caseCarbonWt: 0.4 } },
          ...DEPTHS_MM.map((d) => ({
            id: depthStep(d),
            app: "kwn-precipitation",
            params: kwnFeCTemperingPreset,
            inputs: { x0: `steps.carb.result.carbonMoleFraction@${d}` },
          })),
        ],
        report: [
          { label: "x(C)", unit: "mol/mol", values: Object.fromEntries(DEPTHS_MM.map((d) => [`${d} mm`, `steps.carb.result.carbonMoleFraction@${d}`])) },
          { label: l("数密度", "Number density", "Densidad numérica", "数密度"), unit: "m⁻³", values: Object.fromEntries(DEPTHS_MM.map((d) => [`${d} mm`, `steps.${depthStep(d)}.result.final.numberDensity`])) },
          { label: l("平均半径", "Mean radius", "Radio medio", "平均半径"), unit: "m", values: Object.fromEntries(DEPTHS_MM.map((d) => [`${d} mm`, `steps.${depthStep(d)}.result.final.meanRadiusM`])) },
          { label: l("体积分数", "Volume fraction", "Fracción de volumen", "体積分率"), unit: "", values: Object.fromEntries(DEPTHS_MM.map((d) => [`${d} mm`, `steps.${depthStep(d)}.result.final.volumeFraction`])) },
        ],
      },
    },
  ];
}
