import type { Diffusivity } from "./diffusivity.ts";
import { allocateFactors, factorTridiagonal, substituteTridiagonal, type TridiagonalFactors } from "./thomas.ts";

/** Picard iterations stop when no node moves by more than this fraction of (cs − c0). */
const PICARD_TOLERANCE = 1e-10;
const PICARD_MAX = 50;

/**
 * θ-method steps of 1-D diffusion on a uniform grid: node 0 held at the surface value, a zero-flux half cell
 * at the far node, conservative fluxes with D at each face the mean of its two nodes' D. θ = 1 is backward
 * Euler, θ = ½ Crank–Nicolson.
 *
 * Carbon-dependent D is resolved by Picard iteration within each step, with D taken at the step's weighted
 * mid state θ·new + (1−θ)·old, until the profile stops changing. Lagging D at the old profile would cost
 * Crank–Nicolson its second order in time. The first guess extrapolates the last step's change, which
 * roughly halves the iterations against starting from the old profile.
 *
 * A class with typed-array fields (rather than closures over reassigned variables) keeps the loops
 * monomorphic, which is several times faster under V8.
 */
export class ThetaStepper {
  /** Current profile; node 0 is the surface. */
  c: Float64Array;
  private next: Float64Array;
  private prev: Float64Array;
  private prevTau = 0;
  private readonly guess: Float64Array;
  private readonly nodeD: Float64Array;
  /** faceD[i] lies between nodes i and i+1. */
  private readonly faceD: Float64Array;
  private readonly sub: Float64Array;
  private readonly diag: Float64Array;
  private readonly sup: Float64Array;
  private readonly rhs: Float64Array;
  private readonly factors: TridiagonalFactors;
  /** The step (length and θ) the factors are for; with constant D the matrix depends on nothing else. */
  private factoredTau = NaN;
  private factoredTheta = NaN;

  constructor(
    private readonly n: number,
    private readonly h: number,
    initial: number,
    private readonly surface: number,
    private readonly D: Diffusivity,
    private readonly constantD: boolean,
    /** Picard's tolerance is relative to this concentration scale. */
    private readonly span: number,
  ) {
    this.c = new Float64Array(n).fill(initial);
    this.c[0] = surface;
    this.next = new Float64Array(n);
    this.prev = new Float64Array(n);
    this.guess = new Float64Array(n);
    this.nodeD = new Float64Array(n);
    this.faceD = new Float64Array(n - 1);
    const m = n - 1; // unknowns: nodes 1..n−1, row k is node k+1
    this.sub = new Float64Array(m);
    this.diag = new Float64Array(m);
    this.sup = new Float64Array(m);
    this.rhs = new Float64Array(m);
    this.factors = allocateFactors(m);
    if (constantD) this.setFaces(this.c);
  }

  private setFaces(state: Float64Array): void {
    const { n, nodeD, faceD, D } = this;
    for (let i = 0; i < n; i++) nodeD[i] = D(state[i]);
    for (let i = 0; i < n - 1; i++) faceD[i] = 0.5 * (nodeD[i] + nodeD[i + 1]);
  }

  /** Assembles the θ-step from `c` with the current faces and solves it into `next`. */
  private solve(tau: number, theta: number): void {
    const { n, c, next, faceD, sub, diag, sup, rhs } = this;
    const r = tau / (this.h * this.h);
    const ti = theta * r; // implicit weight
    const te = (1 - theta) * r; // explicit weight
    const m = n - 1;
    const refactor = !this.constantD || tau !== this.factoredTau || theta !== this.factoredTheta;
    for (let k = 0; k < m - 1; k++) {
      const i = k + 1;
      const dl = faceD[i - 1];
      const dr = faceD[i];
      rhs[k] = c[i] + te * (dl * (c[i - 1] - c[i]) + dr * (c[i + 1] - c[i]));
    }
    // The far node's half cell: its one face carries twice the weight, and nothing flows out.
    const dl2 = 2 * faceD[n - 2];
    rhs[m - 1] = c[n - 1] + te * dl2 * (c[n - 2] - c[n - 1]);
    rhs[0] += ti * faceD[0] * this.surface; // the fixed surface value, moved to the right-hand side
    if (refactor) {
      for (let k = 0; k < m - 1; k++) {
        const dl = faceD[k];
        const dr = faceD[k + 1];
        sub[k] = -ti * dl;
        sup[k] = -ti * dr;
        diag[k] = 1 + ti * (dl + dr);
      }
      sub[m - 1] = -ti * dl2;
      sup[m - 1] = 0;
      diag[m - 1] = 1 + ti * dl2;
      factorTridiagonal(sub, diag, sup, m, this.factors);
      this.factoredTau = tau;
      this.factoredTheta = theta;
    }
    next[0] = this.surface;
    substituteTridiagonal(sub, this.factors, rhs, next.subarray(1), m);
  }

  /** Advances the profile by one θ-step of length tau; returns the Picard iterations used (1 for constant D). */
  step(tau: number, theta: number): number {
    let iterations = 1;
    if (this.constantD) {
      this.solve(tau, theta);
    } else {
      iterations = this.picard(tau, theta);
    }
    const old = this.prev;
    this.prev = this.c;
    this.c = this.next;
    this.next = old;
    this.prevTau = tau;
    return iterations;
  }

  private picard(tau: number, theta: number): number {
    const { n, c, prev, guess } = this;
    const next = this.next;
    // guess holds the mid state θ·new + (1−θ)·old; the first new profile is extrapolated from the last step.
    const ratio = this.prevTau > 0 ? tau / this.prevTau : 0;
    for (let i = 0; i < n; i++) guess[i] = c[i] + theta * ratio * (c[i] - prev[i]);
    const limit = PICARD_TOLERANCE * this.span;
    for (let it = 1; it <= PICARD_MAX; it++) {
      this.setFaces(guess);
      this.solve(tau, theta);
      let change = 0;
      for (let i = 0; i < n; i++) {
        const mid = theta * next[i] + (1 - theta) * c[i];
        const d = Math.abs(mid - guess[i]);
        if (d > change) change = d;
        guess[i] = mid;
      }
      if (change <= limit) return it;
    }
    throw new Error(`Picard iteration did not converge in ${PICARD_MAX} iterations; use more time steps`);
  }

  /** ∫ (c − base) dx over the domain by the control volumes (half cells at both ends), in concentration·m. */
  uptake(base: number): number {
    const { n, c } = this;
    let s = 0.5 * (c[0] - base) + 0.5 * (c[n - 1] - base);
    for (let i = 1; i < n - 1; i++) s += c[i] - base;
    return s * this.h;
  }
}
