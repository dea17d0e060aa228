/**
 * Instrument files as the lab's instruments write them, for the demo and the tests: a spectrometer's sparks and
 * a tensile test whose properties are known by construction (Ramberg–Osgood up to Rm, so Rp0.2 is exactly the
 * chosen yield; then necking, then fracture).
 */

export interface TensileSpec {
  /** Young's modulus, GPa. */
  modulusGPa: number;
  /** The 0.2 % proof stress the curve is built with, MPa. */
  rp02: number;
  rm: number;
  /** Strain at fracture, %, and the stress then. */
  fractureStrain: number;
  fractureStress: number;
  /** Hardening exponent of the Ramberg–Osgood rise. */
  n?: number;
}

export const DEMO_TENSILE: TensileSpec = { modulusGPa: 205, rp02: 450, rm: 620, fractureStrain: 25, fractureStress: 480 };

/** The curve's points: strain (%) and stress (MPa), `points` of them in all. */
export function tensileCurve(spec: TensileSpec, points = 2000): { strain: number[]; stress: number[] } {
  const e = spec.modulusGPa * 10; // MPa per % strain
  const n = spec.n ?? 10;
  const strainAt = (s: number) => s / e + 0.2 * (s / spec.rp02) ** n;
  const rise = Math.floor(points * 0.6);
  const neck = points - rise - 5;
  const strain: number[] = [];
  const stress: number[] = [];
  for (let i = 0; i <= rise; i++) {
    const s = (spec.rm * i) / rise;
    strain.push(strainAt(s));
    stress.push(s);
  }
  const ag = strainAt(spec.rm);
  for (let i = 1; i <= neck; i++) {
    const t = i / neck;
    strain.push(ag + t * (spec.fractureStrain - ag));
    stress.push(spec.rm - t * t * (spec.rm - spec.fractureStress));
  }
  // Fracture: the load falls to nothing within a few readings.
  for (let i = 1; i <= 4; i++) {
    strain.push(spec.fractureStrain + 0.02 * i);
    stress.push(spec.fractureStress * (1 - i / 4) * 0.05);
  }
  return { strain, stress };
}

/** A tensile tester's export with load (kN) and extension (mm) for a round specimen, as Bluehill or testXpert writes it. */
export function tensileCsv(sampleId: string, spec: TensileSpec = DEMO_TENSILE, points = 2000, diameter = 10, gauge = 50): string {
  const { strain, stress } = tensileCurve(spec, points);
  const area = (Math.PI * diameter * diameter) / 4;
  const lines = [`Specimen,${sampleId}`, "Standard,GB/T 228.1-2021", `Diameter,${diameter},mm`, `Gauge length,${gauge},mm`, "Test speed,0.00025,1/s", "", "Time (s),Extension (mm),Load (kN)"];
  for (let i = 0; i < strain.length; i++) lines.push(`${(i * 0.1).toFixed(1)},${((strain[i] / 100) * gauge).toFixed(5)},${((stress[i] * area) / 1000).toFixed(4)}`);
  return lines.join("\r\n") + "\r\n";
}

/** A spark spectrometer's export: three sparks and their mean, wt%. */
export function spectrometerCsv(sampleId: string, composition: Record<string, number> = { C: 0.42, Si: 0.25, Mn: 0.7, P: 0.012, S: 0.008, Cr: 1.02, Ni: 0.05, Mo: 0.21, Cu: 0.02, Al: 0.025 }): string {
  const symbols = Object.keys(composition);
  const spark = (k: number) => symbols.map((s) => (composition[s] * (1 + 0.01 * k)).toFixed(4));
  const lines = [`Sample ID,${sampleId}`, "Program,Fe-100 low alloy", "Instrument,ARL 4460", "", ["Spark", ...symbols.map((s) => `${s} %`)].join(",")];
  for (const k of [-1, 0, 1]) lines.push([String(k + 2), ...spark(k)].join(","));
  lines.push(["Mean", ...symbols.map((s) => composition[s].toFixed(4))].join(","));
  return lines.join("\r\n") + "\r\n";
}
