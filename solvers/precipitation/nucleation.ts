/**
 * Classical nucleation theory as kawin (NucleationRate.py, parameters/Nucleation.py) writes it, so that the
 * numbers compare one to one. Volumes: V_m is per mole of atoms; a particle of (curvature) radius R holds
 * volumeFactor·R³ of precipitate and has areaFactor·R² of interface with the matrix.
 */
import { AVOGADRO, BOLTZMANN } from "./constants.ts";

export type NucleationSite = "bulk" | "dislocations" | "grainBoundaries";

/**
 * Shape factors of the nucleus. On a grain boundary the nucleus is a double spherical cap (Clemm & Fisher
 * 1955): with k = γ_gb/(2γ), area 4π(1−k)R², volume (2π/3)(2−3k+k³)R³, and π(1−k²)R² of boundary removed.
 */
export interface NucleusShape {
  areaFactor: number;
  volumeFactor: number;
  gbRemoval: number;
}

export function nucleusShape(site: NucleationSite, gamma: number, gbEnergy: number): NucleusShape {
  if (site !== "grainBoundaries") return { areaFactor: 4 * Math.PI, volumeFactor: (4 * Math.PI) / 3, gbRemoval: 0 };
  const k = gbEnergy / (2 * gamma);
  if (!(k < 1)) throw new Error(`grain boundary energy ${gbEnergy} J/m² ≥ 2γ: the boundary would be wetted, no nucleation barrier`);
  return { areaFactor: 4 * Math.PI * (1 - k), volumeFactor: ((2 * Math.PI) / 3) * (2 - 3 * k + k ** 3), gbRemoval: Math.PI * (1 - k * k) };
}

/**
 * Critical radius and barrier for a volumetric driving force dGv (J/m³, > 0). Bulk and dislocations:
 * R* = 2γ/dGv, G* = (4π/3)γR*². Grain boundaries: R* = 2(a·γ − b·γ_gb)/(3c·dGv),
 * G* = R*²((a·γ − b·γ_gb) − c·dGv·R*). R* is raised to rMin (kawin's Rmin = 0.3 nm) at huge driving forces.
 */
export function nucleationBarrier(dGv: number, gamma: number, gbEnergy: number, site: NucleationSite, shape: NucleusShape, rMin: number): { rCrit: number; gCrit: number } {
  if (site !== "grainBoundaries") {
    const rCrit = Math.max((2 * gamma) / dGv, rMin);
    return { rCrit, gCrit: ((4 * Math.PI) / 3) * gamma * rCrit * rCrit };
  }
  const surface = shape.areaFactor * gamma - shape.gbRemoval * gbEnergy;
  const rCrit = Math.max((2 * surface) / (3 * shape.volumeFactor * dGv), rMin);
  return { rCrit, gCrit: rCrit * rCrit * (surface - shape.volumeFactor * dGv * rCrit) };
}

/** Zeldovich factor Z = √(3c/4π)·V_m^β·√(γ/k_BT) / (2π·N_A·R*²). */
export function zeldovich(T: number, rCrit: number, gamma: number, vmBeta: number, shape: NucleusShape): number {
  return (Math.sqrt((3 * shape.volumeFactor) / (4 * Math.PI)) * vmBeta * Math.sqrt(gamma / (BOLTZMANN * T))) / (2 * Math.PI * AVOGADRO * rCrit * rCrit);
}

/** Atomic attachment rate β* = a·R*²·x·D / a_lat⁴ (kawin's binary form 1, after Perez et al. 2008). */
export function impingementRate(rCrit: number, x: number, D: number, latticeParameter: number, shape: NucleusShape): number {
  return (shape.areaFactor * rCrit * rCrit * x * D) / latticeParameter ** 4;
}

/** Isothermal incubation time τ = 1/(θ·β*·Z²) with θ = 2. */
export const INCUBATION_THETA = 2;
export function incubationTime(beta: number, Z: number): number {
  return 1 / (INCUBATION_THETA * beta * Z * Z);
}

/**
 * Incubation time on a changing temperature: the τ where ∫₀^τ β*(t')dt' = 1/(θZ²), with β* integrated over
 * the run's history (trapezoids over the recorded steps: `integral[i]` = ∫₀^{times[i]} β*), then the current
 * β* beyond the last record. On a constant β* it is the isothermal 1/(θβ*Z²). Binary search: the history
 * grows by a record per step, and this is asked at every step.
 */
export function incubationTimeNonIsothermal(Z: number, betaNow: number, tNow: number, times: ArrayLike<number>, integral: ArrayLike<number>): number {
  const target = 1 / (INCUBATION_THETA * Z * Z);
  const n = times.length;
  if (n > 0 && integral[n - 1] >= target) {
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (integral[mid] >= target) hi = mid;
      else lo = mid;
    }
    if (integral[lo] >= target) return times[lo];
    const piece = integral[hi] - integral[lo];
    return times[lo] + ((target - integral[lo]) / piece) * (times[hi] - times[lo]);
  }
  const tLast = n ? times[n - 1] : 0;
  const done = n ? integral[n - 1] : 0;
  return Math.max(tLast, tNow) + (target - done - betaNow * Math.max(tNow - tLast, 0)) / betaNow;
}

/** Nucleation rate per site: Z·β*·exp(−G*÷k_BT)·exp(−τ/t) (zero at t = 0). */
export function nucleationRatePerSite(Z: number, beta: number, gCrit: number, T: number, tau: number, t: number): number {
  if (!(t > 0)) return 0;
  return Z * beta * Math.exp(-gCrit / (BOLTZMANN * T)) * Math.min(Math.exp(-tau / t), 1);
}

/** Nuclei enter the distribution a little above R*, at R* + ½√(k_BT/πγ), so they grow rather than dissolve. */
export function nucleationRadius(T: number, rCrit: number, gamma: number): number {
  return rCrit + 0.5 * Math.sqrt((BOLTZMANN * T) / (Math.PI * gamma));
}

/** Sites per m³ before any are used: the atoms along dislocations, on grain faces, or every solute atom. */
export interface SiteInput {
  site: NucleationSite;
  vmAlpha: number;
  x0: number;
  dislocationDensity: number;
  grainSizeM: number;
}

export function initialSiteDensity(s: SiteInput): number {
  const perLength = (AVOGADRO / s.vmAlpha) ** (1 / 3);
  if (s.site === "dislocations") return s.dislocationDensity * perLength;
  if (s.site === "grainBoundaries") {
    // Boundary area per volume for grains of size d and aspect ratio 1 (TC-Prisma's form, as kawin):
    // (6√(1+2A²) + 1 + 2A)/(4A·d), times atoms per area (N_A/V_m)^(2/3).
    const A = 1;
    const areaPerVolume = (6 * Math.sqrt(1 + 2 * A * A) + 1 + 2 * A) / (4 * A * s.grainSizeM);
    return areaPerVolume * perLength * perLength;
  }
  return s.x0 * (AVOGADRO / s.vmAlpha);
}

/**
 * Sites still free: dislocation length taken by particles (ΣnR per volume, times atoms per length), boundary
 * area they cover (gbRemoval·ΣnR²), or one bulk site per particle.
 */
export function freeSiteDensity(s: SiteInput, n0: number, moments: { m0: number; m1: number; m2: number }, shape: NucleusShape): number {
  const perLength = (AVOGADRO / s.vmAlpha) ** (1 / 3);
  let used = moments.m0;
  if (s.site === "dislocations") used = moments.m1 * perLength;
  else if (s.site === "grainBoundaries") used = shape.gbRemoval * moments.m2 * perLength * perLength;
  return Math.max(n0 - used, 0);
}
