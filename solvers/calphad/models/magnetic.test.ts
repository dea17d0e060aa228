import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { R } from "../model.ts";
import { evaluateFunction } from "../tdb/evaluate.ts";
import { parseTdb } from "../tdb/parse.ts";
import { buildPhaseModels } from "./build.ts";
import { ihjG } from "./magnetic.ts";

const load = (file: string) => parseTdb(readFileSync(new URL(`../databases/${file}`, import.meta.url), "utf8"));
const P = 101325;

/**
 * The published Inden–Hillert–Jarl function (Hillert & Jarl, Calphad 2 (1978) 227; the SGTE unary paper,
 * Dinsdale, Calphad 15 (1991) 317, eqs. 6–8), written out again here independently of magnetic.ts.
 */
function publishedGmag(T: number, TC: number, beta: number, p: number): number {
  const A = 518 / 1125 + (11692 / 15975) * (1 / p - 1);
  const tau = T / TC;
  const g = tau < 1
    ? 1 - (79 * tau ** -1 / (140 * p) + (474 / 497) * (1 / p - 1) * (tau ** 3 / 6 + tau ** 9 / 135 + tau ** 15 / 600)) / A
    : -(tau ** -5 / 10 + tau ** -15 / 315 + tau ** -25 / 1500) / A;
  return R * T * Math.log(beta + 1) * g;
}

describe("Inden–Hillert–Jarl magnetic contribution", () => {
  const alfe = load("alfe.tdb");
  const [bcc] = buildPhaseModels(alfe, ["AL", "FE"], ["BCC_A2"]);
  const gmagFe = (T: number) => bcc.gibbs(T, P, [0, 1, 1]) - evaluateFunction(alfe, "GHSERFE", T);

  it("BCC Fe at 300 K (τ = 300/1043 < 1): the published formula with TC = 1043 K, β = 2.22, p = 0.4", () => {
    expect(gmagFe(300)).toBeCloseTo(publishedGmag(300, 1043, 2.22, 0.4), 5);
  });

  it("BCC Fe at 1200 K (τ > 1, the paramagnetic tail)", () => {
    expect(gmagFe(1200)).toBeCloseTo(publishedGmag(1200, 1043, 2.22, 0.4), 6);
    expect(gmagFe(1200)).toBeLessThan(0);
  });

  it("BCC Fe at 300 K agrees with Thermo-Calc: −6274.335 J/mol, implied by AL2FE's formation energy −28732.525 J/mol", () => {
    // ΔfG(AL2FE, per atom) = [(−98097 + 18.7503·T) − G_mag(BCC Fe)] / 3 at 300 K, both unaries cancelling.
    const implied = -98097 + 18.7503 * 300 - 3 * -28732.525;
    expect(gmagFe(300)).toBeCloseTo(implied, 1);
  });

  it("anti-ferromagnetic BCC Cr (TC = −311.5, β = −0.01, AFM factor −1): TC* = 311.5 K, β* = 0.01", () => {
    const crtiv = load("crtiv_ghosh.tdb");
    const bccCr = buildPhaseModels(crtiv, ["CR", "TI", "V"], ["BCC_A2"])[0];
    const T = 200;
    const gmag = bccCr.gibbs(T, P, [1, 0, 0, 1]) - evaluateFunction(crtiv, "GHSERCR", T);
    expect(gmag).toBeCloseTo(publishedGmag(T, 311.5, 0.01, 0.4), 6);
  });

  it("FCC (p = 0.28, AFM factor −3) in FeCrNi: Ni's TC = 633 K, β = 0.52 at 400 K", () => {
    const fecrni = load("FeCrNi_kawin_matcalc.tdb");
    const fcc = buildPhaseModels(fecrni, ["CR", "FE", "NI"], ["FCC_A1"])[0];
    const T = 400;
    const gmag = fcc.gibbs(T, P, [0, 0, 1, 1]) - evaluateFunction(fecrni, "GHSERNI", T);
    expect(gmag).toBeCloseTo(publishedGmag(T, 633, 0.52, 0.28), 6);
  });

  it("g(τ) is continuous at τ = 1 for both structure factors, and its derivative matches a difference quotient", () => {
    for (const p of [0.4, 0.28]) {
      expect(ihjG(1 - 1e-12, p).g).toBeCloseTo(ihjG(1, p).g, 6);
      for (const tau of [0.3, 0.9, 1.2, 3]) {
        const h = 1e-6;
        expect(ihjG(tau, p).dg).toBeCloseTo((ihjG(tau + h, p).g - ihjG(tau - h, p).g) / (2 * h), 6);
      }
    }
  });
});
