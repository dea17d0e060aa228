/**
 * The Inden–Hillert–Jarl magnetic contribution, G_mag = R·T·ln(β* + 1)·g(τ) per formula unit, τ = T/TC*,
 * as Hillert & Jarl (Calphad 2 (1978) 227) give g and pycalphad implements it:
 *   A = 518/1125 + (11692/15975)(1/p − 1)
 *   τ < 1: g = 1 − [79/(140p) τ⁻¹ + (474/497)(1/p − 1)(τ³/6 + τ⁹/135 + τ¹⁵/600)] / A
 *   τ ≥ 1: g = −(τ⁻⁵/10 + τ⁻¹⁵/315 + τ⁻²⁵/1500) / A
 * TC and β are the composition-weighted parameter sums; a negative sum (anti-ferromagnetism) is divided by the
 * AFM factor (−1 BCC, −3 others) first. pycalphad adds 1e-9 K to TC* against a division by zero; so do we.
 * One difference: at T = TC* exactly pycalphad's piecewise falls through to 0, here the τ ≥ 1 branch applies
 * (both branches meet there, so the energy stays continuous).
 */
import { R } from "../model.ts";

export interface MagneticPartials {
  /** ∂G_mag/∂(TC sum) and ∂G_mag/∂(β sum), J/mol per K and per Bohr magneton. */
  dTC: number;
  dBeta: number;
}

/** g(τ) and its derivative for structure factor p. */
export function ihjG(tau: number, p: number): { g: number; dg: number } {
  const A = 518 / 1125 + (11692 / 15975) * (1 / p - 1);
  if (tau < 1) {
    const k = (474 / 497) * (1 / p - 1);
    const a = 79 / (140 * p);
    const t3 = tau ** 3, t9 = tau ** 9, t15 = tau ** 15;
    const g = 1 - (a / tau + k * (t3 / 6 + t9 / 135 + t15 / 600)) / A;
    const dg = -(-a / (tau * tau) + k * (t3 / 2 + t9 / 15 + t15 / 40) / tau) / A;
    return { g, dg };
  }
  const t5 = tau ** -5, t15 = tau ** -15, t25 = tau ** -25;
  const g = -(t5 / 10 + t15 / 315 + t25 / 1500) / A;
  const dg = (t5 / 2 + t15 / 21 + t25 / 60) / (A * tau);
  return { g, dg };
}

/**
 * G_mag at T for the raw sums TC and β (before the AFM division), with its partial derivatives in `out`.
 * TC = 0 gives no magnetic energy (as in pycalphad).
 */
export function ihjMagnetic(T: number, tcSum: number, betaSum: number, afm: number, p: number, out: MagneticPartials): number {
  if (tcSum === 0) {
    out.dTC = 0;
    out.dBeta = 0;
    return 0;
  }
  const tcScale = tcSum > 0 ? 1 : 1 / afm;
  const betaScale = betaSum > 0 ? 1 : 1 / afm;
  const tc = tcSum * tcScale + 1e-9;
  const beta = betaSum * betaScale;
  const tau = T / tc;
  const { g, dg } = ihjG(tau, p);
  const lnb = Math.log(beta + 1);
  const RT = R * T;
  out.dTC = RT * lnb * dg * (-tau / tc) * tcScale;
  out.dBeta = (RT * g * betaScale) / (beta + 1);
  return RT * lnb * g;
}
